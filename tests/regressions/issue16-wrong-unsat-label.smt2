; regression: issue 16, a file wrongly labelled unsat was blamed on the solver (UNSOUND) although the solver's model satisfies it
; args: --target z3
; expect-exit: 2
; expect-stdout: label contradicted: labelled unsat, but the solver's model satisfies the formula
; expect-not-stdout: UNSOUND
(set-info :status unsat)
(declare-const s String)
(declare-const n Int)
(assert (= (str.len s) n))
(assert (> n 3))
(check-sat)
