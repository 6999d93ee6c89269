; regression: issue 11, cvc5 refuses RegLan constants ("Regular expression variables are not supported"): not sent, not an error
; args: --target cvc5
; needs: cvc5
; expect-exit: 2
; expect-stdout: not expressible: cvc5 has no RegLan constants (`r`)
(set-info :status sat)
(declare-fun r () RegLan)
(assert (str.in_re "a" r))
(check-sat)
