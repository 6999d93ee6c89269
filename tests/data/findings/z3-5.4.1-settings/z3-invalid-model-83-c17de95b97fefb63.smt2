; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-invalid-model-83-c17de95b97fefb63.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs rewriter.expand_select_store=true rewriter.flat_and_or=false smt.sls.enable=true
; equifuzz finding: invalid-model
; expected: unsat
; got: INVALID MODEL: assertion 0 is false under tmp_int0 = 0, tmp_int2 = 0
; failed: check-sat 2 of 3: INVALID MODEL: assertion 0 is false under tmp_int0 = 0, tmp_int2 = 0
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 7a0b2222
; seed: 83
; category: chain
; chain: constant-assignment -> term-synthesis -> term-synthesis -> variable-abstraction -> term-synthesis -> constant-assignment -> conjunction -> interleave -> conjunction -> interleave -> assumption -> assumption
; incremental: 3 check-sats, each labelled
; output| check-sat 2 of 3: INVALID MODEL: assertion 0 is false under tmp_int0 = 0, tmp_int2 = 0
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
; output| ((tmp_str0_1 "A")
; output|  (tmp_str1_1 "A")
; output|  (tmp_str2_1 "")
; output|  (tmp_str3_1 "0"))
; output| success
; output| success
; output| success
; output| sat
; output| ((tmp_int2 0)
; output|  (tmp_int0 0))
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
; output| unsat
; output| (a4_1 a6_1 p_1 a1_1 a3_1 a0_1 p a2_1 a9_1 a8_1)
; output| (error "line 59 column 22: unsat assumptions construction is not enabled, use command (set-option :produce-unsat-assumptions true)")
; output| success
(set-option :rewriter.expand_select_store true)
(set-option :rewriter.flat_and_or false)
(set-option :smt.sls.enable true)
(set-option :print-success true)
(set-option :produce-models true)
(set-option :produce-unsat-cores true)
(set-option :produce-unsat-assumptions true)
(declare-const tmp_int2 Int)
(declare-const tmp_int0 Int)
(declare-const tmp_str0_1 String)
(declare-const tmp_str1_1 String)
(declare-const tmp_str2_1 String)
(declare-const tmp_str3_1 String)
(declare-const s_1 String)
(declare-const t_1 String)
(declare-const s_fresh_2 String)
(declare-const z_1 Bool)
(declare-const s_c39_1 String)
(declare-const t_c39_1 String)
(declare-const t_fresh_2 String)
(declare-const s_fresh_1_1 String)
(declare-const t_nc9_1 String)
(declare-const u_nc9_1 String)
(declare-const s_fresh_1_fresh_2 String)
(declare-const t_nc6_2 String)
(declare-const u_nc6_2 String)
(declare-const t_nc6_fresh_1 String)
(declare-const s_fresh_1_fresh_1_1 String)
(declare-const t_nc6_1_1 String)
(declare-const u_nc6_1_1 String)
(declare-const t_fresh_1_1 String)
(declare-const p Bool)
(declare-const p_1 Bool)
(push 1)
(push 1)
(assert (! (= (str.len (str.replace tmp_str0_1 tmp_str1_1 tmp_str2_1)) (str.to_int tmp_str3_1)) :named a23))
(set-info :status sat)
(check-sat)
(get-value (tmp_str0_1 tmp_str1_1 tmp_str2_1 tmp_str3_1))
(pop 1)
(push 1)
(assert (! (= (str.at "" (str.to_int (str.from_code tmp_int0))) (str.at "\u{e4}" tmp_int2)) :named a22))
(set-info :status sat)
(check-sat)
(get-value (tmp_int2 tmp_int0))
(pop 1)
(pop 1)
(push 1)
(assert (! (not (= (str.contains s_fresh_1_1 t_1) z_1)) :named a0_1))
(assert (! (forall ((s1 String) (s2 String) (s3 String)) (! (=> (= s_fresh_2 (str.++ s1 s2 s3)) (not (= s2 t_fresh_2))) :pattern ((str.++ s1 s2 s3)))) :named a1_1))
(assert (! (=> p (= (str.++ s_fresh_1_fresh_2 "") s_fresh_2)) :named a2_1))
(assert (! (and (= z_1 (str.prefixof s_c39_1 t_c39_1)) (= (str.contains t_c39_1 s_c39_1) false)) :named a3_1))
(assert (! (= (str.++ t_fresh_1_1 "") t_fresh_2) :named a4_1))
(assert (! (and (= (str.replace_all s_1 t_nc9_1 u_nc9_1) s_fresh_1_fresh_2) (= (str.contains s_1 t_nc9_1) false)) :named a5_1))
(assert (! (=> p_1 (and (= (str.replace s_fresh_1_fresh_1_1 t_nc6_fresh_1 u_nc6_2) s_fresh_1_fresh_2) (= (str.indexof s_fresh_1_fresh_1_1 t_nc6_fresh_1 0) (- 1)))) :named a6_1))
(assert (! (= (str.substr t_nc6_2 0 (str.len t_nc6_2)) t_nc6_fresh_1) :named a7_1))
(assert (! (and (= (str.replace s_fresh_1_1 t_nc6_1_1 u_nc6_1_1) s_fresh_1_fresh_1_1) (= (str.indexof s_fresh_1_1 t_nc6_1_1 0) (- 1))) :named a8_1))
(assert (! (= (str.replace t_1 t_1 t_1) t_fresh_1_1) :named a9_1))
(set-info :status unsat)
; expected unsat core: (a0_1 a1_1 a2_1 a3_1 a4_1 a6_1 a8_1 a9_1 p p_1)
(check-sat-assuming (p p_1))
(get-unsat-core)
(get-unsat-assumptions)
(pop 1)
