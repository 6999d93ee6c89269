; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-860856c10b78978b.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_bool4 = false, tmp_str0 = "\u{0}\u{0}", tmp_str1 = "", tmp_str2 = ""
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-860856c10b78978b.smt2 (13 -> 12 AST nodes)
; seed: 0
; category: term-synthesis
; chain: term-synthesis
; model:
;   (define-fun tmp_bool4 () Bool true)
;   (define-fun tmp_str0 () String "")
;   (define-fun tmp_str1 () String "")
;   (define-fun tmp_str2 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_str0 String)
(declare-const tmp_bool4 Bool)
(declare-const tmp_str1 String)
(declare-const tmp_str2 String)
(assert (= (str.prefixof (str.substr tmp_str0 (str.to_int (str.replace tmp_str2 "" tmp_str1)) 1) "") tmp_bool4))
(check-sat)
(get-value (tmp_str0 tmp_bool4 tmp_str1 tmp_str2))
