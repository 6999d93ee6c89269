; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-8bb73467864e0439.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs rewriter.expand_select_store=true smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_context.cpp Line: 362 UNEXPECTED CODE WAS REACHED.
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 54838082
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> variable-replacement -> constant-replacement -> repeat-check -> repeat-check -> repeat-check -> repeat-check -> assumption -> assumption -> assumption -> assumption
; incremental: 7 check-sats, each labelled
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_context.cpp
; output| Line: 362
; output| UNEXPECTED CODE WAS REACHED.
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :rewriter.expand_select_store true)
(set-option :smt.sls.enable true)
(set-option :print-success true)
(set-option :produce-models true)
(declare-const a (Array String String))
(declare-const s String)
(declare-const bv (_ BitVec 64))
(declare-const s_1 String)
(declare-const z (_ BitVec 64))
(declare-const w_bvc6 (_ BitVec 64))
(declare-const p Bool)
(declare-const p_1 Bool)
(declare-const p_2 Bool)
(declare-const p_3 Bool)
(assert (=> p_3 (=> p_2 (= (select (store a (str.++ "b" "\u{e4}") s) (ite (bvuge z ((_ rotate_left 64) bv)) (str.from_int 1) (ite false s_1 "\u{e4}"))) ""))))
(assert (=> p_1 (=> p (and (= z (bvnot w_bvc6)) (= w_bvc6 #xffffffffffffffff)))))
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
(push 1)
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
(pop 1)
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
(push 1)
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
(pop 1)
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (a s bv s_1 z w_bvc6 p p_1 p_2 p_3))
