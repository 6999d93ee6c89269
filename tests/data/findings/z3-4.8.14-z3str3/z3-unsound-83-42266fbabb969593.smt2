; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-42266fbabb969593.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; failed: check-sat 1 of 3: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: aec0c067
; seed: 83
; category: unsat-chain
; chain: E14+p -> variable-replacement -> variable-replacement -> noise-introduction -> constant-replacement -> noise-introduction -> noise-introduction -> noise-introduction -> variable-replacement -> repeat-check
; incremental: 3 check-sats, each labelled
; output| check-sat 1 of 3: UNSOUND: expected unsat, got sat
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
; output| success
; output| success
; output| sat
; output| (error "line 37 column 15: unsat core is not available")
; output| success
; output| sat
; output| (error "line 40 column 15: unsat core is not available")
; output| success
; output| sat
; output| (error "line 43 column 15: unsat core is not available")
(set-option :print-success true)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const t String)
(declare-const t2 String)
(declare-const p String)
(declare-const c1 String)
(declare-const c2 String)
(declare-const s5 String)
(declare-const t3 String)
(declare-const t_fresh String)
(declare-const t_fresh_1 String)
(declare-const c2_fresh String)
(declare-const z Bool)
(declare-const s_c32 String)
(declare-const p_fresh String)
(declare-const t_nc6 String)
(declare-const u_nc6 String)
(declare-const t_fresh_1_fresh String)
(declare-const s5_fresh String)
(declare-const t_nc6_1 String)
(declare-const u_nc6_1 String)
(declare-const s_fresh String)
(declare-const t_nc6_2 String)
(declare-const u_nc6_2 String)
(assert (! (not (= (str.< s t) z)) :named a0))
(assert (! (or (and (= t_fresh (str.++ s_fresh t2)) (not (= t2 ""))) (and (= s_fresh (str.++ p_fresh c1 s5_fresh)) (= t_fresh (str.++ p_fresh c2_fresh t3)) (= (str.len c1) 1) (= (str.len c2_fresh) 1) (< (str.to_code c1) (str.to_code c2_fresh)))) :named a1))
(assert (! (= (str.++ t_fresh_1_fresh "") t_fresh) :named a2))
(assert (! (= (str.substr t 0 (str.len t)) t_fresh_1_fresh) :named a3))
(assert (! (= (str.replace c2 c2 c2) c2_fresh) :named a4))
(assert (! (= z (str.contains s_c32 s_c32)) :named a5))
(assert (! (and (= (str.replace p t_nc6 u_nc6) p_fresh) (= (str.indexof p t_nc6 0) (- 1))) :named a6))
(assert (! (= (str.substr t_fresh_1 0 (str.len t_fresh_1)) t_fresh_1_fresh) :named a7))
(assert (! (and (= (str.replace s5 t_nc6_1 u_nc6_1) s5_fresh) (= (str.indexof s5 t_nc6_1 0) (- 1))) :named a8))
(assert (! (and (= (str.replace s t_nc6_2 u_nc6_2) s_fresh) (= (str.indexof s t_nc6_2 0) (- 1))) :named a9))
(set-info :status unsat)
; expected unsat core: (a0 a1 a2 a3 a5 a9)
(check-sat)
(get-unsat-core)
(push 1)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2 a3 a5 a9)
(check-sat)
(get-unsat-core)
(pop 1)
(set-info :status unsat)
; expected unsat core: (a0 a1 a2 a3 a5 a9)
(check-sat)
(get-unsat-core)
