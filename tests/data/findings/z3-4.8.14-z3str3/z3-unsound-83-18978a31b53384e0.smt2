; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-18978a31b53384e0.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 88345452
; seed: 83
; category: regex-unsat-constant
; chain: re.loop
; expected unsat core: (a0)
; output| sat
; output| (error "line 4 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(assert (! (= ((_ re.loop 1 3) (re.range "ab" "b")) re.all) :named a0))
(check-sat)
(get-unsat-core)
