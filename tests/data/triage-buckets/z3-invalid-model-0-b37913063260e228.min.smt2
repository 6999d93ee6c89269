; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-b37913063260e228.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int1 = 0, tmp_int3 = 0, tmp_str2 = ""
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-b37913063260e228.smt2 (17 -> 15 AST nodes)
; seed: 0
; category: term-synthesis
; chain: 
; model:
;   (define-fun tmp_int1 () Int 196607)
;   (define-fun tmp_int3 () Int 9223372036854775808)
;   (define-fun tmp_str2 () String "-1")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_int1 Int)
(declare-const tmp_str2 String)
(declare-const tmp_int3 Int)
(assert (= (str.to_int (str.++ (str.from_int (+ 9223372036854775807 tmp_int1)) "10")) (- (str.to_int (str.replace "93156057572235201-1218" tmp_str2 "7")) tmp_int3)))
(check-sat)
(get-value (tmp_int1 tmp_str2 tmp_int3))
