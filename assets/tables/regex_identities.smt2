; The identities of Kuehne 2022, Table 2.6 (RNC1-RNC11, RC1-RC7) and ours
; (RNC12.., RC8..), read by src/transform/regex_identities.rs in the format of
; identities.smt2 (src/generate/tables/ has the row format). Languages are
; compared as languages; a RegLan constant is written as a regex term.

(identity RNC1 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.union re re.none)
  :rhs re)

(identity RNC2 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.union re re)
  :rhs re)

(identity RNC3 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.inter re re.all)
  :rhs re)

(identity RNC4 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.inter re re)
  :rhs re)

(identity RNC5 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.diff re re.none)
  :rhs re)

(identity RNC6 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.++ re (str.to_re ""))
  :rhs re)

(identity RNC7 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.++ (str.to_re "") re)
  :rhs re)

(identity RNC8 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs ((_ re.^ 1) re)
  :rhs re)

(identity RNC9 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs ((_ re.loop 1 1) re)
  :rhs re)

; The side of RNC10 and RNC11: no substring of s1 is in re.
(identity RNC10 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((s1 String) (re RegLan) (s2 String))
  :lhs (str.replace_re s1 re s2)
  :rhs s1
  :if (not (str.in_re s1 (re.++ re.all re re.all))))

(identity RNC11 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((s1 String) (re RegLan) (s2 String))
  :lhs (str.replace_re_all s1 re s2)
  :rhs s1
  :if (not (str.in_re s1 (re.++ re.all re re.all))))

(identity RC1 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((s String))
  :lhs (str.in_re s re.all)
  :rhs true)

(identity RC2 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((s String))
  :lhs (str.in_re s re.none)
  :rhs false)

(identity RC3 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((s1 String) (s2 String))
  :lhs (re.range s1 s2)
  :rhs re.none
  :if (or (not (= (str.len s1) 1)) (not (= (str.len s2) 1)) (str.< s2 s1)))

(identity RC4 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs ((_ re.^ 0) re)
  :rhs (str.to_re ""))

(identity RC5 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs ((_ re.loop 3 1) re)
  :rhs re.none)

(identity RC6 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.union re (re.comp re))
  :rhs re.all)

(identity RC7 :paper false :total true
  :source "Kühne 2022, Table 2.6"
  :vars ((re RegLan))
  :lhs (re.inter re (re.comp re))
  :rhs re.none)

; L \ (UC* \ L) = L.
(identity RNC12 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.diff: ⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :vars ((re RegLan))
  :lhs (re.diff re (re.comp re))
  :rhs re)

; (L ∪ L₂) \ (L₂ \ L) = L: a word of L is never in L₂ \ L.
(identity RNC13 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.diff: ⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :vars ((re RegLan) (re2 RegLan))
  :lhs (re.diff (re.union re re2) (re.diff re2 re))
  :rhs re)

; L₂⁰ = {ε} for every L₂, re.none included.
(identity RNC14 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.^: L⁰ = {ε}, Lⁿ⁺¹ = ⟦re.++⟧(L, Lⁿ)"
  :vars ((re RegLan) (re2 RegLan))
  :lhs (re.++ ((_ re.^ 0) re2) re)
  :rhs re)

; ∅² = ∅: a power n >= 1 of the empty language is empty.
(identity RNC15 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.^: L⁰ = {ε}, Lⁿ⁺¹ = ⟦re.++⟧(L, Lⁿ)"
  :vars ((re RegLan) (re2 RegLan))
  :lhs (re.union re ((_ re.^ 2) (re.diff re2 re2)))
  :rhs re)

; re.loop 3 1 is ∅ (i > n), whatever L₂.
(identity RNC16 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.loop: Lⁱ ∪ ... ∪ Lⁿ if i <= n, ∅ otherwise"
  :vars ((re RegLan) (re2 RegLan))
  :lhs (re.union ((_ re.loop 3 1) re2) re)
  :rhs re)

; L ⊆ L⁰ ∪ L¹ ∪ L².
(identity RNC17 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.loop: Lⁱ ∪ ... ∪ Lⁿ if i <= n, ∅ otherwise"
  :vars ((re RegLan))
  :lhs (re.inter ((_ re.loop 0 2) re) re)
  :rhs re)

