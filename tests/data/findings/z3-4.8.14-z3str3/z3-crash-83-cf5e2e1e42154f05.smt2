; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-crash-83-cf5e2e1e42154f05.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: ../src/smt/theory_str.h Line: 81 UNEXPECTED CODE WAS REACHED.
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: aa52e327
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> conjunction -> noise-scope -> conjunction -> noise-scope
; incremental: 3 check-sats, each labelled
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: ../src/smt/theory_str.h
; output| Line: 81
; output| UNEXPECTED CODE WAS REACHED.
; output| Z3 4.8.14.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :print-success true)
(set-option :produce-models true)
(declare-const a (Array Bool Bool))
(declare-const s_1 (Seq (Array Int Int)))
(declare-const result_1 Int)
(declare-const s_2 (Seq (Array Int Int)))
(declare-const s_1_1 (Seq (Array Int Int)))
(declare-const result_2 Bool)
(push 1)
(assert (= (seq.last_indexof (seq.++ (seq.unit (store ((as const (Array Int Int)) 1) 1 0)) (seq.unit ((as const (Array Int Int)) 1)) (seq.unit (store ((as const (Array Int Int)) 2) 1 1))) s_1) result_1))
(set-info :status sat)
(check-sat)
(get-value (s_1 result_1))
(push 1)
(assert (= (seq.suffixof s_2 s_1_1) result_2))
(set-info :status sat)
(check-sat)
(get-value (s_1 result_1 s_2 s_1_1 result_2))
(pop 1)
(pop 1)
(assert (= (not (= (store ((as const (Array Bool Bool)) false) true false) (store a false true))) true))
(set-info :status sat)
(check-sat)
(get-value (a))
