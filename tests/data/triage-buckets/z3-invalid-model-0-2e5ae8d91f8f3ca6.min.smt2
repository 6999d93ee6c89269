; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-2e5ae8d91f8f3ca6.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under tmp_int0 = 24
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-2e5ae8d91f8f3ca6.smt2 (9 -> 7 AST nodes)
; seed: 0
; category: term-synthesis
; chain: constant-assignment -> term-synthesis
; model:
;   (define-fun tmp_int0 () Int 100)
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_int0 Int)
(assert (= (str.to_int (str.from_int (str.len (str.from_int tmp_int0)))) 3))
(check-sat)
(get-value (tmp_int0))
