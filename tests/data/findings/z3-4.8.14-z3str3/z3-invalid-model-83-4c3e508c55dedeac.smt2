; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-4c3e508c55dedeac.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under a_1 = (store ((as const (Array Int (Array (_ BitVec 4) Bool))) ((as const (Array (_ BitVec 4) Bool)) false)) 4 ((as const (Array (_ BitVec 4) Bool)) true)), b_nc_a3 = false, b_nc_a3_1 = false, e_nc_a2 = "", e_nc_a2_1 = "", i_nc_a1 = (str.to_re ""), i_nc_a1_1 = (str.to_re ""), i_nc_a2 = (str.to_re ""), i_nc_a2_1 = (str.to_re ""), re = (str.to_re "!0!"), res = (store ((as const (Array RegLan String)) "\u{e4}") (str.to_re "!1!") ""), tmp_int0 = 0, tmp_int1 = 0
; failed: check-sat 2 of 2: INVALID MODEL: assertion 0 is false under a_1 = (store ((as const (Array Int (Array (_ BitVec 4) Bool))) ((as const (Array (_ BitVec 4) Bool)) false)) 4 ((as const (Array (_ BitVec 4) Bool)) true)), b_nc_a3 = false, b_nc_a3_1 = false, e_nc_a2 = "", e_nc_a2_1 = "", i_nc_a1 = (str.to_re ""), i_nc_a1_1 = (str.to_re ""), i_nc_a2 = (str.to_re ""), i_nc_a2_1 = (str.to_re ""), re = (str.to_re "!0!"), res = (store ((as const (Array RegLan String)) "\u{e4}") (str.to_re "!1!") ""), tmp_int0 = 0, tmp_int1 = 0
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 1ad55a13
; seed: 83
; category: combined-constant-assignment
; chain: depth=1 -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> term-synthesis -> conjunction -> noise-scope
; incremental: 2 check-sats, each labelled
; output| check-sat 2 of 2: INVALID MODEL: assertion 0 is false under a_1 = (store ((as const (Array Int (Array (_ BitVec 4) Bool))) ((as const (Array (_ BitVec 4) Bool)) false)) 4 ((as const (Array (_ BitVec 4) Bool)) true)), b_nc_a3 = false, b_nc_a3_1 = false, e_nc_a2 = "", e_nc_a2_1 = "", i_nc_a1 = (str.to_re ""), i_nc_a1_1 = (str.to_re ""), i_nc_a2 = (str.to_re ""), i_nc_a2_1 = (str.to_re ""), re = (str.to_re "!0!"), res = (store ((as const (Array RegLan String)) "\u{e4}") (str.to_re "!1!") ""), tmp_int0 = 0, tmp_int1 = 0
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
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
; output| ((re (str.to_re ""))
; output|  (res (store ((as const (Array RegLan String)) "\u{e4}") (str.to_re "") ""))
; output|  (i_nc_a2 (str.to_re ""))
; output|  (e_nc_a2 "")
; output|  (i_nc_a1 (str.to_re ""))
; output|  (b_nc_a3 false)
; output|  (i_nc_a1_1 (str.to_re ""))
; output|  (i_nc_a2_1 (str.to_re ""))
; output|  (e_nc_a2_1 "")
; output|  (tmp_int0 0)
; output|  (tmp_int1 0))
; output| success
; output| success
; output| sat
; output| ((re (str.to_re "!0!"))
; output|  (res (store ((as const (Array RegLan String)) "\u{e4}") (str.to_re "!1!") ""))
; output|  (i_nc_a2 (str.to_re ""))
; output|  (e_nc_a2 "")
; output|  (i_nc_a1 (str.to_re ""))
; output|  (b_nc_a3 false)
; output|  (i_nc_a1_1 (str.to_re ""))
; output|  (i_nc_a2_1 (str.to_re ""))
; output|  (e_nc_a2_1 "")
; output|  (tmp_int0 0)
; output|  (tmp_int1 0)
; output|  (a_1 (store ((as const (Array Int (Array (_ BitVec 4) Bool)))
; output|          ((as const (Array (_ BitVec 4) Bool)) false))
; output|        4
; output|        ((as const (Array (_ BitVec 4) Bool)) true)))
; output|  (b_nc_a3_1 false))
; output| success
(set-option :print-success true)
(set-option :produce-models true)
(declare-const re RegLan)
(declare-const res (Array RegLan String))
(declare-const i_nc_a2 RegLan)
(declare-const e_nc_a2 String)
(declare-const i_nc_a1 RegLan)
(declare-const b_nc_a3 Bool)
(declare-const i_nc_a1_1 RegLan)
(declare-const i_nc_a2_1 RegLan)
(declare-const e_nc_a2_1 String)
(declare-const tmp_int0 Int)
(declare-const tmp_int1 Int)
(declare-const a_1 (Array Int (Array (_ BitVec 4) Bool)))
(declare-const b_nc_a3_1 Bool)
(assert (= (store ((as const (Array RegLan String)) "\u{e4}") (re.* re) "") (store (store (store (ite b_nc_a3 (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1)) (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1))) i_nc_a1 (select (ite b_nc_a3 (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1)) (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1))) i_nc_a1)) i_nc_a2 e_nc_a2) i_nc_a2 (select (store (ite b_nc_a3 (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1)) (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1))) i_nc_a1 (select (ite b_nc_a3 (store (store (store res i_nc_a2_1 (str.from_code (- (* tmp_int1 tmp_int0) (str.to_code "\u{1}")))) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1)) (store (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1 (select (store (store res i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select res i_nc_a2_1)) i_nc_a1_1))) i_nc_a1)) i_nc_a2))))
(set-info :status sat)
(check-sat)
(get-value (re res i_nc_a2 e_nc_a2 i_nc_a1 b_nc_a3 i_nc_a1_1 i_nc_a2_1 e_nc_a2_1 tmp_int0 tmp_int1))
(push 1)
(assert (= (select (ite b_nc_a3_1 a_1 a_1) 4) ((as const (Array (_ BitVec 4) Bool)) true)))
(set-info :status sat)
(check-sat)
(get-value (re res i_nc_a2 e_nc_a2 i_nc_a1 b_nc_a3 i_nc_a1_1 i_nc_a2_1 e_nc_a2_1 tmp_int0 tmp_int1 a_1 b_nc_a3_1))
(pop 1)
