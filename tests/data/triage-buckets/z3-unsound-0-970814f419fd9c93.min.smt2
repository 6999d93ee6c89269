; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-970814f419fd9c93.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-970814f419fd9c93.smt2 (16 -> 10 AST nodes)
; seed: 0
; category: regex-membership
; chain: 
; model:
;   (define-fun x0 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const x0 String)
(assert (str.in_re x0 (re.opt (str.to_re "a"))))
(assert (str.in_re x0 (re.* (str.to_re "b"))))
(check-sat)
(get-value (x0))
