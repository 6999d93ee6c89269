; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-08dc06b6b84f10c3.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 625f90ae
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> constant-replacement
; model:
;   (define-fun bv () (_ BitVec 1) #b0)
;   (define-fun bv_1 () (_ BitVec 8) #xee)
;   (define-fun bv_2 () (_ BitVec 8) #x56)
;   (define-fun w_bvc7 () (_ BitVec 8) #x00)
;   (define-fun z () (_ BitVec 8) #x00)
; output| unsat
; output| (error "line 10 column 34: model is not available")
(set-info :status sat)
(set-option :produce-models true)
(declare-const bv (_ BitVec 1))
(declare-const bv_1 (_ BitVec 8))
(declare-const bv_2 (_ BitVec 8))
(declare-const z (_ BitVec 8))
(declare-const w_bvc7 (_ BitVec 8))
(assert (= (store (store ((as const (Array Bool (_ BitVec 8))) #xb0) (= #b0 bv) (bvlshr bv_1 bv_2)) false ((_ sign_extend 4) ((_ repeat 2) #b00))) (store (store ((as const (Array Bool (_ BitVec 8))) #xb0) true z) false z)))
(assert (and (= z (bvneg w_bvc7)) (= w_bvc7 #x00)))
(check-sat)
(get-value (bv bv_1 bv_2 z w_bvc7))
