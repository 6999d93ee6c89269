; equifuzz run docs/measured/reals-z3-5.4.1-arith-solver-2-wrong-unsat.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.arith.solver=2
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; failed: check-sat 1 of 1: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; minimized from: z3-unsound-6262-6252eeb3f135186c.smt2 (89 -> 26 AST nodes)
; seed: 6262
; category: real-sat-nra
; chain: forall-noise(R21) -> forall-noise(C43) -> forall-noise(R26) -> forall-noise(Q20@(_ BitVec 8)) -> assumption -> assumption -> assumption -> assumption
; incremental: 1 check-sats, each labelled
(set-option :smt.arith.solver 2)
(set-option :print-success true)
(set-option :produce-models true)
(declare-const x0 Real)
(declare-const p_3 Bool)
(assert (! (>= (/ (+ x0 0.0000000000000000000008470329472543003390683225006796419620513916015625) x0) 1.0) :named a0))
(assert (! (>= x0 1.0) :named a2))
(assert (! (forall ((x_q Real) (y_q Real)) (= (>= (+ (* x_q x_q) (* y_q y_q)) (* 2.0 x_q y_q)) true)) :named a4))
(set-info :status sat)
(check-sat-assuming (p_3))
(get-value (x0 p_3))
