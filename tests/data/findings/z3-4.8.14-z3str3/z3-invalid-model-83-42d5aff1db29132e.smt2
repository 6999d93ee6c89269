; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-42d5aff1db29132e.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under i = 0
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: b68e3e87
; seed: 83
; category: constant-assignment
; chain: 
; model:
;   (define-fun i () Int 2)
; output| sat
; output| ((i 0))
(set-info :status sat)
(set-option :produce-models true)
(declare-const i Int)
(assert (= (str.from_code i) "\u{2}"))
(check-sat)
(get-value (i))
