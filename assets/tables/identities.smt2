; The identities of the ICSE 2020 paper's Table 3 (NC1-NC8, C1-C40) and ours
; (NC9.., C41..), read by src/transform/identities.rs (the row format is in
; src/generate/tables/). A row is lhs = rhs if side (:if, true when left
; out); rhs is a variable of the row (an NC row's subject) or a constant (a C
; row). :total is the claim the transformations rely on: for an NC row, every
; value of the subject admits values of the other variables that satisfy the
; side; for a C row, the side is satisfiable. How the garbled printed table
; was reconstructed is in the module docs of identities.rs.

; ---- NC: string subjects
(identity NC1 :paper true :total false
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.at s 0)
  :rhs s
  :if (= (str.len s) 1))

(identity NC2 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.++ s "")
  :rhs s)

(identity NC3 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.++ "" s)
  :rhs s)

(identity NC4 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.replace s s s)
  :rhs s)

; total: t := s ++ "a" is never contained in s.
(identity NC5 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String) (u String))
  :lhs (str.replace s t u)
  :rhs s
  :if (= (str.contains s t) false))

(identity NC6 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String) (u String))
  :lhs (str.replace s t u)
  :rhs s
  :if (= (str.indexof s t 0) (- 1)))

(identity NC7 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.substr s 0 (str.len s))
  :rhs s)

; ---- NC: integer subject; not total (off must be in [0, |s|]).
(identity NC8 :paper true :total false
  :source "ICSE 2020, Table 3"
  :vars ((off Int) (s String))
  :lhs (str.indexof s "" off)
  :rhs off
  :if (and (>= off 0) (<= off (str.len s))))

; ---- C: string constants
(identity C1 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (off Int))
  :lhs (str.at s off)
  :rhs ""
  :if (or (< off 0) (>= off (str.len s))))

(identity C2 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ()
  :lhs (str.++ "" "")
  :rhs "")

(identity C3 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs ""
  :if (< n 0))

(identity C4 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ()
  :lhs (str.replace "" "" "")
  :rhs "")

(identity C5 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (off Int) (len Int))
  :lhs (str.substr s off len)
  :rhs ""
  :if (or (< off 0) (>= off (str.len s)) (<= len 0)))

; C6-C15: (str.from_int n) = "k" if n = k, for k = 0..9 (see the module docs).
(identity C6 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "0"
  :if (= n 0))

(identity C7 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "1"
  :if (= n 1))

(identity C8 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "2"
  :if (= n 2))

(identity C9 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "3"
  :if (= n 3))

(identity C10 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "4"
  :if (= n 4))

(identity C11 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "5"
  :if (= n 5))

(identity C12 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "6"
  :if (= n 6))

(identity C13 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "7"
  :if (= n 7))

(identity C14 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "8"
  :if (= n 8))

(identity C15 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((n Int))
  :lhs (str.from_int n)
  :rhs "9"
  :if (= n 9))

; ---- C: integer constants
(identity C16 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String) (off Int))
  :lhs (str.indexof s t off)
  :rhs (- 1)
  :if (or (< off 0) (> off (str.len s))))

(identity C17 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String) (off Int))
  :lhs (str.indexof s t off)
  :rhs (- 1)
  :if (= (str.contains s t) false))

(identity C18 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs (- 1)
  :if (= s ""))

; The paper's "∃ i" is in a positive position of the clause: i is a
; free variable of the instance.
(identity C19 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (i Int))
  :lhs (str.to_int s)
  :rhs (- 1)
  :if (and (>= i 0)
        (< i (str.len s))
        (not (= (str.at s i) "0"))
        (not (= (str.at s i) "1"))
        (not (= (str.at s i) "2"))
        (not (= (str.at s i) "3"))
        (not (= (str.at s i) "4"))
        (not (= (str.at s i) "5"))
        (not (= (str.at s i) "6"))
        (not (= (str.at s i) "7"))
        (not (= (str.at s i) "8"))
        (not (= (str.at s i) "9"))))

(identity C20 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.len s)
  :rhs 0
  :if (= s ""))

; C21-C31: (str.to_int s) = k if s = "k", for k = 0..10; C31 (k = 10) fills the
; label the printed table leaves over (see the module docs).
(identity C21 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 0
  :if (= s "0"))

(identity C22 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 1
  :if (= s "1"))

(identity C23 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 2
  :if (= s "2"))

(identity C24 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 3
  :if (= s "3"))

(identity C25 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 4
  :if (= s "4"))

(identity C26 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 5
  :if (= s "5"))

(identity C27 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 6
  :if (= s "6"))

(identity C28 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 7
  :if (= s "7"))

(identity C29 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 8
  :if (= s "8"))

