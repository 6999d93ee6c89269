; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-1d9a76aaf431f515.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: cb7c3a6b
; seed: 83
; category: larger-core
; chain: depth=1 -> constant-replacement
; expected unsat core: (a0 a1)
; output| sat
; output| (error "line 8 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const z (Array Int RegLan))
(declare-const b_ac5 Bool)
(declare-const i_ac5 Int)
(assert (! (= (store ((as const (Array Int RegLan)) ((_ re.loop 0 4) (re.+ (re.opt (re.+ (re.* (str.to_re "b"))))))) (- 5) (re.range "ab" "\u{e4}")) z) :named a0))
(assert (! (= z (ite b_ac5 ((as const (Array Int RegLan)) ((_ re.^ 1) (re.comp (str.to_re "\u{e4}")))) (store ((as const (Array Int RegLan)) ((_ re.^ 1) (re.comp (str.to_re "\u{e4}")))) i_ac5 ((_ re.^ 1) (re.comp (str.to_re "\u{e4}")))))) :named a1))
(check-sat)
(get-unsat-core)
