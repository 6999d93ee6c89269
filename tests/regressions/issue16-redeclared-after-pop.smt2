; regression: issue 16, a name declared again after the pop that removed it was refused as declared twice
; args: --target z3
; expect-exit: 0
; expect-stdout: :10:1: sat (model checked)
; expect-stdout: :14:1: sat (model checked)
(declare-const y Int)
(push 1)
(declare-const x Int)
(assert (> x y))
(check-sat)
(pop 1)
(declare-const x String)
(assert (= x "b"))
(check-sat)
