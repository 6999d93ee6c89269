; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-9ce3d7ed48208abe.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-9ce3d7ed48208abe.smt2 (41 -> 10 AST nodes)
; seed: 0
; category: regex-membership
; chain: 
; model:
;   (define-fun x2 () String "")
(set-info :status sat)
(set-option :produce-models true)
(declare-const x2 String)
(assert (str.in_re x2 (re.* (str.to_re "a"))))
(assert (str.in_re x2 ((_ re.loop 0 3) (str.to_re "b"))))
(check-sat)
(get-value (x2))
