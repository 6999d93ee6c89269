; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-d99a1d072e875c1b.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_str0 = "", tmp_str7 = ""
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-d99a1d072e875c1b.smt2 (58 -> 6 AST nodes)
; seed: 0
; category: regex-membership
; chain: term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis -> variable-abstraction
; model:
;   (define-fun tmp_str0 () String "4")
;   (define-fun tmp_str7 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_str0 String)
(declare-const tmp_str7 String)
(assert (<= 0 (str.to_int (str.++ tmp_str0 tmp_str7))))
(check-sat)
(get-value (tmp_str0 tmp_str7))
