; regression: issue 16, define-fun with parameters was "not supported"; uses are expanded (scoped like declarations)
; args: --target z3
; expect-exit: 0
; expect-stdout: sat (model checked) (expected sat)
(set-info :status sat)
(declare-const s String)
(define-fun twice ((x String)) String (str.++ x x))
(define-fun long ((x String) (n Int)) Bool (>= (str.len x) n))
(define-fun target () String "abab")
(assert (= (twice s) target))
(assert (long (twice s) 4))
(assert (let ((x 1)) (long s (+ x 1))))
(check-sat)
