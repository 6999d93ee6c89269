; regression: issue 11, a sat file whose only models use a character above 0xFF was sent to Z3 4.8.5, whose strings are bytes: its unsat was a false unsound
; args: --target z3 --solver-lib {lib:z3-4.8.5}
; expect-exit: 2
; expect-stdout: not expressible: the known model's `x` has the character U+0100
; model:
;   (define-fun x () String "\u{100}")
(set-info :status sat)
(declare-fun x () String)
(assert (not (str.in_re x (re.range "\u{0}" "\u{ff}"))))
(assert (= (str.len x) 1))
(check-sat)
