; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-eaed490f0ea15c26.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int4 = 0, tmp_str0 = "", tmp_str2 = ""
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-eaed490f0ea15c26.smt2 (18 -> 10 AST nodes)
; seed: 0
; category: term-synthesis
; chain: 
; model:
;   (define-fun tmp_int4 () Int 1)
;   (define-fun tmp_str0 () String "")
;   (define-fun tmp_str2 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_str0 String)
(declare-const tmp_str2 String)
(declare-const tmp_int4 Int)
(assert (= (str.to_int (str.++ tmp_str2 tmp_str0)) (- 1 (+ 1 tmp_int4))))
(check-sat)
(get-value (tmp_str0 tmp_str2 tmp_int4))
