; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-d74f4c4507de1109.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp Line: 137 NOT IMPLEMENTED YET!
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 3c25554a
; seed: 83
; category: seq-term-synthesis
; chain: 
; model:
;   (define-fun s () (Seq (Array Int Int)) (seq.++ (seq.unit ((as const (Array Int Int)) 0)) (seq.unit (store ((as const (Array Int Int)) 0) 2 1))))
;   (define-fun s_1 () (Seq (Array Int Int)) (seq.++ (seq.unit ((as const (Array Int Int)) 1)) (seq.unit (store ((as const (Array Int Int)) 0) 1 1))))
;   (define-fun x () (Array Int Int) ((as const (Array Int Int)) 0))
;   (define-fun x_1 () Int 0)
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp
; output| Line: 137
; output| NOT IMPLEMENTED YET!
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-info :status sat)
(set-option :produce-models true)
(declare-const s (Seq (Array Int Int)))
(declare-const s_1 (Seq (Array Int Int)))
(declare-const x (Array Int Int))
(declare-const x_1 Int)
(assert (= (seq.last_indexof s (ite (seq.contains (as seq.empty (Seq (Array Int Int))) s_1) (seq.unit x) (seq.at (seq.unit (store ((as const (Array Int Int)) 0) 2 1)) x_1))) 1))
(check-sat)
(get-value (s s_1 x x_1))
