; regression: issue 16, undeclared symbols, sort errors and duplicate declarations were reported without line and column
; args: --target z3
; expect-exit: 2
; expect-stdout: issue16-undeclared-symbol-position.smt2:8:1: unknown symbol `t`
(set-info :status sat)
(declare-const s String)
(assert (= s "a"))
(assert (= s t))
(check-sat)
