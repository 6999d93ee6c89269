; equifuzz run /tmp/cvc5-103b/findings/unsound/cvc5-unsound-4242-4a2a9eeb5142ecde.smt2 --target cvc5 --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: cvc5 (cvc5 1.0.3)
; options: target=cvc5 timeout=2000ms engine=libafl dialect=cvc5-1.0.3
; bucket: cf108555
; seed: 4242
; category: regex-term-synthesis
; chain: depth=3,no-reglan-vars
; model:
; output| unsat
(set-info :status sat)
(set-option :produce-models true)
(assert (not (str.in_re "a" ((_ re.^ 0) ((_ re.^ 1) (re.* (str.to_re "a")))))))
(check-sat)
