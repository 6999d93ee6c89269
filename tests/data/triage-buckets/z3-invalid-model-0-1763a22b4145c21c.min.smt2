; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-1763a22b4145c21c.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int1 = (- 9223372036854775723), tmp_str0 = "\u{0}", tmp_str2 = "084", tmp_str5 = "", tmp_str7 = "b"
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-1763a22b4145c21c.smt2 (45 -> 21 AST nodes)
; seed: 0
; category: regex-term-synthesis
; chain: depth=3,no-reglan-vars -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis
; model:
;   (define-fun tmp_int1 () Int (- 9223372036854775805))
;   (define-fun tmp_str0 () String "")
;   (define-fun tmp_str2 () String "2")
;   (define-fun tmp_str5 () String "b")
;   (define-fun tmp_str7 () String "-1")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_str0 String)
(declare-const tmp_int1 Int)
(declare-const tmp_str2 String)
(declare-const tmp_str5 String)
(declare-const tmp_str7 String)
(assert (not (str.in_re (str.replace tmp_str0 tmp_str0 (str.replace (str.from_int (+ 9223372036854775807 tmp_int1)) tmp_str2 (str.++ (str.replace tmp_str7 "-1" "") tmp_str5))) (re.comp (re.range "b" "b")))))
(check-sat)
(get-value (tmp_str0 tmp_int1 tmp_str2 tmp_str5 tmp_str7))
