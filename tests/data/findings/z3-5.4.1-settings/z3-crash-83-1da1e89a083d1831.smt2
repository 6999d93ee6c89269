; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-1da1e89a083d1831.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_context.cpp Line: 362 UNEXPECTED CODE WAS REACHED.
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 54838082
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement
; model:
;   (define-fun a () (Array String Bool) ((as const (Array String Bool)) true))
;   (define-fun bv () (_ BitVec 8) #xfe)
;   (define-fun bv_1 () (_ BitVec 8) #xdb)
;   (define-fun s () String "b")
;   (define-fun s_1 () String "ab")
;   (define-fun y_nc_bv6 () (_ BitVec 8) #x00)
;   (define-fun y_nc_bv6_1 () (_ BitVec 8) #xfe)
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_context.cpp
; output| Line: 362
; output| UNEXPECTED CODE WAS REACHED.
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-info :status sat)
(set-option :produce-models true)
(declare-const a (Array String Bool))
(declare-const s String)
(declare-const bv (_ BitVec 8))
(declare-const bv_1 (_ BitVec 8))
(declare-const s_1 String)
(declare-const y_nc_bv6 (_ BitVec 8))
(declare-const y_nc_bv6_1 (_ BitVec 8))
(assert (select (store (store a "a" true) s (= ((_ rotate_left 8) (bvxor (bvxor ((_ rotate_left 8) bv) y_nc_bv6_1) y_nc_bv6_1)) (bvxor (bvxor bv_1 y_nc_bv6) y_nc_bv6))) (ite false s_1 s_1)))
(check-sat)
(get-value (a s bv bv_1 s_1 y_nc_bv6 y_nc_bv6_1))
