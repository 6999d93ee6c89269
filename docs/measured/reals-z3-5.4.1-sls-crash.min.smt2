; equifuzz run /tmp/sls-crash/z3-crash-0-f4a0702120211f3c.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs smt.sls.enable=true
; equifuzz finding: crash
; expected: sat
; got: CRASH: Z3 called exit(114) (ERR_UNREACHABLE) before the query finished; it said: ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/core/src/ast/sls/sls_arith_base.cpp Line: 2624 UNEXPECTED CODE WAS REACHED.
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; minimized from: z3-crash-0-f4a0702120211f3c.smt2 (256 -> 10 AST nodes)
; seed: 0
; category: real-identity-lira
; chain: R35 -> links(3) -> noise(3) -> repeat-check -> repeat-check -> repeat-check -> repeat-check -> conjunction -> interleave -> conjunction -> interleave -> conjunction -> interleave
; incremental: 2 check-sats, each labelled
(set-option :smt.sls.enable true)
(set-option :print-success true)
(set-option :produce-models true)
(push 1)
(push 1)
(assert (! (forall ((n_q Int)) (= (to_int (/ (to_real n_q) 2.0)) (div n_q 2))) :named a4_1))
(set-info :status sat)
(check-sat)
(set-info :status sat)
(check-sat)
(pop 1)
(pop 1)
