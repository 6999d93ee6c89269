; Kuehne 2022, Table 2.3 (E1-E7, E5'), instantiated, read by
; src/generate/regex/equivalent_formulas.rs (row format: src/generate/tables/).
; A row is A <=> B over RegLan variables, B the standard's definition of A's
; operator (:clause cites it); the case is (not A) and B, unsat with the unique
; core {a0, a1}. The indices of re.^ and re.loop are numerals, not terms, so
; E4, E5 and E5' come once per index of the pool, each with its one branch;
; E6 once per pair of strings. Each model satisfies its half alone. Rows whose
; A ignores an argument get it replaced by its model's value when loaded.

; E1: difference(re1, re2) = res <=> res = re1 ∩ re2ᶜ.
(row E1
  :clause "⟦re.diff⟧(L₁, L₂) = L₁ \ L₂; ⟦re.inter⟧(L₁, L₂) = L₁ ∩ L₂; ⟦re.comp⟧(L) = UC* \ L"
  :declare ((re1 RegLan) (re2 RegLan) (res RegLan))
  :A (= (re.diff re1 re2) res)
  :B (= res (re.inter re1 (re.comp re2)))
  :model-of-B ((re1 (re.* (re.range "a" "b"))) (re2 (str.to_re "a"))
               (res (re.inter (re.comp (str.to_re "a")) (re.* (re.range "a" "b")))))
  :model-of-not-A ((re1 (re.* (re.range "a" "b"))) (re2 (str.to_re "a")) (res re.all)))

; E2: kleene_cross(re) = res <=> res = re ++ re*.
(row E2
  :clause "(re.+ e) abbreviates (re.++ e (re.* e))"
  :declare ((re RegLan) (res RegLan))
  :A (= (re.+ re) res)
  :B (= res (re.++ re (re.* re)))
  :model-of-B ((re (re.range "a" "b")) (res (re.+ (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

; E3: option(re) = res <=> res = re_empty_string ∪ re.
(row E3
  :clause "(re.opt e) abbreviates (re.union e (str.to_re """"))"
  :declare ((re RegLan) (res RegLan))
  :A (= (re.opt re) res)
  :B (= res (re.union (str.to_re "") re))
  :model-of-B ((re (re.range "a" "b")) (res (re.opt (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

; E4: power(n, re) = res, one branch per n of the integer pool (0, 1, 3, 4).
(row |E4[n=0]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.^ 0) re) res)
  :B (= res (str.to_re ""))
  :model-of-B ((re (re.range "a" "b")) (res (str.to_re "")))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E4[n=1]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.^ 1) re) res)
  :B (= res (re.++ re ((_ re.^ 0) re)))
  :model-of-B ((re (re.range "a" "b")) (res (re.range "a" "b")))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E4[n=3]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.^ 3) re) res)
  :B (= res (re.++ re ((_ re.^ 2) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.^ 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E4[n=4]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.^ 4) re) res)
  :B (= res (re.++ re ((_ re.^ 3) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.^ 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

; E5 and E5': loop(n1, n2, re) = res, one branch per pair (n1, n2) of the
; integer pool; E5' writes the i < n branch as a union with the loop one shorter.
(row |E5[0,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 0) re) res)
  :B (= res ((_ re.^ 0) re))
  :model-of-B ((re (re.range "a" "b")) (res (str.to_re "")))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[0,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 0) re) res)
  :B (= res ((_ re.^ 0) re))
  :model-of-B ((re (re.range "a" "b")) (res (str.to_re "")))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[0,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 1) re) res)
  :B (= res (re.union ((_ re.^ 0) re) ((_ re.^ 1) re)))
  :model-of-B ((re (re.range "a" "b")) (res (re.opt (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[0,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 1) re) res)
  :B (= res (re.union ((_ re.^ 1) re) ((_ re.loop 0 0) re)))
  :model-of-B ((re (re.range "a" "b")) (res (re.opt (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[0,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 3) re) res)
  :B (= res (re.union ((_ re.^ 0) re) ((_ re.^ 1) re) ((_ re.^ 2) re) ((_ re.^ 3) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 0 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[0,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 3) re) res)
  :B (= res (re.union ((_ re.^ 3) re) ((_ re.loop 0 2) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 0 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[0,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 4) re) res)
  :B (= res
       (re.union ((_ re.^ 0) re)
         ((_ re.^ 1) re)
         ((_ re.^ 2) re)
         ((_ re.^ 3) re)
         ((_ re.^ 4) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 0 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[0,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 0 4) re) res)
  :B (= res (re.union ((_ re.^ 4) re) ((_ re.loop 0 3) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 0 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[1,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 0) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[1,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 0) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[1,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 1) re) res)
  :B (= res ((_ re.^ 1) re))
  :model-of-B ((re (re.range "a" "b")) (res (re.range "a" "b")))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[1,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 1) re) res)
  :B (= res ((_ re.^ 1) re))
  :model-of-B ((re (re.range "a" "b")) (res (re.range "a" "b")))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[1,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 3) re) res)
  :B (= res (re.union ((_ re.^ 1) re) ((_ re.^ 2) re) ((_ re.^ 3) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 1 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[1,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 3) re) res)
  :B (= res (re.union ((_ re.^ 3) re) ((_ re.loop 1 2) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 1 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[1,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 4) re) res)
  :B (= res (re.union ((_ re.^ 1) re) ((_ re.^ 2) re) ((_ re.^ 3) re) ((_ re.^ 4) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 1 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[1,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 1 4) re) res)
  :B (= res (re.union ((_ re.^ 4) re) ((_ re.loop 1 3) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 1 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[3,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 0) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[3,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 0) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[3,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 1) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[3,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 1) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[3,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 3) re) res)
  :B (= res ((_ re.^ 3) re))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.^ 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[3,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 3) re) res)
  :B (= res ((_ re.^ 3) re))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.^ 3) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[3,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 4) re) res)
  :B (= res (re.union ((_ re.^ 3) re) ((_ re.^ 4) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 3 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[3,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 3 4) re) res)
  :B (= res (re.union ((_ re.^ 4) re) ((_ re.loop 3 3) re)))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.loop 3 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[4,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 0) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[4,0]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 0) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[4,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 1) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[4,1]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 1) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[4,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 3) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[4,3]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 3) re) res)
  :B (= res re.none)
  :model-of-B ((re (re.range "a" "b")) (res re.none))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5[4,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 4) re) res)
  :B (= res ((_ re.^ 4) re))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.^ 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

(row |E5'[4,4]|
  :clause "((_ re.loop i n) e) is re.none if i > n, ((_ re.^ i) e) if i = n, (re.union ((_ re.^ i) e) ... ((_ re.^ n) e)) if i < n"
  :declare ((re RegLan) (res RegLan))
  :A (= ((_ re.loop 4 4) re) res)
  :B (= res ((_ re.^ 4) re))
  :model-of-B ((re (re.range "a" "b")) (res ((_ re.^ 4) (re.range "a" "b"))))
  :model-of-not-A ((re (re.range "a" "b")) (res re.all)))

; E6: range(s1, s2) = res, one branch per pair of strings ("", "a", "b", "ab",
; "\u{e4}": Table 2.4's and two that are not singletons or not ASCII).
(row |E6["",""]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "" "") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["","a"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "" "a") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["","b"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "" "b") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["","ab"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "" "ab") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["","ä"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "" "\u{e4}") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["a",""]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "a" "") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["a","a"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "a" "a") res)
  :B (= res (str.to_re "a"))
  :model-of-B ((res (str.to_re "a")))
  :model-of-not-A ((res re.all)))

(row |E6["a","b"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "a" "b") res)
  :B (= res (re.union (str.to_re "a") (str.to_re "b")))
  :model-of-B ((res (re.range "a" "b")))
  :model-of-not-A ((res re.all)))

(row |E6["a","ab"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "a" "ab") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["a","ä"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "a" "\u{e4}") res)
  :B (= res
       (re.union (str.to_re "a")
         (str.to_re "b")
         (str.to_re "c")
         (str.to_re "d")
         (str.to_re "e")
         (str.to_re "f")
         (str.to_re "g")
         (str.to_re "h")
         (str.to_re "i")
         (str.to_re "j")
         (str.to_re "k")
         (str.to_re "l")
         (str.to_re "m")
         (str.to_re "n")
         (str.to_re "o")
         (str.to_re "p")
         (str.to_re "q")
         (str.to_re "r")
         (str.to_re "s")
         (str.to_re "t")
         (str.to_re "u")
         (str.to_re "v")
         (str.to_re "w")
         (str.to_re "x")
         (str.to_re "y")
         (str.to_re "z")
         (str.to_re "{")
         (str.to_re "|")
         (str.to_re "}")
         (str.to_re "~")
         (str.to_re "\u{7f}")
         (str.to_re "\u{80}")
         (str.to_re "\u{81}")
         (str.to_re "\u{82}")
         (str.to_re "\u{83}")
         (str.to_re "\u{84}")
         (str.to_re "\u{85}")
         (str.to_re "\u{86}")
         (str.to_re "\u{87}")
         (str.to_re "\u{88}")
         (str.to_re "\u{89}")
         (str.to_re "\u{8a}")
         (str.to_re "\u{8b}")
         (str.to_re "\u{8c}")
         (str.to_re "\u{8d}")
         (str.to_re "\u{8e}")
         (str.to_re "\u{8f}")
         (str.to_re "\u{90}")
         (str.to_re "\u{91}")
         (str.to_re "\u{92}")
         (str.to_re "\u{93}")
         (str.to_re "\u{94}")
         (str.to_re "\u{95}")
         (str.to_re "\u{96}")
         (str.to_re "\u{97}")
         (str.to_re "\u{98}")
         (str.to_re "\u{99}")
         (str.to_re "\u{9a}")
         (str.to_re "\u{9b}")
         (str.to_re "\u{9c}")
         (str.to_re "\u{9d}")
         (str.to_re "\u{9e}")
         (str.to_re "\u{9f}")
         (str.to_re "\u{a0}")
         (str.to_re "\u{a1}")
         (str.to_re "\u{a2}")
         (str.to_re "\u{a3}")
         (str.to_re "\u{a4}")
         (str.to_re "\u{a5}")
         (str.to_re "\u{a6}")
         (str.to_re "\u{a7}")
         (str.to_re "\u{a8}")
         (str.to_re "\u{a9}")
         (str.to_re "\u{aa}")
         (str.to_re "\u{ab}")
         (str.to_re "\u{ac}")
         (str.to_re "\u{ad}")
         (str.to_re "\u{ae}")
         (str.to_re "\u{af}")
         (str.to_re "\u{b0}")
         (str.to_re "\u{b1}")
         (str.to_re "\u{b2}")
         (str.to_re "\u{b3}")
         (str.to_re "\u{b4}")
         (str.to_re "\u{b5}")
         (str.to_re "\u{b6}")
         (str.to_re "\u{b7}")
         (str.to_re "\u{b8}")
         (str.to_re "\u{b9}")
         (str.to_re "\u{ba}")
         (str.to_re "\u{bb}")
         (str.to_re "\u{bc}")
         (str.to_re "\u{bd}")
         (str.to_re "\u{be}")
         (str.to_re "\u{bf}")
         (str.to_re "\u{c0}")
         (str.to_re "\u{c1}")
         (str.to_re "\u{c2}")
         (str.to_re "\u{c3}")
         (str.to_re "\u{c4}")
         (str.to_re "\u{c5}")
         (str.to_re "\u{c6}")
         (str.to_re "\u{c7}")
         (str.to_re "\u{c8}")
         (str.to_re "\u{c9}")
         (str.to_re "\u{ca}")
         (str.to_re "\u{cb}")
         (str.to_re "\u{cc}")
         (str.to_re "\u{cd}")
         (str.to_re "\u{ce}")
         (str.to_re "\u{cf}")
         (str.to_re "\u{d0}")
         (str.to_re "\u{d1}")
         (str.to_re "\u{d2}")
         (str.to_re "\u{d3}")
         (str.to_re "\u{d4}")
         (str.to_re "\u{d5}")
         (str.to_re "\u{d6}")
         (str.to_re "\u{d7}")
         (str.to_re "\u{d8}")
         (str.to_re "\u{d9}")
         (str.to_re "\u{da}")
         (str.to_re "\u{db}")
         (str.to_re "\u{dc}")
         (str.to_re "\u{dd}")
         (str.to_re "\u{de}")
         (str.to_re "\u{df}")
         (str.to_re "\u{e0}")
         (str.to_re "\u{e1}")
         (str.to_re "\u{e2}")
         (str.to_re "\u{e3}")
         (str.to_re "\u{e4}")))
  :model-of-B ((res (re.range "a" "\u{e4}")))
  :model-of-not-A ((res re.all)))

(row |E6["b",""]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "b" "") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["b","a"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "b" "a") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["b","b"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "b" "b") res)
  :B (= res (str.to_re "b"))
  :model-of-B ((res (str.to_re "b")))
  :model-of-not-A ((res re.all)))

(row |E6["b","ab"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "b" "ab") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["b","ä"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "b" "\u{e4}") res)
  :B (= res
       (re.union (str.to_re "b")
         (str.to_re "c")
         (str.to_re "d")
         (str.to_re "e")
         (str.to_re "f")
         (str.to_re "g")
         (str.to_re "h")
         (str.to_re "i")
         (str.to_re "j")
         (str.to_re "k")
         (str.to_re "l")
         (str.to_re "m")
         (str.to_re "n")
         (str.to_re "o")
         (str.to_re "p")
         (str.to_re "q")
         (str.to_re "r")
         (str.to_re "s")
         (str.to_re "t")
         (str.to_re "u")
         (str.to_re "v")
         (str.to_re "w")
         (str.to_re "x")
         (str.to_re "y")
         (str.to_re "z")
         (str.to_re "{")
         (str.to_re "|")
         (str.to_re "}")
         (str.to_re "~")
         (str.to_re "\u{7f}")
         (str.to_re "\u{80}")
         (str.to_re "\u{81}")
         (str.to_re "\u{82}")
         (str.to_re "\u{83}")
         (str.to_re "\u{84}")
         (str.to_re "\u{85}")
         (str.to_re "\u{86}")
         (str.to_re "\u{87}")
         (str.to_re "\u{88}")
         (str.to_re "\u{89}")
         (str.to_re "\u{8a}")
         (str.to_re "\u{8b}")
         (str.to_re "\u{8c}")
         (str.to_re "\u{8d}")
         (str.to_re "\u{8e}")
         (str.to_re "\u{8f}")
         (str.to_re "\u{90}")
         (str.to_re "\u{91}")
         (str.to_re "\u{92}")
         (str.to_re "\u{93}")
         (str.to_re "\u{94}")
         (str.to_re "\u{95}")
         (str.to_re "\u{96}")
         (str.to_re "\u{97}")
         (str.to_re "\u{98}")
         (str.to_re "\u{99}")
         (str.to_re "\u{9a}")
         (str.to_re "\u{9b}")
         (str.to_re "\u{9c}")
         (str.to_re "\u{9d}")
         (str.to_re "\u{9e}")
         (str.to_re "\u{9f}")
         (str.to_re "\u{a0}")
         (str.to_re "\u{a1}")
         (str.to_re "\u{a2}")
         (str.to_re "\u{a3}")
         (str.to_re "\u{a4}")
         (str.to_re "\u{a5}")
         (str.to_re "\u{a6}")
         (str.to_re "\u{a7}")
         (str.to_re "\u{a8}")
         (str.to_re "\u{a9}")
         (str.to_re "\u{aa}")
         (str.to_re "\u{ab}")
         (str.to_re "\u{ac}")
         (str.to_re "\u{ad}")
         (str.to_re "\u{ae}")
         (str.to_re "\u{af}")
         (str.to_re "\u{b0}")
         (str.to_re "\u{b1}")
         (str.to_re "\u{b2}")
         (str.to_re "\u{b3}")
         (str.to_re "\u{b4}")
         (str.to_re "\u{b5}")
         (str.to_re "\u{b6}")
         (str.to_re "\u{b7}")
         (str.to_re "\u{b8}")
         (str.to_re "\u{b9}")
         (str.to_re "\u{ba}")
         (str.to_re "\u{bb}")
         (str.to_re "\u{bc}")
         (str.to_re "\u{bd}")
         (str.to_re "\u{be}")
         (str.to_re "\u{bf}")
         (str.to_re "\u{c0}")
         (str.to_re "\u{c1}")
         (str.to_re "\u{c2}")
         (str.to_re "\u{c3}")
         (str.to_re "\u{c4}")
         (str.to_re "\u{c5}")
         (str.to_re "\u{c6}")
         (str.to_re "\u{c7}")
         (str.to_re "\u{c8}")
         (str.to_re "\u{c9}")
         (str.to_re "\u{ca}")
         (str.to_re "\u{cb}")
         (str.to_re "\u{cc}")
         (str.to_re "\u{cd}")
         (str.to_re "\u{ce}")
         (str.to_re "\u{cf}")
         (str.to_re "\u{d0}")
         (str.to_re "\u{d1}")
         (str.to_re "\u{d2}")
         (str.to_re "\u{d3}")
         (str.to_re "\u{d4}")
         (str.to_re "\u{d5}")
         (str.to_re "\u{d6}")
         (str.to_re "\u{d7}")
         (str.to_re "\u{d8}")
         (str.to_re "\u{d9}")
         (str.to_re "\u{da}")
         (str.to_re "\u{db}")
         (str.to_re "\u{dc}")
         (str.to_re "\u{dd}")
         (str.to_re "\u{de}")
         (str.to_re "\u{df}")
         (str.to_re "\u{e0}")
         (str.to_re "\u{e1}")
         (str.to_re "\u{e2}")
         (str.to_re "\u{e3}")
         (str.to_re "\u{e4}")))
  :model-of-B ((res (re.range "b" "\u{e4}")))
  :model-of-not-A ((res re.all)))

(row |E6["ab",""]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "ab" "") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ab","a"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "ab" "a") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ab","b"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "ab" "b") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ab","ab"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "ab" "ab") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ab","ä"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "ab" "\u{e4}") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ä",""]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "\u{e4}" "") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ä","a"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "\u{e4}" "a") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ä","b"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "\u{e4}" "b") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ä","ab"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "\u{e4}" "ab") res)
  :B (= res re.none)
  :model-of-B ((res re.none))
  :model-of-not-A ((res re.all)))

(row |E6["ä","ä"]|
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons (one character each), ∅ otherwise"
  :declare ((res RegLan))
  :A (= (re.range "\u{e4}" "\u{e4}") res)
  :B (= res (str.to_re "\u{e4}"))
  :model-of-B ((res (str.to_re "\u{e4}")))
  :model-of-not-A ((res re.all)))

; E7: complement(re) = res <=> res = difference(reᶜ, re).
(row E7
  :clause "⟦re.comp⟧(L) = UC* \ L; ⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :declare ((re RegLan) (res RegLan))
  :A (= (re.comp re) res)
  :B (= res (re.diff (re.comp re) re))
  :model-of-B ((re (str.to_re "a")) (res (re.comp (str.to_re "a"))))
  :model-of-not-A ((re (str.to_re "a")) (res re.all)))
