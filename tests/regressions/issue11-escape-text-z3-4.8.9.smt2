; regression: issue 11, Z3 4.8.9 prints "\x00" and "\\" in its models, and reads "\u{5c}" as one backslash but "\u{2ffff}" as nine characters
; args: --target z3 --solver-lib {lib:z3-4.8.9}
; expect-exit: 0
; expect-stdout: sat (model checked)
(set-info :status sat)
(declare-fun s () String)
(assert (= s "\n\u{0}\u{ff}\u{5c}\u{5c}u{61}\x00"))
(assert (= (str.len s) 15))
(check-sat)
