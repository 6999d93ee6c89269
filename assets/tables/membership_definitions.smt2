; The definitions behind the membership rows (EM1-EM10), read by
; src/generate/regex/membership_equivalences.rs (row format:
; src/generate/tables/): A is the membership of a String s in op(args), B
; what the :definition of op in the SMT-LIB 2.6 Unicode Strings theory says
; of s (:clause). Each definition gives its rows there: plain, with a Boolean
; literal as its result, and with constant languages; the witnesses are found
; there by search.

(definition EM1
  :clause "⟦re.comp⟧(L) = UC* \ L; ⟦str.in_re⟧(w, L) = true iff w ∈ L"
  :A (str.in_re s (re.comp re))
  :B (not (str.in_re s re)))

(definition EM2
  :clause "⟦re.union⟧(L₁, L₂) = L₁ ∪ L₂"
  :A (str.in_re s (re.union re1 re2))
  :B (or (str.in_re s re1) (str.in_re s re2)))

(definition EM3
  :clause "⟦re.inter⟧(L₁, L₂) = L₁ ∩ L₂"
  :A (str.in_re s (re.inter re1 re2))
  :B (and (str.in_re s re1) (str.in_re s re2)))

(definition EM4
  :clause "⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :A (str.in_re s (re.diff re1 re2))
  :B (and (str.in_re s re1) (not (str.in_re s re2))))

(definition EM5
  :clause "⟦str.to_re⟧(w) = { w }"
  :A (str.in_re s (str.to_re t))
  :B (= s t))

(definition EM6
  :clause "⟦re.allchar⟧ = UC (the words of length 1)"
  :A (str.in_re s re.allchar)
  :B (= (str.len s) 1))

(definition |EM7[n=0]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :A (str.in_re s ((_ re.^ 0) re.allchar))
  :B (= (str.len s) 0))

(definition |EM7[n=1]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :A (str.in_re s ((_ re.^ 1) re.allchar))
  :B (= (str.len s) 1))

(definition |EM7[n=3]|
  :clause "((_ re.^ n) e) is (str.to_re """") if n = 0, and (re.++ e ((_ re.^ n-1) e)) otherwise"
  :A (str.in_re s ((_ re.^ 3) re.allchar))
  :B (= (str.len s) 3))

(definition EM8
  :clause "⟦re.range⟧(w₁, w₂) = { w ∈ UC | w₁ ≤ w ≤ w₂ } if w₁ and w₂ are singletons"
  :A (str.in_re s (re.range "a" "c"))
  :B (and (= (str.len s) 1) (str.<= "a" s) (str.<= s "c")))

(definition EM9
  :clause "(re.opt e) abbreviates (re.union e (str.to_re """"))"
  :A (str.in_re s (re.opt re))
  :B (or (= s "") (str.in_re s re)))

(definition EM10
  :clause "⟦re.++⟧(L₁, L₂) = L₁ ⋅ L₂; ⟦str.substr⟧(w, m, n) is the longest substring of w of length at most n starting at m"
  :A (str.in_re s (re.++ (str.to_re t) re))
  :B (and (str.prefixof t s) (str.in_re (str.substr s (str.len t) (str.len s)) re)))
