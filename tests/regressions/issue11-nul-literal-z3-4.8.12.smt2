; regression: issue 11, a NUL character must reach Z3 4.8.12 and later as one character (they read "\x00" as four)
; args: --target z3
; expect-exit: 0
; expect-stdout: sat (model checked)
; model:
;   (define-fun n () Int 1)
(set-info :status sat)
(declare-fun n () Int)
(assert (= (str.len "\u{0}") n))
(check-sat)
