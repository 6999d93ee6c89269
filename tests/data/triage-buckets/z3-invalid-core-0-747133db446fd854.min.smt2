; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-core-0-747133db446fd854.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-core
; expected: unsat
; got: INVALID CORE: omits a0_1 a1_1 a2_1
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-core/z3-invalid-core-0-747133db446fd854.smt2 (152 -> 41 AST nodes)
; seed: 0
; category: regex-membership
; chain: conjunction -> conjunction
; expected unsat core: (a0_1 a1_1 a2_1)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const s_1 String)
(declare-const t_1 String)
(declare-const t_fresh_1 String)
(assert (! (not (str.in_re "" (re.diff ((_ re.^ 4) re.none) (re.range "\u{e4}" "a")))) :named a25))
(assert (! (not (= (str.contains s_1 t_1) false)) :named a0_1))
(assert (! (forall ((s1 String) (s2 String) (s3 String)) (=> (= s_1 (str.++ s1 s2 s3)) (not (= s2 t_fresh_1)))) :named a1_1))
(assert (! (= (str.++ t_1 "") t_fresh_1) :named a2_1))
(assert (! (str.in_re "" ((_ re.loop 1 4) (re.* (re.inter (str.to_re "") (str.to_re "b"))))) :named a13_1))
(check-sat)
(get-unsat-core)
