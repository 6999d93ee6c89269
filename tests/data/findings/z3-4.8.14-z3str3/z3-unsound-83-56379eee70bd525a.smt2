; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-56379eee70bd525a.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 76cfb190
; seed: 83
; category: combined-unsat-complex
; chain: depth=3
; expected unsat core: (a0)
; output| sat
; output| (error "line 4 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(assert (! (= (bvuge ((_ int2bv 8) (+ 1 1)) (select (store ((as const (Array Int (_ BitVec 8))) #x00) 0 #x00) (+ 0 0))) (= (select ((as const (Array String (Array Int RegLan))) ((as const (Array Int RegLan)) ((_ re.loop 0 4) (re.+ (re.opt (re.+ (re.* (str.to_re "b")))))))) "\u{e4}") (store ((as const (Array Int RegLan)) (re.inter ((_ re.loop 0 4) (re.* (re.opt (str.to_re "ab")))) (re.union (str.to_re "") (str.to_re "")))) (- 4) (re.range "\u{2ffff}" "\u{2ffff}")))) :named a0))
(check-sat)
(get-unsat-core)
