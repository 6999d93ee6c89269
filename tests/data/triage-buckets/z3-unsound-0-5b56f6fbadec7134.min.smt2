; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-5b56f6fbadec7134.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-5b56f6fbadec7134.smt2 (156 -> 133 AST nodes)
; seed: 0
; category: unsat-chain
; chain: E2 -> variable-replacement -> variable-replacement -> variable-replacement -> noise-introduction -> noise-introduction -> variable-replacement -> variable-replacement -> noise-introduction
; unsat core before instantiation (minimality not rechecked): (a0 a1 a2 a3 a4 a7 a8)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const n Int)
(declare-const result_fresh String)
(declare-const t_nc6 String)
(declare-const result_fresh_1 String)
(declare-const result_fresh_2_fresh String)
(declare-const result_fresh_3 String)
(declare-const result_fresh_4 String)
(declare-const result_fresh_5 String)
(assert (! (not (= (str.from_int n) result_fresh_5)) :named a0))
(assert (! (and (=> (< n 0) (= result_fresh "")) (=> (= n 0) (= result_fresh "0")) (=> (= n 1) (= result_fresh "1")) (=> (= n 2) (= result_fresh "2")) (=> (= n 3) (= result_fresh "3")) (=> (= n 4) (= result_fresh "4")) (=> (= n 5) (= result_fresh "5")) (=> (= n 6) (= result_fresh "6")) (=> (= n 7) (= result_fresh "7")) (=> (= n 8) (= result_fresh "8")) (=> (= n 9) (= result_fresh "9")) (=> (>= n 10) (= result_fresh (str.++ (str.from_int (div n 10)) (str.from_int (mod n 10)))))) :named a1))
(assert (! (and (= (str.replace result_fresh_1 t_nc6 "") result_fresh) (= (str.indexof result_fresh_1 t_nc6 0) (- 1))) :named a2))
(assert (! (= (str.replace result_fresh_2_fresh result_fresh_2_fresh result_fresh_2_fresh) result_fresh_1) :named a3))
(assert (! (= (str.++ "" result_fresh_3) result_fresh_2_fresh) :named a4))
(assert (! (= (str.replace result_fresh_4 result_fresh_4 result_fresh_4) result_fresh_3) :named a7))
(assert (! (= (str.++ "" result_fresh_5) result_fresh_4) :named a8))
(check-sat)
(get-unsat-core)
