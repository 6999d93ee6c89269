; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-7028f58f690d5115.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 1 is false under a = ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x00), tmp_int1_1 = 1, tmp_str0_1 = ""
; failed: check-sat 1 of 3: INVALID MODEL: assertion 1 is false under a = ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x00), tmp_int1_1 = 1, tmp_str0_1 = ""
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 8e000fbd
; seed: 83
; category: combined-constant-assignment
; chain: depth=1 -> conjunction -> noise-scope -> conjunction -> noise-scope
; incremental: 3 check-sats, each labelled
; output| check-sat 1 of 3: INVALID MODEL: assertion 1 is false under a = ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x00), tmp_int1_1 = 1, tmp_str0_1 = ""
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| ((a ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x00))
; output|  (tmp_str0_1 "")
; output|  (tmp_int1_1 1))
; output| success
; output| sat
; output| ((a ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x00)))
; output| success
; output| success
; output| sat
; output| ((a ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x00))
; output|  (tmp_int0_1 0))
; output| success
(set-option :print-success true)
(set-option :produce-models true)
(declare-const a (Array (_ BitVec 4) (_ BitVec 8)))
(declare-const tmp_str0_1 String)
(declare-const tmp_int1_1 Int)
(declare-const tmp_int0_1 Int)
(assert (= (ite false a ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x48)) ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x48)))
(push 1)
(assert (= (str.from_int (str.to_code (str.++ (str.substr """a""" tmp_int1_1 tmp_int1_1) tmp_str0_1))) "2"))
(set-info :status sat)
(check-sat)
(get-value (a tmp_str0_1 tmp_int1_1))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (a))
(push 1)
(assert (= (str.indexof (str.at "aaa" 0) (str.from_int tmp_int0_1) (+ 0 (- 1))) (str.to_int "\u{a}")))
(set-info :status sat)
(check-sat)
(get-value (a tmp_int0_1))
(pop 1)
