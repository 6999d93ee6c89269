; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-248ea7c11c3cdb43.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under bv = #xf, i = (- 1), tmp_int2 = (- 32286), tmp_int3 = (- 11798), tmp_int4 = (- 8366), tmp_str0 = "?", tmp_str1 = "?", tmp_str2 = "?", tmp_str5 = "?", w_bvc5 = #x0, z = #x0
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 0a31fc2c
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> constant-replacement -> term-synthesis -> term-synthesis -> term-synthesis
; model:
;   (define-fun bv () (_ BitVec 4) #x1)
;   (define-fun i () Int 4)
;   (define-fun tmp_int2 () Int (- 1))
;   (define-fun tmp_int3 () Int 1)
;   (define-fun tmp_int4 () Int 3)
;   (define-fun tmp_str0 () String "2")
;   (define-fun tmp_str1 () String """a""")
;   (define-fun tmp_str2 () String "\u{7}\u{ffff}0")
;   (define-fun tmp_str5 () String "0")
;   (define-fun w_bvc5 () (_ BitVec 4) #x3)
;   (define-fun z () (_ BitVec 4) #x0)
; output| sat
; output| ((bv #xf)
; output|  (i (- 1))
; output|  (z #x0)
; output|  (w_bvc5 #x0)
; output|  (tmp_str0 "?")
; output|  (tmp_str2 "?")
; output|  (tmp_int3 (- 11798))
; output|  (tmp_str1 "?")
; output|  (tmp_int2 (- 32286))
; output|  (tmp_int4 (- 8366))
; output|  (tmp_str5 "?"))
(set-info :status sat)
(set-option :produce-models true)
(declare-const bv (_ BitVec 4))
(declare-const i Int)
(declare-const z (_ BitVec 4))
(declare-const w_bvc5 (_ BitVec 4))
(declare-const tmp_str0 String)
(declare-const tmp_str2 String)
(declare-const tmp_int3 Int)
(declare-const tmp_str1 String)
(declare-const tmp_int2 Int)
(declare-const tmp_int4 Int)
(declare-const tmp_str5 String)
(assert (= (select (store ((as const (Array (_ BitVec 4) Bool)) true) bv (str.<= tmp_str0 (str.substr tmp_str2 tmp_int3 tmp_int3))) (bvurem ((_ int2bv 4) i) z)) (str.< (str.substr tmp_str1 tmp_int2 tmp_int4) tmp_str5)))
(assert (= z (bvmul w_bvc5 #x0)))
(check-sat)
(get-value (bv i z w_bvc5 tmp_str0 tmp_str2 tmp_int3 tmp_str1 tmp_int2 tmp_int4 tmp_str5))
