; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-core-0-944468164641ad63.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-core
; expected: unsat
; got: INVALID CORE: omits a0_1 a1_1
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-core/z3-invalid-core-0-944468164641ad63.smt2 (215 -> 25 AST nodes)
; seed: 0
; category: step1
; chain: constant-assignment -> conjunction -> conjunction -> conjunction -> conjunction -> constant-assignment -> constant-assignment -> conjunction -> conjunction -> conjunction -> conjunction
; expected unsat core: (a0_1 a1_1)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const t2_1 String)
(declare-const t_fresh_1 String)
(declare-const s_fresh_fresh_1 String)
(assert (! (str.in_re "" (re.comp (str.to_re "b"))) :named a26))
(assert (! (not (= (str.prefixof s_fresh_fresh_1 t_fresh_1) true)) :named a0_1))
(assert (! (= t_fresh_1 (str.++ s_fresh_fresh_1 t2_1)) :named a1_1))
(assert (! (str.in_re "" ((_ re.loop 1 4) (re.* (re.inter (str.to_re "") (str.to_re "b"))))) :named a31))
(check-sat)
(get-unsat-core)
