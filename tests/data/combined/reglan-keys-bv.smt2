; A sat formula over bit-vectors and arrays with RegLan keys (issue 10): the
; model a solver gives must validate under our semantics.
(set-info :status sat)
(declare-const a (Array RegLan (_ BitVec 4)))
(declare-const b (Array Int Int))
(declare-const v (_ BitVec 8))
(declare-const s String)
(assert (= (select a (re.* (str.to_re "a"))) (bvadd #x3 ((_ extract 3 0) v))))
(assert (bvult #x10 v))
(assert (= (select b (bv2nat v)) 5))
(assert (str.in_re s (re.+ (str.to_re "ab"))))
(assert (not (= b ((as const (Array Int Int)) 5))))
(check-sat)
