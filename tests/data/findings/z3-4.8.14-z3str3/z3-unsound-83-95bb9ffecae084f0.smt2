; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-95bb9ffecae084f0.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: a98a661c
; seed: 83
; category: unsat-chain
; chain: E14
; expected unsat core: (a0 a1)
; output| sat
; output| (error "line 13 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const t String)
(declare-const t2 String)
(declare-const p String)
(declare-const c1 String)
(declare-const c2 String)
(declare-const s5 String)
(declare-const t3 String)
(assert (! (not (= (str.< s t) true)) :named a0))
(assert (! (or (and (= t (str.++ s t2)) (not (= t2 ""))) (and (= s (str.++ p c1 s5)) (= t (str.++ p c2 t3)) (= (str.len c1) 1) (= (str.len c2) 1) (< (str.to_code c1) (str.to_code c2)))) :named a1))
(check-sat)
(get-unsat-core)
