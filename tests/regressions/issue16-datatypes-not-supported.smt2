; regression: issue 16, what lies outside our theories is refused with its position and "not supported", never misread
; args: --target z3
; expect-exit: 2
; expect-stdout: issue16-datatypes-not-supported.smt2:7:2: expected a command within equifuzz's theories (not supported: declare-datatypes, datatypes)
(set-info :status sat)
(declare-const s String)
(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))
(check-sat)
