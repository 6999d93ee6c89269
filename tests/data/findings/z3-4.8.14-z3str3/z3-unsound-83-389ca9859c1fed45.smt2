; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-389ca9859c1fed45.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 74a42f46
; seed: 83
; category: unsat-chain
; chain: E9+p -> variable-replacement -> constant-replacement
; expected unsat core: (a0 a1 a2 a3)
; output| sat
; output| (error "line 13 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const t String)
(declare-const t2 String)
(declare-const t_fresh String)
(declare-const z Bool)
(declare-const s_c42 String)
(assert (! (not (= (str.prefixof s t) z)) :named a0))
(assert (! (= t_fresh (str.++ s t2)) :named a1))
(assert (! (= (str.substr t 0 (str.len t)) t_fresh) :named a2))
(assert (! (= z (str.<= "" s_c42)) :named a3))
(check-sat)
(get-unsat-core)
