; ICSE 2020 (Bugariu & Mueller), Listing 7 (the formula of its Fig. 4): E10 after variable replacement
; (NC7: substr(t2, 0, len(t2)) = t2), with patterns. Unsat; its unique minimal core is {a0, a1}.
; expected unsat core: (a0 a1)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-fun s () String)
(declare-fun t () String)
(assert (!
(forall ((t1 String) (t2 String)
          (t2_fresh String)) (!
   (=> (and (= (str.substr t2 0 (str.len t2))
             t2_fresh) (= (str.++ t1 t2_fresh) t))
       (= (= t1 s) false))
       :pattern ((str.++ t1 t2_fresh)
       (str.substr t2 0 (str.len t2)))))
       :named a1))
(assert (!
(not (= (str.prefixof s t) false)) :named a0))
(check-sat)
(get-unsat-core)
