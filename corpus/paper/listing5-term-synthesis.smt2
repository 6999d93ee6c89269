; ICSE 2020 (Bugariu & Mueller), Listing 5 (the formula of its Fig. 2): term synthesis, depth 1.
; Sat: tmp_str0 = "a", tmp_int1 = -1, tmp_str2 = "" (both sides evaluate to "").
; model:
;   (define-fun tmp_int1 () Int (- 1))
;   (define-fun tmp_str0 () String "a")
;   (define-fun tmp_str2 () String "")
(set-info :status sat)
(declare-fun tmp_str0 () String)
(declare-fun tmp_str2 () String)
(declare-fun tmp_int1 () Int)
(assert
(= (str.at (str.at tmp_str0 tmp_int1)
      (str.indexof tmp_str0 tmp_str0 tmp_int1))
      (str.++ tmp_str2 tmp_str2)))
(check-sat)
