; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-58c7f43faabc72e4.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp Line: 137 NOT IMPLEMENTED YET!
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 3c25554a
; seed: 83
; category: seq-term-synthesis
; chain: repeat-check -> repeat-check -> repeat-check -> repeat-check -> repeat-check -> repeat-check
; incremental: 9 check-sats, each labelled
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
(declare-const x Int)
(declare-const s (Seq (Array Int Int)))
(declare-const s_1 (Seq (Array Int Int)))
(declare-const s_2 (Seq (Array Int Int)))
(declare-const x_1 Int)
(assert (= (seq.nth (seq.unit (seq.nth (seq.++ (seq.unit (store ((as const (Array Int Int)) 0) 0 1)) (seq.unit (store ((as const (Array Int Int)) 1) 0 0)) (seq.unit (store ((as const (Array Int Int)) 2) 2 1))) x)) (seq.last_indexof (seq.replace (as seq.empty (Seq (Array Int Int))) s s_1) (seq.extract s_2 1 x_1))) (store ((as const (Array Int Int)) 2) 2 1)))
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
(set-info :status sat)
(check-sat)
(get-value (x s s_1 s_2 x_1))
