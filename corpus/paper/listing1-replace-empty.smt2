; ICSE 2020 (Bugariu & Mueller), Listing 1: a soundness bug in Z3-seq and Z3str3.
; Sat by the SMT-LIB semantics: t = "" and u = "a" give (str.replace "" "" "a") = "a".
; model:
;   (define-fun t () String "")
;   (define-fun u () String "a")
(set-info :status sat)
(declare-fun t () String)
(declare-fun u () String)
(assert (= (str.replace "" t u) "a"))
(check-sat)
