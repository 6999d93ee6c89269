; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-crash-83-5c7b9ccc3d0b10ce.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: the solver worker died: killed by SIGABRT; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp Line: 508 NOT IMPLEMENTED YET!
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: bc92cca0
; seed: 83
; category: term-synthesis
; chain: 
; model:
;   (define-fun tmp_int0 () Int 18446744073709551613)
;   (define-fun tmp_int1 () Int (- 9223372036854775809))
;   (define-fun tmp_int2 () Int 9223372036854775807)
;   (define-fun tmp_int3 () Int 1)
;   (define-fun tmp_int4 () Int (- 2))
;   (define-fun tmp_int5 () Int 3)
;   (define-fun tmp_str6 () String """a""")
; output| killed by SIGABRT
; output| ASSERTION VIOLATION
; output| File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_seq_plugin.cpp
; output| Line: 508
; output| NOT IMPLEMENTED YET!
; output| 5.4.1.0
; output| Please file an issue with this message and more detail about how you encountered it at https://github.com/Z3Prover/z3/issues/new
(set-option :smt.sls.enable true)
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_int0 Int)
(declare-const tmp_int1 Int)
(declare-const tmp_int2 Int)
(declare-const tmp_int3 Int)
(declare-const tmp_int4 Int)
(declare-const tmp_int5 Int)
(declare-const tmp_str6 String)
(assert (= (str.to_int (str.substr "-1" tmp_int3 (str.len (str.substr tmp_str6 tmp_int4 tmp_int2)))) (str.indexof (str.from_int (+ tmp_int5 tmp_int0)) "\u{5c}n" (* tmp_int3 tmp_int1))))
(check-sat)
(get-value (tmp_int0 tmp_int1 tmp_int2 tmp_int3 tmp_int4 tmp_int5 tmp_str6))
