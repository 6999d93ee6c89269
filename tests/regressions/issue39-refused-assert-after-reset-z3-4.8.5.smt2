; regression: issue 39, Z3 4.8.5's library forgets declarations at reset-assertions and refuses the asserts after it; the checks after a refused assert were judged (sat for a set that lacked them: a false UNSOUND). Now every check the refusal reaches is voided, never judged.
; args: --target z3 --solver-lib {lib:z3-4.8.5}
; expect-exit: 0
; expect-stdout: :16:1: sat (model checked) (expected sat)
; expect-stdout: :21:1: error: not judged: command 11 (assert) was refused: line
; expect-stdout: :24:1: error: not judged: command 11 (assert) was refused: line
; expect-stdout: :27:1: error: not judged: command 11 (assert) was refused: line
; expect-not-stdout: UNSOUND
(set-option :global-declarations true)
(declare-const t String)
(declare-const result Bool)
(declare-const n_1 Int)
(declare-const result_1 String)
(assert (= (= "a" t) result))
(set-info :status sat)
(check-sat)
(reset-assertions)
(assert (not (= (int.to.str n_1) (str.++ result_1 ""))))
(assert (= result_1 (int.to.str n_1)))
(set-info :status unsat)
(check-sat)
(push 1)
(set-info :status unsat)
(check-sat)
(pop 1)
(set-info :status unsat)
(check-sat)
