; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-4c933de131acc321.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under re0 = (str.to_re "!0!")
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 68a539f4
; seed: 83
; category: regex-constant-assignment
; chain: re.inter
; model:
;   (define-fun re0 () RegLan re.all)
; output| sat
; output| ((re0 (str.to_re "!0!")))
(set-info :status sat)
(set-option :produce-models true)
(declare-const re0 RegLan)
(assert (= (re.inter re0 ((_ re.^ 0) ((_ re.^ 1) ((_ re.^ 1) (re.comp (str.to_re "\u{e4}")))))) (str.to_re "")))
(check-sat)
(get-value (re0))
