; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-454b20def4e3cf57.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: c7b87f85
; seed: 83
; category: larger-core
; chain: depth=3 -> constant-replacement
; expected unsat core: (a0 a1)
; output| sat
; output| (error "line 7 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const z (Array String RegLan))
(declare-const i_ac1 String)
(assert (! (= (store (store (store ((as const (Array String RegLan)) (re.comp (re.diff (re.+ (re.union (str.to_re "") (str.to_re ""))) (re.* (re.opt (str.to_re "a")))))) "b" (re.* (str.to_re "a"))) "ab" (re.opt (str.to_re ""))) (str.from_int (+ 1 4)) (re.comp (str.to_re "a"))) z) :named a0))
(assert (! (= z (store ((as const (Array String RegLan)) (re.+ (re.+ ((_ re.loop 4 3) (re.* (re.* (str.to_re "b"))))))) i_ac1 (re.+ (re.+ ((_ re.loop 4 3) (re.* (re.* (str.to_re "b")))))))) :named a1))
(check-sat)
(get-unsat-core)
