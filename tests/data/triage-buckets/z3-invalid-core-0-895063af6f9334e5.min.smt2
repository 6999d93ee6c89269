; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-core-0-895063af6f9334e5.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-core
; expected: unsat
; got: INVALID CORE: omits a0_1_1 a1_1_1 a2_1_1 a3_1_1 a4_1_1 a6_1_1 a7_1_1
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-core/z3-invalid-core-0-895063af6f9334e5.smt2 (147 -> 66 AST nodes)
; seed: 0
; category: term-synthesis
; chain: conjunction -> conjunction -> conjunction
; expected unsat core: (a0_1_1 a1_1_1 a2_1_1 a3_1_1 a4_1_1 a6_1_1 a7_1_1)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const t_1_1 String)
(declare-const s1_1_1 String)
(declare-const s3_1_1 String)
(declare-const s_fresh_2_1 String)
(declare-const u_nc5_2_1 String)
(declare-const z_1_1 Bool)
(declare-const s_c35_1_1 String)
(declare-const t_fresh_3_1 String)
(declare-const s_fresh_1_1_1 String)
(declare-const t_fresh_2_1_1 String)
(declare-const t_nc5_1_1_1 String)
(declare-const u_nc5_1_1_1 String)
(declare-const t_nc5_fresh_1_1 String)
(declare-const t_fresh_1_fresh_1_1 String)
(assert (! (not (str.in_re "" (re.comp ((_ re.^ 4) re.all)))) :named a30))
(assert (! (str.in_re "" ((_ re.^ 3) (re.* (re.inter (str.to_re "") (str.to_re "b"))))) :named a21_1))
(assert (! (not (= (str.contains s_fresh_1_1_1 t_1_1) z_1_1)) :named a0_1_1))
(assert (! (= s_fresh_2_1 (str.++ s1_1_1 t_fresh_3_1 s3_1_1)) :named a1_1_1))
(assert (! (and (= (str.replace s_fresh_1_1_1 t_nc5_fresh_1_1 u_nc5_2_1) s_fresh_2_1) (= (str.contains s_fresh_1_1_1 t_nc5_fresh_1_1) false)) :named a2_1_1))
(assert (! (= z_1_1 (str.prefixof s_c35_1_1 s_c35_1_1)) :named a3_1_1))
(assert (! (= (str.++ t_fresh_1_fresh_1_1 "") t_fresh_3_1) :named a4_1_1))
(assert (! (= (str.++ "" t_fresh_2_1_1) t_fresh_1_fresh_1_1) :named a6_1_1))
(assert (! (and (= (str.replace t_1_1 t_nc5_1_1_1 u_nc5_1_1_1) t_fresh_2_1_1) (= (str.contains t_1_1 t_nc5_1_1_1) false)) :named a7_1_1))
(check-sat)
(get-unsat-core)
