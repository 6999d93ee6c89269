; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-60414e5f59f7ef98.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; failed: check-sat 1 of 1: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 819bcd94
; seed: 83
; category: combined-unsat-complex
; chain: depth=2 -> assumption -> assumption
; incremental: 1 check-sats, each labelled
; output| check-sat 1 of 1: UNSOUND: expected unsat, got sat
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| (error "line 8 column 15: unsat core is not available")
; output| (error "line 9 column 22: unsat assumptions construction is not enabled, use command (set-option :produce-unsat-assumptions true)")
(set-option :print-success true)
(set-option :produce-unsat-cores true)
(set-option :produce-unsat-assumptions true)
(declare-const p Bool)
(declare-const p_1 Bool)
(assert (! (=> p_1 (=> p (= (store (store ((as const (Array String RegLan)) (re.diff (re.+ (re.union (str.to_re "") (str.to_re ""))) (re.* (re.opt (str.to_re "a"))))) "ab" (re.range "ab" "c")) (ite false "a" "") (re.++ (re.opt (re.+ (re.* (str.to_re "b")))) (re.comp (re.union (str.to_re "a") (re.comp (str.to_re "a")))))) (store ((as const (Array String RegLan)) (re.union (str.to_re "a") (re.comp (str.to_re "a")))) (str.++ "a" "ab") (re.comp ((_ re.^ 0) (str.to_re "a"))))))) :named a0))
(set-info :status unsat)
; expected unsat core: (a0 p p_1)
(check-sat-assuming (p p_1))
(get-unsat-core)
(get-unsat-assumptions)
