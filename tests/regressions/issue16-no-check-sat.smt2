; regression: issue 16, a file without check-sat was reported "sat (model checked)"; it has nothing to judge
; args: --target z3
; expect-exit: 2
; expect-stdout: nothing to judge: no check-sat
; expect-not-stdout: model checked
(set-info :status sat)
(declare-const s String)
(assert (= s "a"))