(identity C30 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 9
  :if (= s "9"))

(identity C31 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.to_int s)
  :rhs 10
  :if (= s "10"))

; ---- C: Boolean constants
(identity C32 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.contains s s)
  :rhs true)

(identity C33 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (= s s)
  :rhs true)

(identity C34 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.prefixof "" s)
  :rhs true)

(identity C35 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.prefixof s s)
  :rhs true)

(identity C36 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String))
  :lhs (str.suffixof s s)
  :rhs true)

(identity C37 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String))
  :lhs (str.contains s t)
  :rhs false
  :if (= (str.indexof s t 0) (- 1)))

(identity C38 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String))
  :lhs (= s t)
  :rhs false
  :if (not (= (str.len s) (str.len t))))

(identity C39 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String))
  :lhs (str.prefixof s t)
  :rhs false
  :if (= (str.contains t s) false))

(identity C40 :paper true :total true
  :source "ICSE 2020, Table 3"
  :vars ((s String) (t String))
  :lhs (str.suffixof s t)
  :rhs false
  :if (= (str.contains t s) false))

; ---- Beyond the paper.
; str.replace_all: "(str.replace_all s t t') is s if t is empty;
; otherwise the result of replacing, left to right, each
; non-overlapping occurrence of t in s by t'" — no occurrence, no
; change (t := s ++ "a" makes the side condition hold: total).
(identity NC9 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.replace_all"
  :vars ((s String) (t String) (u String))
  :lhs (str.replace_all s t u)
  :rhs s
  :if (= (str.contains s t) false))

; The only non-overlapping occurrence of a non-empty s in s is s.
(identity NC10 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.replace_all"
  :vars ((s String))
  :lhs (str.replace_all s s s)
  :rhs s)

; str.from_code: "the string of length 1 whose only character has
; code n if 0 <= n <= 196607"; str.to_code inverts it. Not total.
(identity NC11 :paper false :total false
  :source "SMT-LIB 2.6 Strings, str.to_code / str.from_code"
  :vars ((n Int))
  :lhs (str.to_code (str.from_code n))
  :rhs n
  :if (and (>= n 0) (<= n 196607)))

(identity NC12 :paper false :total false
  :source "SMT-LIB 2.6 Strings, str.to_code / str.from_code"
  :vars ((s String))
  :lhs (str.from_code (str.to_code s))
  :rhs s
  :if (= (str.len s) 1))

; str.<= is reflexive and "" is the least string; str.< is irreflexive.
(identity C41 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.<= (s = t or str.< s t)"
  :vars ((s String))
  :lhs (str.<= s s)
  :rhs true)

(identity C42 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.<= (lexicographic order)"
  :vars ((s String))
  :lhs (str.<= "" s)
  :rhs true)

(identity C43 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.< (strict lexicographic order)"
  :vars ((s String))
  :lhs (str.< s s)
  :rhs false)

(identity C44 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.< (strict lexicographic order)"
  :vars ((s String))
  :lhs (str.< s "")
  :rhs false)

; str.is_digit: "true iff s is a single character in [48, 57]".
(identity C45 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.is_digit"
  :vars ((s String))
  :lhs (str.is_digit s)
  :rhs false
  :if (not (= (str.len s) 1)))

; str.to_code: "-1 if s is not a single character".
(identity C46 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.to_code"
  :vars ((s String))
  :lhs (str.to_code s)
  :rhs (- 1)
  :if (not (= (str.len s) 1)))

; str.from_code: "the empty string otherwise" (n outside [0, 196607]).
(identity C47 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.from_code"
  :vars ((n Int))
  :lhs (str.from_code n)
  :rhs ""
  :if (or (< n 0) (> n 196607)))

; str.replace_all on "": no occurrence of a non-empty t, and t empty
; gives s back.
(identity C48 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.replace_all"
  :vars ((t String) (u String))
  :lhs (str.replace_all "" t u)
  :rhs "")

(identity C49 :paper false :total true
  :source "SMT-LIB 2.6 Strings, str.to_code"
  :vars ()
  :lhs (str.to_code "0")
  :rhs 48)

