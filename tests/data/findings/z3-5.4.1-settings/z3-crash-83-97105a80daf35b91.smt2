; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-97105a80daf35b91.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: unsat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp Line: 508 NOT IMPLEMENTED YET!
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: bc92cca0
; seed: 83
; category: larger-core
; chain: EM4[re:=const][=true] -> constant-replacement -> noise-introduction -> noise-introduction -> noise-introduction -> noise-introduction -> noise-introduction -> variable-replacement -> noise-introduction -> variable-replacement
; expected unsat core: (a0 a1 a10 a2 a8)
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp
; output| Line: 508
; output| NOT IMPLEMENTED YET!
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const z Bool)
(declare-const s_c41 String)
(declare-const s_fresh String)
(declare-const s_c41_fresh String)
(declare-const s_fresh_fresh String)
(declare-const re_rnc11 RegLan)
(declare-const s2_rnc11 String)
(declare-const re_rnc11_fresh RegLan)
(declare-const s_fresh_fresh_1 String)
(declare-const s_fresh_fresh_fresh String)
(declare-const s2_rnc11_fresh String)
(declare-const s_fresh_fresh_fresh_1 String)
(declare-const t_nc5 String)
(declare-const u_nc5 String)
(assert (! (not (= (str.in_re s_fresh_fresh (re.diff (re.range "a" "c") (re.union (str.to_re "b") (re.++ re.allchar (str.to_re "b"))))) z)) :named a0))
(assert (! (= (and (str.in_re s_fresh_fresh_fresh (re.range "a" "c")) (not (str.in_re s_fresh_fresh_fresh (re.union (str.to_re "b") (re.++ re.allchar (str.to_re "b")))))) true) :named a1))
(assert (! (= z (str.<= s_c41_fresh s_c41_fresh)) :named a2))
(assert (! (= (str.substr s 0 (str.len s)) s_fresh_fresh_fresh) :named a3))
(assert (! (= (str.replace_re s_c41 (str.to_re s_c41) s_c41) s_c41_fresh) :named a4))
(assert (! (and (= (str.replace_re_all s_fresh_fresh_1 re_rnc11_fresh s2_rnc11_fresh) s_fresh_fresh_fresh) (not (str.in_re s_fresh_fresh_1 (re.++ re.all re_rnc11_fresh re.all)))) :named a5))
(assert (! (= (re.diff re_rnc11 re.none) re_rnc11_fresh) :named a6))
(assert (! (= (str.replace_all s_fresh s_fresh s_fresh) s_fresh_fresh_1) :named a7))
(assert (! (= (str.replace s_fresh_fresh_fresh_1 s_fresh_fresh_fresh_1 s_fresh_fresh_fresh_1) s_fresh_fresh_fresh) :named a8))
(assert (! (= (str.replace_all s2_rnc11 s2_rnc11 s2_rnc11) s2_rnc11_fresh) :named a9))
(assert (! (and (= (str.replace s_fresh_fresh t_nc5 u_nc5) s_fresh_fresh_fresh_1) (= (str.contains s_fresh_fresh t_nc5) false)) :named a10))
(check-sat)
(get-unsat-core)
