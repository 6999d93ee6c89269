; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-567366a29443c349.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 24a33529
; seed: 83
; category: combined-unsat-complex
; chain: depth=3
; expected unsat core: (a0)
; output| sat
; output| (error "line 4 column 15: unsat core is not available")
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(assert (! (= (select (store (store ((as const (Array String (Array (_ BitVec 4) RegLan))) ((as const (Array (_ BitVec 4) RegLan)) (re.+ ((_ re.loop 4 3) (re.* (re.* (str.to_re "b"))))))) "b" ((as const (Array (_ BitVec 4) RegLan)) (re.range "ab" "c"))) (str.from_int 3) (store ((as const (Array (_ BitVec 4) RegLan)) (re.comp (re.union (str.to_re "a") (re.comp (str.to_re "a"))))) #x0 (re.range "" "a"))) (str.++ (ite true "\u{e4}" "") (str.++ "b" "a"))) (store (ite (bvsge #b1 #b1) (store ((as const (Array (_ BitVec 4) RegLan)) ((_ re.loop 0 4) (re.* (re.opt (str.to_re "ab"))))) #x1 (re.++ (re.opt (re.+ (re.* (str.to_re "b")))) (re.union (re.* (str.to_re "b")) (re.range "ab" "b")))) ((as const (Array (_ BitVec 4) RegLan)) (re.opt (re.+ (re.* (str.to_re "b")))))) (select (store ((as const (Array RegLan (_ BitVec 4))) #x1) (re.+ (re.union (str.to_re "") (str.to_re ""))) #x0) (re.++ (re.* (re.inter (str.to_re "") (re.comp (str.to_re "a")))) (re.opt (str.to_re "\u{e4}")))) (str.to_re "ab"))) :named a0))
(check-sat)
(get-unsat-core)
