; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-093ffc813309a5bc.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under t = "?"
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: caaeaf1f
; seed: 83
; category: constant-assignment
; chain: 
; model:
;   (define-fun t () String "\u{7}")
; output| sat
; output| ((t "?"))
(set-info :status sat)
(set-option :produce-models true)
(declare-const t String)
(assert (= (str.<= "07" t) false))
(check-sat)
(get-value (t))
