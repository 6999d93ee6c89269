; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-9f76fcd3a1a3bf48.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 4 is false under result = false, result_1_1 = (- 1), result_2 = false, t_1_1 = "\u{0}\u{0}", tmp_int0_1_1 = 64, tmp_int2_1_1 = (- 2), tmp_str0_1 = "\u{0}"
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-9f76fcd3a1a3bf48.smt2 (68 -> 29 AST nodes)
; seed: 0
; category: constant-assignment
; chain: conjunction -> conjunction
; model:
;   (define-fun result () Bool false)
;   (define-fun result_1_1 () Int (- 1))
;   (define-fun result_2 () Bool false)
;   (define-fun t_1_1 () String "a")
;   (define-fun tmp_int0_1_1 () Int 0)
;   (define-fun tmp_int2_1_1 () Int 0)
;   (define-fun tmp_str0_1 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const result Bool)
(declare-const tmp_str0_1 String)
(declare-const result_2 Bool)
(declare-const t_1_1 String)
(declare-const result_1_1 Int)
(declare-const tmp_int2_1_1 Int)
(declare-const tmp_int0_1_1 Int)
(assert (= false result))
(assert (not (str.in_re tmp_str0_1 (re.diff (re.inter (str.to_re "a") (str.to_re "b")) (re.opt re.allchar)))))
(assert (= false result_2))
(assert (= (str.indexof "0" t_1_1 tmp_int2_1_1) result_1_1))
(assert (= "0" (str.at (str.from_int tmp_int0_1_1) 0)))
(check-sat)
(get-value (result tmp_str0_1 result_2 t_1_1 result_1_1 tmp_int2_1_1 tmp_int0_1_1))
