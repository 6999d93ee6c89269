; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-df28b1c38dcecc96.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-df28b1c38dcecc96.smt2 (44 -> 15 AST nodes)
; seed: 0
; category: regex-membership
; chain: constant-assignment -> constant-assignment
; model:
(set-info :status sat)
(set-option :produce-models true)
(assert (str.in_re "" (re.opt (re.++ ((_ re.^ 4) re.none) (re.comp (str.to_re ""))))))
(assert (str.in_re "" (re.opt (re.comp (str.to_re "")))))
(check-sat)
