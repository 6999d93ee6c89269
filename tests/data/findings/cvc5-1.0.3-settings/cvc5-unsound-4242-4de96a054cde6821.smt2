; equifuzz run /tmp/cvc5-103b/findings/unsound/cvc5-unsound-4242-4de96a054cde6821.smt2 --target cvc5 --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: cvc5 (cvc5 1.0.3)
; options: target=cvc5 timeout=2000ms engine=libafl dialect=cvc5-1.0.3
; bucket: 037dc0d1
; seed: 4242
; category: regex-term-synthesis
; chain: depth=3,no-reglan-vars
; model:
;   (define-fun s0 () String "a")
; output| unsat
; output| (error "Cannot get value unless after a SAT or UNKNOWN response.")
(set-info :status sat)
(set-option :produce-models true)
(declare-const s0 String)
(assert (not (str.in_re "a" (re.* ((_ re.^ 0) (re.union ((_ re.loop 0 0) (str.to_re s0)) (re.union re.allchar re.all)))))))
(check-sat)
(get-value (s0))
