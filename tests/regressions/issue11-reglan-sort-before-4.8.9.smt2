; regression: issue 11, a RegLan variable was declared as `RegLan` for Z3 4.8.5, which only knows `(RegEx String)`: the query came back as an error and was lost (34 errors in a 3-minute campaign)
; args: --target z3 --solver-lib {lib:z3-4.8.5}
; expect-exit: 0
; expect-not-stdout: error
; expect-not-stdout: unknown sort
(set-info :status sat)
(declare-const r RegLan)
(assert (str.in_re "ab" r))
(assert (str.in_re "ab" (re.* (str.to_re "ab"))))
(check-sat)
