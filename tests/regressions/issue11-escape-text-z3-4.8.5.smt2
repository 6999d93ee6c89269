; regression: issue 11, a 2.6 file's "\n" (two characters) reached Z3 4.8.5 as a newline, and its model strings ("\x00", "\\") were read as SMT-LIB 2.6
; args: --target z3 --solver-lib {lib:z3-4.8.5}
; expect-exit: 0
; expect-stdout: sat (model checked)
(set-info :status sat)
(declare-fun s () String)
(declare-fun t () String)
(assert (= (str.len "\n") 2))
(assert (= s (str.++ "\n\u{0}\u{e4}\u{5c}" t)))
(assert (= t "\x41\u{5c}u{61}"))
(check-sat)
