; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-1928319975e8274c.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 037dc0d1
; seed: 83
; category: regex-membership
; chain: 
; model:
;   (define-fun x0 () String "a")
; output| unsat
; output| (error "line 9 column 15: model is not available")
(set-info :status sat)
(set-option :produce-models true)
(declare-const x0 String)
(assert (str.in_re x0 (re.range "a" "a")))
(assert (str.in_re x0 ((_ re.^ 4) re.all)))
(assert (not (str.in_re x0 (re.* (re.* (str.to_re "b"))))))
(assert (not (str.in_re x0 (re.inter (str.to_re "b") (str.to_re "")))))
(assert (not (str.in_re (str.++ x0 x0) (re.inter (str.to_re "ab") (str.to_re "a")))))
(check-sat)
(get-value (x0))
