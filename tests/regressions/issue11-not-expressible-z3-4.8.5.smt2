; regression: issue 11, 69% of the queries to Z3 4.8.5 were errors: operators it lacks and characters above its byte alphabet are not sent
; args: --target z3 --solver-lib {lib:z3-4.8.5}
; expect-exit: 2
; expect-stdout: not expressible: z3-4.8.5 has no `str.replace_all`
; expect-stdout: not expressible: a literal has the character U+0100, above the alphabet 0..=0xFF of z3-4.8.5
; expect-not-stdout: error
(declare-fun s () String)
(push 1)
(assert (= s (str.replace_all "ab" "b" "c")))
(check-sat)
(pop 1)
(assert (= s "\u{100}"))
(check-sat)
