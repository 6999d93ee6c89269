; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-c140e65ef8404d16.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int0 = (- 9223372036854579202), tmp_str2 = ""
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-c140e65ef8404d16.smt2 (21 -> 14 AST nodes)
; seed: 0
; category: chain
; chain: constant-assignment -> constant-assignment -> term-synthesis -> term-synthesis -> term-synthesis
; model:
;   (define-fun tmp_int0 () Int (- 18446744073709355011))
;   (define-fun tmp_str2 () String "72036854775808")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_str2 String)
(declare-const tmp_int0 Int)
(assert (= (- 1) (+ (+ (str.to_int (str.++ "92233" tmp_str2)) (+ 3 (+ 9223372036854775808 tmp_int0))) (- 196609))))
(check-sat)
(get-value (tmp_str2 tmp_int0))
