; ICSE 2020 (Bugariu & Mueller), Listing 8 (the formula of its Fig. 5).
; Sat: tmp_str1 = "" and tmp_int2 = 0 give (str.indexof tmp_str0 "" 0) = 0.
; model:
;   (define-fun tmp_int2 () Int 0)
;   (define-fun tmp_str0 () String "")
;   (define-fun tmp_str1 () String "")
(set-info :status sat)
(declare-fun tmp_str0 () String)
(declare-fun tmp_str1 () String)
(declare-fun tmp_int2 () Int)
(assert (= (str.indexof tmp_str0 tmp_str1 tmp_int2) 0))
(check-sat)
