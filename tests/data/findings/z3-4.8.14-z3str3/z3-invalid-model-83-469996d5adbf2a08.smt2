; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-469996d5adbf2a08.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under res = (str.to_re "!0!")
; failed: check-sat 2 of 8: INVALID MODEL: assertion 0 is false under res = (str.to_re "!0!")
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 9168f7df
; seed: 83
; category: regex-constant-assignment
; chain: str.to_re -> repeat-check -> repeat-check -> repeat-check -> repeat-check
; incremental: 8 check-sats, each labelled
; output| check-sat 2 of 8: INVALID MODEL: assertion 0 is false under res = (str.to_re "!0!")
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| ((res (str.to_re "\u{e4}")))
; output| success
; output| sat
; output| ((res (str.to_re "!0!")))
; output| success
; output| sat
; output| ((res (str.to_re "!0!")))
; output| sat
; output| ((res (str.to_re "!0!")))
; output| success
; output| sat
; output| ((res (str.to_re "!0!")))
; output| success
; output| sat
; output| ((res (str.to_re "!0!")))
; output| success
; output| sat
; output| ((res (str.to_re "!0!")))
; output| success
; output| sat
; output| ((res (str.to_re "!0!")))
(set-option :print-success true)
(set-option :produce-models true)
(declare-const res RegLan)
(assert (= (str.to_re "\u{e4}") res))
(set-info :status sat)
(check-sat)
(get-value (res))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (res))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (res))
(set-info :status sat)
(check-sat)
(get-value (res))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (res))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (res))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (res))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (res))
