; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-35bae436050912db.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int0 = (- 1)
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 4186c3ae
; seed: 83
; category: term-synthesis
; chain: 
; model:
;   (define-fun tmp_int0 () Int 3)
; output| sat
; output| ((tmp_int0 (- 1)))
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_int0 Int)
(assert (= (str.<= (str.replace "\u{a}" "ab" "0") (str.from_int tmp_int0)) (str.<= "07" "\u{2ffff}")))
(check-sat)
(get-value (tmp_int0))