; ---- NC: bit-vector subjects, one row per width the bv room draws
; (generate::bitvec::widths::WIDTHS; a row's sorts are fixed). Both are
; total: any w satisfies the (absent) side condition. Noise introduction
; needs a total NC row of the variable's sort (issue 41).
; bvxor: "bitwise exclusive or", so (x ^ w) ^ w = x ^ (w ^ w) = x ^ 0 = x.
; bvadd, bvsub: addition and subtraction modulo 2^W, so (x + w) - w = x.
(identity NC13 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 1)) (w (_ BitVec 1)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC14 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 1)) (w (_ BitVec 1)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC15 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 2)) (w (_ BitVec 2)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC16 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 2)) (w (_ BitVec 2)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC17 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 3)) (w (_ BitVec 3)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC18 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 3)) (w (_ BitVec 3)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC19 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 7)) (w (_ BitVec 7)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC20 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 7)) (w (_ BitVec 7)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC21 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 8)) (w (_ BitVec 8)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC22 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 8)) (w (_ BitVec 8)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC23 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 9)) (w (_ BitVec 9)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC24 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 9)) (w (_ BitVec 9)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC25 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 16)) (w (_ BitVec 16)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC26 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 16)) (w (_ BitVec 16)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC27 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 17)) (w (_ BitVec 17)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC28 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 17)) (w (_ BitVec 17)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC29 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 31)) (w (_ BitVec 31)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC30 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 31)) (w (_ BitVec 31)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC31 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 32)) (w (_ BitVec 32)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC32 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 32)) (w (_ BitVec 32)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC33 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 33)) (w (_ BitVec 33)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC34 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 33)) (w (_ BitVec 33)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC35 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 63)) (w (_ BitVec 63)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC36 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 63)) (w (_ BitVec 63)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC37 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 64)) (w (_ BitVec 64)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC38 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 64)) (w (_ BitVec 64)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC39 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 65)) (w (_ BitVec 65)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC40 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 65)) (w (_ BitVec 65)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

(identity NC41 :paper false :total true
  :source "SMT-LIB 2.6 FixedSizeBitVectors, bvxor (an involution)"
  :vars ((x (_ BitVec 128)) (w (_ BitVec 128)))
  :lhs (bvxor (bvxor x w) w)
  :rhs x)

(identity NC42 :paper false :total true
  :source "SMT-LIB 2.6 QF_BV, bvadd and bvsub modulo 2^m"
  :vars ((x (_ BitVec 128)) (w (_ BitVec 128)))
  :lhs (bvsub (bvadd x w) w)
  :rhs x)

; ---- NC: integer subjects without strings (issue 41). Every earlier row
; with an integer subject (NC8) is not total, so variable replacement and
; noise never touched a variable of an integer case. All sides are true.
; +, -: integer arithmetic is exact, so (x + w) - w = x and (x - w) + w = x.
(identity NC43 :paper false :total true
  :source "SMT-LIB 2.6 Ints, + and -"
  :vars ((x Int) (w Int))
  :lhs (- (+ x w) w)
  :rhs x)

(identity NC44 :paper false :total true
  :source "SMT-LIB 2.6 Ints, + and -"
  :vars ((x Int) (w Int))
  :lhs (+ (- x w) w)
  :rhs x)

; div: "m = n * (div m n) + (mod m n) with 0 <= (mod m n) < |n|", so 2x + 1 =
; 2 * x + 1 with 0 <= 1 < 2 makes (div (2x + 1) 2) = x for negative x too.
(identity NC45 :paper false :total true
  :source "SMT-LIB 2.6 Ints, div (Euclidean)"
  :vars ((x Int))
  :lhs (div (+ (* 2 x) 1) 2)
  :rhs x)

; div by w * w + 1 (never 0): x * n = n * x + 0, so (div (x * n) n) = x;
; non-linear in x and w.
(identity NC46 :paper false :total true
  :source "SMT-LIB 2.6 Ints, div and * (non-linear)"
  :vars ((x Int) (w Int))
  :lhs (div (* x (+ (* w w) 1)) (+ (* w w) 1))
  :rhs x)

; mod: x = w * (div x w) + (mod x w) whenever w /= 0; (+ (* w w) 1) is
; never 0.
(identity NC47 :paper false :total true
  :source "SMT-LIB 2.6 Ints, div and mod"
  :vars ((x Int) (w Int))
  :lhs (+ (* (+ (* w w) 1) (div x (+ (* w w) 1))) (mod x (+ (* w w) 1)))
  :rhs x)

; ---- C: integer constants without strings (issue 41): mod by 2 of an even
; and an odd number, and div of a non-negative w by w * w + 1 > w.
(identity C50 :paper false :total true
  :source "SMT-LIB 2.6 Ints, mod (Euclidean)"
  :vars ((w Int))
  :lhs (mod (* 2 w) 2)
  :rhs 0)

(identity C51 :paper false :total true
  :source "SMT-LIB 2.6 Ints, mod (Euclidean)"
  :vars ((w Int))
  :lhs (mod (+ (* 2 w) 1) 2)
  :rhs 1)

(identity C52 :paper false :total true
  :source "SMT-LIB 2.6 Ints, div and * (non-linear)"
  :vars ((w Int))
  :lhs (div w (+ (* w w) 1))
  :rhs 0
  :if (>= w 0))
