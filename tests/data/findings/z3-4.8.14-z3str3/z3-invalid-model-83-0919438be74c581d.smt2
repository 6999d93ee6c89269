; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-invalid-model-83-0919438be74c581d.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: invalid-model
; expected: unsat
; got: INVALID MODEL: assertion 0 is false under a = (store ((as const (Array RegLan (Array Int Bool))) (store ((as const (Array Int Bool)) false) 4 true)) (str.to_re "!0!") ((as const (Array Int Bool)) false)), b_nc_bv15 = false, bv = #x0, bv_1 = #b1, bv_2 = #b0, s = "", y_nc_bv6 = #b0
; failed: check-sat 1 of 3: INVALID MODEL: assertion 0 is false under a = (store ((as const (Array RegLan (Array Int Bool))) (store ((as const (Array Int Bool)) false) 4 true)) (str.to_re "!0!") ((as const (Array Int Bool)) false)), b_nc_bv15 = false, bv = #x0, bv_1 = #b1, bv_2 = #b0, s = "", y_nc_bv6 = #b0
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: ecbb5b6c
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> variable-replacement -> conjunction -> reset-assertions -> conjunction -> reset-assertions
; incremental: 3 check-sats, each labelled
; output| check-sat 1 of 3: INVALID MODEL: assertion 0 is false under a = (store ((as const (Array RegLan (Array Int Bool))) (store ((as const (Array Int Bool)) false) 4 true)) (str.to_re "!0!") ((as const (Array Int Bool)) false)), b_nc_bv15 = false, bv = #x0, bv_1 = #b1, bv_2 = #b0, s = "", y_nc_bv6 = #b0
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
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| ((a (store ((as const (Array RegLan (Array Int Bool)))
; output|          (store ((as const (Array Int Bool)) false) 4 true))
; output|        (str.to_re "!0!")
; output|        ((as const (Array Int Bool)) false)))
; output|  (s "")
; output|  (bv #x0)
; output|  (bv_1 #b1)
; output|  (bv_2 #b0)
; output|  (y_nc_bv6 #b0)
; output|  (b_nc_bv15 false))
; output| success
; output| success
; output| success
; output| sat
; output| ((bv_3 #x0)
; output|  (bv_1_1 #x0)
; output|  (z_1 ((as const (Array (_ BitVec 4) (Array Int String)))
; output|   ((as const (Array Int String)) "a")))
; output|  (i_ac1_1 #x0)
; output|  (i_nc_a2_1 #x0)
; output|  (e_nc_a2_1 ((as const (Array Int String)) "")))
; output| success
; output| success
; output| success
; output| unsat
; output| (a0_1 a1_1)
(set-option :print-success true)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-option :produce-unsat-cores true)
(declare-const a (Array RegLan (Array Int Bool)))
(declare-const s String)
(declare-const bv (_ BitVec 4))
(declare-const bv_1 (_ BitVec 1))
(declare-const bv_2 (_ BitVec 1))
(declare-const y_nc_bv6 (_ BitVec 1))
(declare-const b_nc_bv15 Bool)
(declare-const bv_3 (_ BitVec 4))
(declare-const bv_1_1 (_ BitVec 4))
(declare-const z_1 (Array (_ BitVec 4) (Array Int String)))
(declare-const i_ac1_1 (_ BitVec 4))
(declare-const i_nc_a2_1 (_ BitVec 4))
(declare-const e_nc_a2_1 (Array Int String))
(declare-const re_1 RegLan)
(declare-const s_1 String)
(assert (! (= (store (store (select a ((_ re.loop 3 1) (str.to_re s))) (bv2nat #x0) (= (concat ((_ extract 3 2) (bvadd ((_ zero_extend 0) bv) #x0)) ((_ extract 1 0) (bvadd ((_ zero_extend 0) bv) #x0))) #x1)) 3 (= ((_ rotate_left 1) ((_ zero_extend 0) (bvadd (ite b_nc_bv15 bv_1 bv_1) #b0))) (bvshl (bvxor (bvxor (bvnot (bvnot (bvneg (bvneg (bvneg (bvneg bv_2)))))) (bvmul y_nc_bv6 #b1)) (bvmul y_nc_bv6 #b1)) #b0))) ((as const (Array Int Bool)) false)) :named a7))
(set-info :status sat)
(check-sat)
(get-value (a s bv bv_1 bv_2 y_nc_bv6 b_nc_bv15))
(reset-assertions)
(assert (! (= (select (ite false z_1 ((as const (Array (_ BitVec 4) (Array Int String))) ((as const (Array Int String)) ""))) ((_ rotate_left 0) (bvashr (bvshl ((_ rotate_left 4) ((_ zero_extend 0) bv_3)) #x0) ((_ rotate_left 4) bv_1_1)))) ((as const (Array Int String)) "")) :named a8))
(assert (! (= (store (store z_1 i_nc_a2_1 e_nc_a2_1) i_nc_a2_1 (select z_1 i_nc_a2_1)) (store ((as const (Array (_ BitVec 4) (Array Int String))) ((as const (Array Int String)) "a")) i_ac1_1 ((as const (Array Int String)) "a"))) :named a9))
(set-info :status sat)
(check-sat)
(get-value (bv_3 bv_1_1 z_1 i_ac1_1 i_nc_a2_1 e_nc_a2_1))
(reset-assertions)
(assert (! (not (= (str.in_re s_1 (re.opt re_1)) false)) :named a0_1))
(assert (! (= (or (= s_1 "") (str.in_re s_1 re_1)) false) :named a1_1))
(set-info :status unsat)
; expected unsat core: (a0_1 a1_1)
(check-sat)
(get-unsat-core)
