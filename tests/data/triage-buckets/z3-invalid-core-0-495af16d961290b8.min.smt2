; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-core-0-495af16d961290b8.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-core
; expected: unsat
; got: INVALID CORE: omits a0 a1 a2
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-core/z3-invalid-core-0-495af16d961290b8.smt2 (122 -> 38 AST nodes)
; seed: 0
; category: unsat-chain
; chain: E8 -> variable-replacement -> conjunction -> conjunction -> conjunction -> conjunction
; expected unsat core: (a0 a1 a2)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const t String)
(declare-const t_fresh String)
(assert (! (not (= (str.contains s t) false)) :named a0))
(assert (! (forall ((s1 String) (s2 String) (s3 String)) (=> (= s (str.++ s1 s2 s3)) (not (= s2 t_fresh)))) :named a1))
(assert (! (= (str.++ t "") t_fresh) :named a2))
(assert (! (str.in_re "" (re.* (re.inter (str.to_re "") (str.to_re "b")))) :named a13))
(assert (! (not (str.in_re "" (re.inter re.allchar (str.to_re "")))) :named a15))
(check-sat)
(get-unsat-core)
