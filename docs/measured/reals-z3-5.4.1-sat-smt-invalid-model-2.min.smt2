; equifuzz run docs/measured/reals-z3-5.4.1-sat-smt-invalid-model-2.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs sat.smt=true
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 2 is false under bv_3_1 = #x44
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; minimized from: z3-invalid-model-3131-6d27373b0f284090.smt2 (638 -> 43 AST nodes)
; seed: 3131
; category: real-sat-lira
; chain: constant-assignment -> constant-assignment -> conjunction -> reset-assertions -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> assumption -> conjunction -> conjunction -> constant-assignment -> constant-assignment
; model:
;   (define-fun bv_3_1 () (_ BitVec 8) #x4d)
; witness:
;   (define-fun n0 () Int (- 7))
;   (define-fun x1 () Real (- 0.4375))
; valid: (forall ((x_q Real) (y_q Real) (z_q Real)) (=> (and (< x_q y_q) (> z_q 0.0)) (= (< (* x_q z_q) (* y_q z_q)) true)))
; valid: (forall ((x_q_1 (_ BitVec 32))) (= (bvneg (bvneg x_q_1)) x_q_1))
(set-option :sat.smt true)
(set-info :status sat)
(set-option :produce-models true)
(declare-const bv_3_1 (_ BitVec 8))
(assert (! (exists ((n0 Int)) (exists ((x1 Real)) (>= 26.0 (+ x1 (* (- 1.0) (to_real n0)))))) :named a0_1_1))
(assert (! (forall ((x_q Real) (y_q Real) (z_q Real)) (=> (and (< x_q y_q) (> z_q 0.0)) (= (< (* x_q z_q) (* y_q z_q)) true))) :named a1_1_1))
(assert (! (>= (select (store (store ((as const (Array Int Real)) (- 1.0)) 0 1.0) (- 1) (- 0.00000000000000000002710505431213761085018632002174854278564453125)) (+ (ubv_to_int bv_3_1) (- 77))) (- 0.00000000000000000002710505431213761085018632002174854278564453125)) :named a2_2_1))
(check-sat)
(get-value (bv_3_1))
