; equifuzz run /tmp/wt-triage/camp/minimized/z3-unsound-0-0dc8422a26e71cfe.min.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.5.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-4.8.5
; minimized from: camp/findings/unsound/z3-unsound-0-0dc8422a26e71cfe.smt2 (13 -> 5 AST nodes)
; seed: 0
; category: regex-term-synthesis
; chain: depth=3,no-reglan-vars
; model:
(set-info :status sat)
(set-option :produce-models true)
(assert (not (str.in_re "" ((_ re.loop 3 0) re.all))))
(check-sat)
