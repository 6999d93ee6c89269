; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-294724779558cb0a.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-294724779558cb0a.smt2 (98 -> 98 AST nodes)
; seed: 0
; category: unsat-chain
; chain: E2+p
; expected unsat core: (a0 a1)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const n Int)
(declare-const result String)
(assert (! (not (= (str.from_int n) result)) :named a0))
(assert (! (and (=> (< n 0) (= result "")) (=> (= n 0) (= result "0")) (=> (= n 1) (= result "1")) (=> (= n 2) (= result "2")) (=> (= n 3) (= result "3")) (=> (= n 4) (= result "4")) (=> (= n 5) (= result "5")) (=> (= n 6) (= result "6")) (=> (= n 7) (= result "7")) (=> (= n 8) (= result "8")) (=> (= n 9) (= result "9")) (=> (>= n 10) (= result (str.++ (str.from_int (div n 10)) (str.from_int (mod n 10)))))) :named a1))
(check-sat)
(get-unsat-core)
