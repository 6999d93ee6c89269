; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-de2f1ef1eb7d43f1.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp Line: 508 NOT IMPLEMENTED YET!
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: bc92cca0
; seed: 83
; category: term-synthesis
; chain: assumption -> assumption -> assumption -> assumption
; incremental: 1 check-sats, each labelled
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp
; output| Line: 508
; output| NOT IMPLEMENTED YET!
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-option :print-success true)
(set-option :produce-models true)
(declare-const tmp_str0 String)
(declare-const tmp_int1 Int)
(declare-const tmp_int2 Int)
(declare-const tmp_int3 Int)
(declare-const tmp_str4 String)
(declare-const tmp_int5 Int)
(declare-const tmp_int6 Int)
(declare-const tmp_int7 Int)
(declare-const tmp_str8 String)
(declare-const tmp_str9 String)
(declare-const tmp_int10 Int)
(declare-const tmp_int11 Int)
(declare-const p Bool)
(declare-const p_1 Bool)
(declare-const p_2 Bool)
(declare-const p_3 Bool)
(assert (=> p_3 (=> p_2 (=> p_1 (=> p (= (str.from_int (str.indexof (str.at (str.at tmp_str0 tmp_int1) (+ tmp_int2 tmp_int3)) (str.at (str.at tmp_str4 tmp_int5) (* tmp_int6 tmp_int1)) (* tmp_int7 tmp_int7))) (str.at (str.replace tmp_str8 tmp_str4 tmp_str9) (- tmp_int10 (+ tmp_int11 tmp_int3)))))))))
(set-info :status sat)
(check-sat-assuming (p p_1 p_2 p_3))
(get-value (tmp_str0 tmp_int1 tmp_int2 tmp_int3 tmp_str4 tmp_int5 tmp_int6 tmp_int7 tmp_str8 tmp_str9 tmp_int10 tmp_int11 p p_1 p_2 p_3))
