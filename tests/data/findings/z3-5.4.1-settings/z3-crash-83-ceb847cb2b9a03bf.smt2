; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-ceb847cb2b9a03bf.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_context.cpp Line: 362 UNEXPECTED CODE WAS REACHED.
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 54838082
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> assumption -> assumption -> assumption -> assumption
; incremental: 1 check-sats, each labelled
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_context.cpp
; output| Line: 362
; output| UNEXPECTED CODE WAS REACHED.
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-option :print-success true)
(set-option :produce-models true)
(declare-const bv (_ BitVec 64))
(declare-const a (Array String (_ BitVec 64)))
(declare-const b_nc_bv15 Bool)
(declare-const i_nc_a1 String)
(declare-const y_nc_bv5 (_ BitVec 64))
(declare-const p Bool)
(declare-const p_1 Bool)
(declare-const p_2 Bool)
(declare-const p_3 Bool)
(assert (=> p_3 (=> p_2 (=> p_1 (=> p (bvuge ((_ rotate_left 64) (ite b_nc_bv15 ((_ int2bv 64) (bv2nat (bvudiv (bvudiv (bvand bv (bvor bv (bvneg (bvneg y_nc_bv5)))) #x0000000000000001) #x0000000000000001))) ((_ int2bv 64) (bv2nat (bvudiv (bvudiv (bvand bv (bvor bv (bvneg (bvneg y_nc_bv5)))) #x0000000000000001) #x0000000000000001))))) (select (store (store a i_nc_a1 (select a i_nc_a1)) "\u{e4}" #xaf28ea57be9c1af4) "b")))))))
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (bv a b_nc_bv15 i_nc_a1 y_nc_bv5 p p_1 p_2 p_3))
