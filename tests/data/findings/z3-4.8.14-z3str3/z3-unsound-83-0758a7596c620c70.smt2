; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-0758a7596c620c70.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; failed: check-sat 1 of 6: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 27a1d26d
; seed: 83
; category: unsat-chain
; chain: E16 -> constant-replacement -> noise-introduction -> noise-introduction -> repeat-check -> repeat-check -> repeat-check
; incremental: 6 check-sats, each labelled
; output| check-sat 1 of 6: UNSOUND: expected unsat, got sat
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
; output| (error "line 15 column 15: unsat core is not available")
; output| success
; output| sat
; output| (error "line 18 column 15: unsat core is not available")
; output| success
; output| sat
; output| (error "line 21 column 15: unsat core is not available")
; output| success
; output| sat
; output| (error "line 24 column 15: unsat core is not available")
; output| success
; output| sat
; output| (error "line 27 column 15: unsat core is not available")
; output| sat
; output| (error "line 29 column 15: unsat core is not available")
(set-option :print-success true)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const t String)
(declare-const z Bool)
(declare-const s_c42 String)
(declare-const t_fresh String)
(declare-const t_fresh_1 String)
(assert (! (not (= (str.<= s t_fresh) z)) :named a0))
(assert (! (or (= s t_fresh) (str.< s t_fresh)) :named a1))
(assert (! (= z (str.<= "" s_c42)) :named a2))
(assert (! (= (str.substr t_fresh_1 0 (str.len t_fresh_1)) t_fresh) :named a3))
(assert (! (= (str.++ t "") t_fresh_1) :named a4))
(set-info :status unsat)
; expected unsat core: (a0 a1 a2)
(check-sat)
(get-unsat-core)
(push 1)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2)
(check-sat)
(get-unsat-core)
(pop 1)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2)
(check-sat)
(get-unsat-core)
(push 1)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2)
(check-sat)
(get-unsat-core)
(pop 1)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2)
(check-sat)
(get-unsat-core)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2)
(check-sat)
(get-unsat-core)
