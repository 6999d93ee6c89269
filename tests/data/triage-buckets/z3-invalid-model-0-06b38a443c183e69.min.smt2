; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-06b38a443c183e69.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 1 is false under result = "1", tmp_int0_1 = 30, tmp_int10 = (- 1), tmp_int2_1 = 9223372036854775807, tmp_int3 = 0, tmp_int4 = 0, tmp_int6 = 1, tmp_str11 = ""
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-06b38a443c183e69.smt2 (46 -> 23 AST nodes)
; seed: 0
; category: step1
; chain: term-synthesis -> term-synthesis -> conjunction -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis
; model:
;   (define-fun result () String "")
;   (define-fun tmp_int0_1 () Int 0)
;   (define-fun tmp_int10 () Int 0)
;   (define-fun tmp_int2_1 () Int 9223372036854775807)
;   (define-fun tmp_int3 () Int 1)
;   (define-fun tmp_int4 () Int 0)
;   (define-fun tmp_int6 () Int (- 1))
;   (define-fun tmp_str11 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const result String)
(declare-const tmp_int3 Int)
(declare-const tmp_int4 Int)
(declare-const tmp_int6 Int)
(declare-const tmp_int0_1 Int)
(declare-const tmp_int2_1 Int)
(declare-const tmp_int10 Int)
(declare-const tmp_str11 String)
(assert (= (str.from_int (str.to_int (str.from_int (- (* tmp_int3 tmp_int4) (- (* (str.len tmp_str11) tmp_int10) tmp_int6))))) result))
(assert (= "0" (str.at (str.from_int tmp_int0_1) (+ tmp_int2_1 (- 9223372036854775807)))))
(check-sat)
(get-value (result tmp_int3 tmp_int4 tmp_int6 tmp_int0_1 tmp_int2_1 tmp_int10 tmp_str11))
