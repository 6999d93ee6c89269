; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-3e8b4c21e8038aae.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int0 = 90, tmp_int2 = 8589934593, tmp_int3 = 0, tmp_int4 = (- 1), tmp_int5 = 2285, tmp_int6 = 0, tmp_str1 = "\u{0}", tmp_str2 = "\u{0}", tmp_str3 = "", tmp_str6 = "\u{0}"
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-3e8b4c21e8038aae.smt2 (32 -> 25 AST nodes)
; seed: 0
; category: term-synthesis
; chain: term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis
; model:
;   (define-fun tmp_int0 () Int 0)
;   (define-fun tmp_int2 () Int 0)
;   (define-fun tmp_int3 () Int 0)
;   (define-fun tmp_int4 () Int 0)
;   (define-fun tmp_int5 () Int 1)
;   (define-fun tmp_int6 () Int 0)
;   (define-fun tmp_str1 () String "1")
;   (define-fun tmp_str2 () String "")
;   (define-fun tmp_str3 () String "1")
;   (define-fun tmp_str6 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_int0 Int)
(declare-const tmp_int2 Int)
(declare-const tmp_int3 Int)
(declare-const tmp_str1 String)
(declare-const tmp_str2 String)
(declare-const tmp_str3 String)
(declare-const tmp_int4 Int)
(declare-const tmp_int5 Int)
(declare-const tmp_str6 String)
(declare-const tmp_int6 Int)
(assert (= (str.from_int (* (+ tmp_int6 (str.len (str.replace tmp_str1 tmp_str2 tmp_str3))) (- (* (str.to_int (str.substr tmp_str6 tmp_int5 tmp_int4)) tmp_int3) 1))) (str.at (str.from_int tmp_int0) (+ tmp_int2 (- 8589934591)))))
(check-sat)
(get-value (tmp_int0 tmp_int2 tmp_int3 tmp_str1 tmp_str2 tmp_str3 tmp_int4 tmp_int5 tmp_str6 tmp_int6))
