; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-2377a39254c21599.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: ba264b20
; seed: 83
; category: larger-core
; chain: depth=3 -> constant-replacement -> variable-replacement
; expected unsat core: (a0 a1 a2)
; output| sat
; output| (error "line 11 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const z (Array RegLan RegLan))
(declare-const b_ac5 Bool)
(declare-const i_ac5 RegLan)
(declare-const i_nc_a1 RegLan)
(declare-const z_fresh (Array RegLan RegLan))
(assert (! (= (select ((as const (Array Int (Array RegLan RegLan))) ((as const (Array RegLan RegLan)) ((_ re.loop 1 3) (re.diff (re.opt (str.to_re "")) (re.+ (re.opt (re.+ (re.* (str.to_re "b"))))))))) (bv2nat ((_ repeat 2) #b10))) z_fresh) :named a0))
(assert (! (= z (ite b_ac5 ((as const (Array RegLan RegLan)) (str.to_re "\u{e4}")) (store ((as const (Array RegLan RegLan)) (str.to_re "\u{e4}")) i_ac5 (str.to_re "\u{e4}")))) :named a1))
(assert (! (= (store z i_nc_a1 (select z i_nc_a1)) z_fresh) :named a2))
(check-sat)
(get-unsat-core)
