; equifuzz run /tmp/wt-triage/camp/minimized/z3-invalid-model-0-6c1e3ba2bd31341e.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 1 is false under t_1 = "@\u{0}", tmp_int0 = (- 3), tmp_int0_2 = 22
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/invalid-model/z3-invalid-model-0-6c1e3ba2bd31341e.smt2 (139 -> 12 AST nodes)
; seed: 0
; category: step1
; chain: constant-assignment -> conjunction -> conjunction -> conjunction -> conjunction -> constant-assignment -> constant-assignment -> term-synthesis -> term-synthesis -> term-synthesis -> term-synthesis
; model:
;   (define-fun t_1 () String "")
;   (define-fun tmp_int0 () Int 1)
;   (define-fun tmp_int0_2 () Int 0)
(set-info :status sat)
(set-option :produce-models true)
(declare-const t_1 String)
(declare-const tmp_int0_2 Int)
(declare-const tmp_int0 Int)
(assert (= (str.indexof "" t_1 tmp_int0) (- 1)))
(assert (= "0" (str.at (str.from_int tmp_int0_2) 0)))
(check-sat)
(get-value (t_1 tmp_int0_2 tmp_int0))
