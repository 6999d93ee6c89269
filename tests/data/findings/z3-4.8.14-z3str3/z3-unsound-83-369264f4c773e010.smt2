; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-369264f4c773e010.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: cf108555
; seed: 83
; category: regex-constant-assignment
; chain: re.range
; model:
; output| unsat
(set-info :status sat)
(set-option :produce-models true)
(assert (= (re.range "\u{e4}" "a") re.none))
(check-sat)
