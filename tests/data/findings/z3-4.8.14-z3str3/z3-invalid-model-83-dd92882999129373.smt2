; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-dd92882999129373.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under bv = #xffffffffffffffff, tmp_str0 = "?", tmp_str1 = "?", y_nc_bv6 = #x0000000000000000
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: a346c72c
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> variable-replacement -> term-synthesis
; model:
;   (define-fun bv () (_ BitVec 64) #x0000000000000001)
;   (define-fun tmp_str0 () String "10")
;   (define-fun tmp_str1 () String "\u{d800}")
;   (define-fun y_nc_bv6 () (_ BitVec 64) #x5deb7e1a649f4c51)
; output| sat
; output| ((bv #xffffffffffffffff)
; output|  (y_nc_bv6 #x0000000000000000)
; output|  (tmp_str0 "?")
; output|  (tmp_str1 "?"))
(set-info :status sat)
(set-option :produce-models true)
(declare-const bv (_ BitVec 64))
(declare-const y_nc_bv6 (_ BitVec 64))
(declare-const tmp_str0 String)
(declare-const tmp_str1 String)
(assert (= (bvsge (bvxor (bvxor bv y_nc_bv6) y_nc_bv6) (bvshl ((_ rotate_right 114) #x0000000000000000) (bvneg #x0000000000000000))) (str.<= tmp_str0 tmp_str1)))
(check-sat)
(get-value (bv y_nc_bv6 tmp_str0 tmp_str1))
