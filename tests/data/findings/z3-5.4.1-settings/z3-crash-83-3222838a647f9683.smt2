; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-3222838a647f9683.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp Line: 137 NOT IMPLEMENTED YET!
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 3c25554a
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> repeat-check -> repeat-check
; incremental: 4 check-sats, each labelled
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp
; output| Line: 137
; output| NOT IMPLEMENTED YET!
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-option :print-success true)
(set-option :produce-models true)
(declare-const s String)
(declare-const re RegLan)
(declare-const a (Array Bool Int))
(declare-const a_1 (Array Int (Array Bool Int)))
(declare-const res (Array Bool Int))
(assert (= (store (ite (str.in_re s re) (ite true a ((as const (Array Bool Int)) 4)) (select a_1 3)) false (+ (str.len s) (bv2nat #xff))) res))
(set-info :status sat)
(check-sat)
(get-value (s re a a_1 res))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (s re a a_1 res))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (s re a a_1 res))
(set-info :status sat)
(check-sat)
(get-value (s re a a_1 res))