; The only match of {w} in w is w itself at 0 (for w = ε, the empty
; prefix, replaced by ε).
(identity RNC18 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re: u₁w₂u₂ with u₁, then w₁ ∈ L, shortest (if ε ∈ L, w₂w); w if no substring of w is in L"
  :vars ((s1 String))
  :lhs (str.replace_re s1 (str.to_re s1) s1)
  :rhs s1)

(identity RNC19 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re_all: w if no non-empty substring of w is in L; else u₁w₂ and the rest, w₁ ≠ ε shortest after the shortest u₁"
  :vars ((s1 String))
  :lhs (str.replace_re_all s1 (str.to_re s1) s1)
  :rhs s1)

; The side: no non-empty substring of s1 is in re, replace_re_all's first case.
; Exactly the first case of the clause (weaker than RNC11's side:
; re may hold ε); total with re := re.none.
(identity RNC20 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re_all: w if no non-empty substring of w is in L; else u₁w₂ and the rest, w₁ ≠ ε shortest after the shortest u₁"
  :vars ((s1 String) (re RegLan) (s2 String))
  :lhs (str.replace_re_all s1 re s2)
  :rhs s1
  :if (not (str.in_re s1 (re.++ re.all (re.diff re (str.to_re "")) re.all))))

; L⁰ = {ε} has no non-empty word: nothing is replaced.
(identity RNC21 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re_all: w if no non-empty substring of w is in L; else u₁w₂ and the rest, w₁ ≠ ε shortest after the shortest u₁"
  :vars ((s1 String) (re RegLan) (s2 String))
  :lhs (str.replace_re_all s1 ((_ re.^ 0) re) s2)
  :rhs s1)

; re.loop 3 1 is ∅: no substring matches.
(identity RNC22 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re: u₁w₂u₂ with u₁, then w₁ ∈ L, shortest (if ε ∈ L, w₂w); w if no substring of w is in L"
  :vars ((s1 String) (re RegLan) (s2 String))
  :lhs (str.replace_re s1 ((_ re.loop 3 1) re) s2)
  :rhs s1)

; "if ε ∈ L, then both u₁ and w₁ must be ε, so the result is just
; w₂w".
(identity RC8 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re: u₁w₂u₂ with u₁, then w₁ ∈ L, shortest (if ε ∈ L, w₂w); w if no substring of w is in L"
  :vars ((s String) (re RegLan) (t String))
  :lhs (= (str.replace_re s re t) (str.++ t s))
  :rhs true
  :if (str.in_re "" re))

; A prefix of s in L: the leftmost match starts at 0 (u₁ = ε), so
; the result starts with w₂.
(identity RC9 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, str.replace_re: u₁w₂u₂ with u₁, then w₁ ∈ L, shortest (if ε ∈ L, w₂w); w if no substring of w is in L"
  :vars ((s String) (re RegLan) (t String))
  :lhs (str.prefixof t (str.replace_re s re t))
  :rhs true
  :if (str.in_re s (re.++ re re.all)))

; L⁰ ∪ ... ∪ L⁰ = L⁰ = {ε}.
(identity RC10 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.loop: Lⁱ ∪ ... ∪ Lⁿ if i <= n, ∅ otherwise"
  :vars ((re RegLan))
  :lhs ((_ re.loop 0 0) re)
  :rhs (str.to_re ""))

(identity RC11 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.diff: ⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :vars ((re RegLan))
  :lhs (re.diff re re)
  :rhs re.none)

; ∅¹ ∪ ∅² ∪ ∅³ = ∅ (i >= 1).
(identity RC12 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.loop: Lⁱ ∪ ... ∪ Lⁿ if i <= n, ∅ otherwise"
  :vars ((re RegLan))
  :lhs ((_ re.loop 1 3) (re.diff re re.all))
  :rhs re.none)

(identity RC13 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.diff: ⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :vars ((re RegLan))
  :lhs (re.union (re.diff re.all re) re)
  :rhs re.all)

(identity RC14 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.diff: ⟦re.diff⟧(L₁, L₂) = L₁ \ L₂"
  :vars ((s String) (re RegLan))
  :lhs (str.in_re s (re.diff re re))
  :rhs false)

(identity RC15 :paper false :total true
  :source "SMT-LIB 2.6 Unicode Strings, re.^: L⁰ = {ε}, Lⁿ⁺¹ = ⟦re.++⟧(L, Lⁿ)"
  :vars ((s String) (re RegLan))
  :lhs (str.in_re s ((_ re.^ 0) re))
  :rhs true
  :if (= s ""))
