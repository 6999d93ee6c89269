; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-8c426d693031bbf9.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int0 = 90, tmp_int2_1 = (- 3366), tmp_int3_1 = (- 3367), tmp_int5 = 98303, tmp_int6 = 2, tmp_str0_1 = "", tmp_str1_1 = "\u{0}\u{0}\u{0}"
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-8c426d693031bbf9.smt2 (58 -> 28 AST nodes)
; seed: 0
; category: term-synthesis
; chain: term-synthesis -> term-synthesis -> term-synthesis -> conjunction -> conjunction
; model:
;   (define-fun tmp_int0 () Int 0)
;   (define-fun tmp_int2_1 () Int 0)
;   (define-fun tmp_int3_1 () Int 0)
;   (define-fun tmp_int5 () Int 98304)
;   (define-fun tmp_int6 () Int 2)
;   (define-fun tmp_str0_1 () String "")
;   (define-fun tmp_str1_1 () String "a")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_int0 Int)
(declare-const tmp_int5 Int)
(declare-const tmp_int6 Int)
(declare-const tmp_str0_1 String)
(declare-const tmp_str1_1 String)
(declare-const tmp_int2_1 Int)
(declare-const tmp_int3_1 Int)
(assert (= "0" (str.at (str.from_int tmp_int0) (+ (- 9223372036854972415 (* tmp_int6 tmp_int5)) (- 9223372036854775807)))))
(assert (str.in_re "ab" (re.comp (re.+ (re.range "a" "a")))))
(assert (= (str.is_digit (str.substr "-" tmp_int3_1 tmp_int2_1)) (str.prefixof tmp_str1_1 tmp_str0_1)))
(check-sat)
(get-value (tmp_int0 tmp_int5 tmp_int6 tmp_str0_1 tmp_str1_1 tmp_int2_1 tmp_int3_1))
