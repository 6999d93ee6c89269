; regression: issue 11, Z3 4.8.5 read the SMT-LIB 2.6 literal "\u{0}" as the four characters u{0} (a false unsound/invalid model); it gets "\x00"
; args: --target z3 --solver-lib {lib:z3-4.8.5}
; expect-exit: 0
; expect-stdout: sat (model checked)
; model:
;   (define-fun n () Int 1)
(set-info :status sat)
(declare-fun n () Int)
(assert (= (str.len "\u{0}") n))
(check-sat)
