; equifuzz run docs/measured/reals-z3-5.4.1-sat-smt-invalid-model.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs sat.smt=true
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 3 is false under ai_2_1 = ((as const (Array Int Real)) (- 6.0)), i_2 = 0, x0 = (- 6280.0), x1 = 11797.0, x2 = (- 27026.0)
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; minimized from: z3-invalid-model-6262-771cf5096c14b66f.smt2 (1668 -> 39 AST nodes)
; seed: 6262
; category: real-sat-nira
; chain: forall-noise(NC-BV13@(_ BitVec 1)) -> forall-noise(NC-BV4@(_ BitVec 8)) -> forall-noise(NC-BV8@(_ BitVec 1)) -> forall-noise(R23) -> term-synthesis -> variable-abstraction -> variable-abstraction -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> conjunction -> term-synthesis -> conjunction -> term-synthesis
; model:
;   (define-fun ai_2_1 () (Array Int Real) (store ((as const (Array Int Real)) (/ 2.0 3.0)) 1 2.0))
;   (define-fun i_2 () Int 1)
;   (define-fun x0 () Real 0.0)
;   (define-fun x1 () Real 0.0)
;   (define-fun x2 () Real (/ 22.0 7.0))
; valid: (forall ((x_q (_ BitVec 1))) (= (bvudiv x_q #b1) x_q))
; valid: (forall ((x_q_1 (_ BitVec 8))) (= (bvmul x_q_1 #x01) x_q_1))
; valid: (forall ((x_q_2 (_ BitVec 1))) (= ((_ extract 0 0) x_q_2) x_q_2))
; valid: (forall ((x_q_3 Real) (y_q Real)) (= (= (* x_q_3 y_q) 0.0) (or (= x_q_3 0.0) (= y_q 0.0))))
; valid: (forall ((x_q (_ BitVec 1))) (= (bvudiv x_q #b1) x_q))
; valid: (forall ((x_q_1 (_ BitVec 8))) (= (bvmul x_q_1 #x01) x_q_1))
; valid: (forall ((x_q_2 (_ BitVec 1))) (= ((_ extract 0 0) x_q_2) x_q_2))
; valid: (forall ((x_q_3 Real) (y_q Real)) (= (= (* x_q_3 y_q) 0.0) (or (= x_q_3 0.0) (= y_q 0.0))))
; valid: (forall ((x_q Real)) (= (* x_q 1.0) x_q))
(set-option :sat.smt true)
(set-info :status sat)
(set-option :produce-models true)
(declare-const x0 Real)
(declare-const x1 Real)
(declare-const x2 Real)
(declare-const i_2 Int)
(declare-const ai_2_1 (Array Int Real))
(assert (! (<= (/ (+ (* 3.0 x1) x2) (- 0.5)) x0) :named a0))
(assert (! (distinct (to_int (to_real (to_int (+ x2 x0)))) 1) :named a3))
(assert (! (forall ((x_q_3 Real) (y_q Real)) (= (= (* x_q_3 y_q) 0.0) (or (= x_q_3 0.0) (= y_q 0.0)))) :named a7))
(assert (! (< x1 (select (store ai_2_1 0 (- 6.0)) i_2)) :named a1_3_1))
(check-sat)
(get-value (x0 x1 x2 i_2 ai_2_1))
