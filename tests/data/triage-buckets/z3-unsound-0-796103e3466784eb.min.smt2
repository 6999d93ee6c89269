; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-796103e3466784eb.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-796103e3466784eb.smt2 (150 -> 125 AST nodes)
; seed: 0
; category: unsat-chain
; chain: E2+p -> noise-introduction -> variable-replacement -> variable-replacement -> noise-introduction -> variable-replacement -> noise-introduction -> variable-replacement
; unsat core before instantiation (minimality not rechecked): (a0 a1 a3 a4 a6 a8)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const n Int)
(declare-const result String)
(declare-const result_fresh String)
(declare-const result_fresh_fresh String)
(declare-const result_fresh_fresh_fresh String)
(declare-const result_fresh_fresh_2 String)
(declare-const result_fresh_fresh_1_fresh String)
(declare-const result_fresh_fresh_3 String)
(assert (! (not (= (str.from_int n) result_fresh)) :named a0))
(assert (! (and (=> (< n 0) (= result_fresh_fresh_fresh "")) (=> (= n 0) (= result_fresh_fresh_fresh "0")) (=> (= n 1) (= result_fresh_fresh_fresh "1")) (=> (= n 2) (= result_fresh_fresh_fresh "2")) (=> (= n 3) (= result_fresh_fresh_fresh "3")) (=> (= n 4) (= result_fresh_fresh_fresh "4")) (=> (= n 5) (= result_fresh_fresh_fresh "5")) (=> (= n 6) (= result_fresh_fresh_fresh "6")) (=> (= n 7) (= result_fresh_fresh_fresh "7")) (=> (= n 8) (= result_fresh_fresh_fresh "8")) (=> (= n 9) (= result_fresh_fresh_fresh "9")) (=> (>= n 10) (= result_fresh_fresh_fresh (str.++ (str.from_int (div n 10)) (str.from_int (mod n 10)))))) :named a1))
(assert (! (= (str.++ "" result) result_fresh_fresh_fresh) :named a2))
(assert (! (= (str.replace result_fresh_fresh_1_fresh result_fresh_fresh_1_fresh result_fresh_fresh_1_fresh) result_fresh_fresh_fresh) :named a3))
(assert (! (= (str.replace result_fresh_fresh_2 result_fresh_fresh_2 result_fresh_fresh_2) result_fresh_fresh_1_fresh) :named a4))
(assert (! (= (str.++ "" result_fresh_fresh_3) result_fresh_fresh_2) :named a6))
(assert (! (= (str.++ "" result_fresh) result_fresh_fresh_3) :named a8))
(check-sat)
(get-unsat-core)
