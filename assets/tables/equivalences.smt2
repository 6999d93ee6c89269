; The equivalent formulas of the ICSE 2020 paper's Table 2 (E1-E12) and ours
; (E13-E21), read by src/generate/strings/equivalent_formulas.rs (the row
; format is in src/generate/tables/). A row is A <=> B; the case is (not A) and
; B, named a0 and a1, unsat with the unique core {a0, a1}. :declare lists the
; free variables of A and B (B's former existentials included); each model
; satisfies its half alone. Where a row departs from the printed table, the
; module docs of equivalent_formulas.rs say why.

; E1: (str.at s i) is (str.substr s i 1) by the standard's definition.
(row E1 :paper true :op str.at
  :declare ((s String) (off Int) (result String))
  :A (= (str.at s off) result)
  :B (= result (str.substr s off 1))
  :model-of-B ((s "ab") (off 1) (result "b"))
  :model-of-not-A ((s "ab") (off 1) (result "a")))

; E2: decimal notation, split at the last digit.
(row E2 :paper true :op str.from_int
  :declare ((n Int) (result String))
  :A (= (str.from_int n) result)
  :B (and (=> (< n 0) (= result ""))
       (=> (= n 0) (= result "0"))
       (=> (= n 1) (= result "1"))
       (=> (= n 2) (= result "2"))
       (=> (= n 3) (= result "3"))
       (=> (= n 4) (= result "4"))
       (=> (= n 5) (= result "5"))
       (=> (= n 6) (= result "6"))
       (=> (= n 7) (= result "7"))
       (=> (= n 8) (= result "8"))
       (=> (= n 9) (= result "9"))
       (=> (>= n 10) (= result (str.++ (str.from_int (div n 10)) (str.from_int (mod n 10))))))
  :model-of-B ((n 42) (result "42"))
  :model-of-not-A ((n 42) (result "24")))

; E3: the first occurrence (index, s1 before it) is replaced; the
; listing's `(ite (>= index 0) ...)` encoding.
(row E3 :paper true :op str.replace
  :declare ((s String) (t String) (u String) (result String) (index Int) (s1 String) (s2 String)
            (s3 String))
  :A (= (str.replace s t u) result)
  :B (and (= (str.indexof s t 0) index)
       (ite (>= index 0)
         (and (= s (str.++ s1 s2 s3))
           (= (str.len s1) index)
           (= s2 t)
           (= result (str.++ s1 u s3)))
         (= result s)))
  :model-of-B ((s "xay") (t "a") (u "bc") (result "xbcy") (index 1) (s1 "x") (s2 "a") (s3 "y"))
  :model-of-not-A ((s "xay") (t "a") (u "bc") (result "xay") (index 0) (s1 "") (s2 "") (s3 "")))

; E4 (corrected, see the module docs): substr is clipped at the end.
(row E4 :paper true :op str.substr
  :declare ((s String) (off Int) (len Int) (result String) (s1 String) (s2 String) (s3 String))
  :A (= (str.substr s off len) result)
  :B (ite (and (>= off 0) (< off (str.len s)) (> len 0))
       (and (= s (str.++ s1 s2 s3))
         (= (str.len s1) off)
         (or (= (str.len s2) len) (and (< (str.len s2) len) (= s3 "")))
         (= result s2))
       (= result ""))
  :model-of-B ((s "abc") (off 1) (len 5) (result "bc") (s1 "a") (s2 "bc") (s3 ""))
  :model-of-not-A ((s "abc") (off 1) (len 5) (result "b") (s1 "") (s2 "") (s3 "")))

; E5 (reconstructed, see the module docs). The ∀ i says that no
; occurrence of t starts in s2: such an occurrence would lie inside
; s2 ++ (t without its last character).
(row E5 :paper true :op str.indexof
  :declare ((s String) (t String) (off Int) (result Int) (s1 String) (s2 String) (s4 String))
  :A (= (str.indexof s t off) result)
  :B (ite (and (= t "") (and (>= off 0) (<= off (str.len s))))
       (= result off)
       (ite (and (and (>= off 0) (<= off (str.len s)))
              (str.contains (str.substr s off (- (str.len s) off)) t))
         (and (= s (str.++ s1 s2 t s4))
           (= off (str.len s1))
           (forall ((i Int))
             (! (=> (and (>= i 0) (< i (str.len t)))
                  (= (str.contains (str.++ s2 (str.substr t 0 i)) t) false))
               :pattern ((str.substr t 0 i))))
           (= result (str.len (str.++ s1 s2))))
         (= result (- 1))))
  :model-of-B ((s "abab") (t "b") (off 2) (result 3) (s1 "ab") (s2 "a") (s4 ""))
  :model-of-not-A ((s "abab") (t "b") (off 2) (result 1) (s1 "") (s2 "") (s4 "")))

; E6 (corrected for leading zeros, see the module docs).
(row E6 :paper true :op str.to_int
  :declare ((s String) (result Int) (p String))
  :A (= (str.to_int s) result)
  :B (ite (and (not (= s ""))
            (forall ((j Int))
              (! (=> (and (>= j 0) (< j (str.len s)))
                   (or (= (str.at s j) "0")
                     (= (str.at s j) "1")
                     (= (str.at s j) "2")
                     (= (str.at s j) "3")
                     (= (str.at s j) "4")
                     (= (str.at s j) "5")
                     (= (str.at s j) "6")
                     (= (str.at s j) "7")
                     (= (str.at s j) "8")
                     (= (str.at s j) "9")))
                :pattern ((str.at s j)))))
       (and (>= result 0)
         (= s (str.++ p (str.from_int result)))
         (forall ((k Int))
           (! (=> (and (>= k 0) (< k (str.len p))) (= (str.at p k) "0"))
             :pattern ((str.at p k)))))
       (= result (- 1)))
  :model-of-B ((s "07") (result 7) (p "0"))
  :model-of-not-A ((s "07") (result (- 1)) (p "")))

; E7-E12: containment, prefix, suffix.
(row E7 :paper true :op str.contains
  :declare ((s String) (t String) (s1 String) (s3 String))
  :A (= (str.contains s t) true)
  :B (= s (str.++ s1 t s3))
  :model-of-B ((s "abc") (t "b") (s1 "a") (s3 "c"))
  :model-of-not-A ((s "abc") (t "d") (s1 "") (s3 "")))

(row E8 :paper true :op str.contains
  :declare ((s String) (t String))
  :A (= (str.contains s t) false)
  :B (forall ((s1 String) (s2 String) (s3 String))
       (! (=> (= s (str.++ s1 s2 s3)) (not (= s2 t))) :pattern ((str.++ s1 s2 s3))))
  :model-of-B ((s "ab") (t "ba"))
  :model-of-not-A ((s "ab") (t "b")))

(row E9 :paper true :op str.prefixof
  :declare ((s String) (t String) (t2 String))
  :A (= (str.prefixof s t) true)
  :B (= t (str.++ s t2))
  :model-of-B ((s "a") (t "ab") (t2 "b"))
  :model-of-not-A ((s "b") (t "ab") (t2 "")))

(row E10 :paper true :op str.prefixof
  :declare ((s String) (t String))
  :A (= (str.prefixof s t) false)
  :B (forall ((t1 String) (t2 String))
       (! (=> (= t (str.++ t1 t2)) (not (= t1 s))) :pattern ((str.++ t1 t2))))
  :model-of-B ((s "b") (t "ab"))
  :model-of-not-A ((s "a") (t "ab")))

(row E11 :paper true :op str.suffixof
  :declare ((s String) (t String) (t1 String))
  :A (= (str.suffixof s t) true)
  :B (= t (str.++ t1 s))
  :model-of-B ((s "b") (t "ab") (t1 "a"))
  :model-of-not-A ((s "a") (t "ab") (t1 "")))

(row E12 :paper true :op str.suffixof
  :declare ((s String) (t String))
  :A (= (str.suffixof s t) false)
  :B (forall ((t1 String) (t2 String))
       (! (=> (= t (str.++ t1 t2)) (not (= t2 s))) :pattern ((str.++ t1 t2))))
  :model-of-B ((s "a") (t "ab"))
  :model-of-not-A ((s "b") (t "ab")))

; ---- Beyond the paper.
; E13: str.replace_all, "s if t is empty; otherwise the result of
; replacing, left to right, each non-overlapping occurrence of t in s
; by t'": one step of that left-to-right process.
(row E13 :paper false :op str.replace_all
  :declare ((s String) (t String) (u String) (result String) (s1 String) (s3 String))
  :A (= (str.replace_all s t u) result)
  :B (ite (or (= t "") (not (str.contains s t)))
       (= result s)
       (and (= s (str.++ s1 t s3))
         (forall ((i Int))
           (! (=> (and (>= i 0) (< i (str.len t)))
                (= (str.contains (str.++ s1 (str.substr t 0 i)) t) false))
             :pattern ((str.substr t 0 i))))
         (= result (str.++ s1 u (str.replace_all s3 t u)))))
  :model-of-B ((s "abab") (t "b") (u "c") (result "acac") (s1 "a") (s3 "ab"))
  :model-of-not-A ((s "abab") (t "b") (u "c") (result "acab") (s1 "") (s3 "")))

; E14: str.<, "s is lexicographically smaller than t": a proper prefix,
; or smaller at the first position where they differ.
(row E14 :paper false :op str.<
  :declare ((s String) (t String) (t2 String) (p String) (c1 String) (c2 String) (s5 String)
            (t3 String))
  :A (= (str.< s t) true)
  :B (or (and (= t (str.++ s t2)) (not (= t2 "")))
       (and (= s (str.++ p c1 s5))
         (= t (str.++ p c2 t3))
         (= (str.len c1) 1)
         (= (str.len c2) 1)
         (< (str.to_code c1) (str.to_code c2))))
  :model-of-B ((s "ab") (t "b") (t2 "") (p "") (c1 "a") (c2 "b") (s5 "b") (t3 ""))
  :model-of-not-A ((s "b") (t "ab") (t2 "") (p "") (c1 "") (c2 "") (s5 "") (t3 "")))

; E15-E17: str.< and str.<= are a strict total order and its reflexive
; closure ("(str.<= s t) is s = t or (str.< s t)").
(row E15 :paper false :op str.<
  :declare ((s String) (t String))
  :A (= (str.< s t) false)
  :B (str.<= t s)
  :model-of-B ((s "b") (t "ab"))
  :model-of-not-A ((s "ab") (t "b")))

(row E16 :paper false :op str.<=
  :declare ((s String) (t String))
  :A (= (str.<= s t) true)
  :B (or (= s t) (str.< s t))
  :model-of-B ((s "a") (t "a"))
  :model-of-not-A ((s "b") (t "a")))

(row E17 :paper false :op str.<=
  :declare ((s String) (t String))
  :A (= (str.<= s t) false)
  :B (str.< t s)
  :model-of-B ((s "b") (t "a"))
  :model-of-not-A ((s "a") (t "a")))

; E18-E19: str.is_digit, "true iff s is a single character in the range
; char(48) to char(57)"; str.to_code is -1 unless |s| = 1.
(row E18 :paper false :op str.is_digit
  :declare ((s String))
  :A (= (str.is_digit s) true)
  :B (and (<= 48 (str.to_code s)) (<= (str.to_code s) 57))
  :model-of-B ((s "7"))
  :model-of-not-A ((s "77")))

(row E19 :paper false :op str.is_digit
  :declare ((s String))
  :A (= (str.is_digit s) false)
  :B (or (< (str.to_code s) 48) (> (str.to_code s) 57))
  :model-of-B ((s "a"))
  :model-of-not-A ((s "0")))

; E20-E21: str.to_code is the code of a one-character string, -1
; otherwise; str.from_code its inverse on 0..=196607, "" otherwise.
(row E20 :paper false :op str.to_code
  :declare ((s String) (result Int))
  :A (= (str.to_code s) result)
  :B (ite (= (str.len s) 1) (= (str.from_code result) s) (= result (- 1)))
  :model-of-B ((s "a") (result 97))
  :model-of-not-A ((s "a") (result 98)))

(row E21 :paper false :op str.from_code
  :declare ((n Int) (result String))
  :A (= (str.from_code n) result)
  :B (ite (and (<= 0 n) (<= n 196607))
       (and (= (str.len result) 1) (= (str.to_code result) n))
       (= result ""))
  :model-of-B ((n 196607) (result "\u{2ffff}"))
  :model-of-not-A ((n 196608) (result "a")))
