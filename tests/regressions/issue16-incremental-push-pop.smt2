; regression: issue 16, an incremental script was merged into one formula and a correct unsat called UNSOUND; a status set before a push labels no check-sat of several
; args: --target z3
; expect-exit: 0
; expect-stdout: :7:96: unsat
; expect-stdout: :7:116: sat (model checked)
; expect-not-stdout: UNSOUND
(set-info :status sat) (declare-const x String) (push 1) (assert (= x "a")) (assert (= x "b")) (check-sat) (pop 1) (check-sat)
