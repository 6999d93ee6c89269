; regression: issue 16, each check-sat is judged in its own scope with the status set just before it; assertions after a check-sat count only for later ones; (exit) ends the script
; args: --target z3
; expect-exit: 0
; expect-stdout: :13:1: sat (model checked) (expected sat)
; expect-stdout: :16:1: unsat (expected unsat)
; expect-stdout: :19:1: sat (model checked) (expected sat)
; expect-not-stdout: :22:1
(set-logic QF_SLIA)
(declare-const x String)
(push 1)
(assert (= (str.len x) 2))
(set-info :status sat)
(check-sat)
(assert (str.in_re x (re.* (str.to_re "abc"))))
(set-info :status unsat)
(check-sat)
(pop 1)
(set-info :status sat)
(check-sat)
(exit)
(assert false)
(check-sat)
