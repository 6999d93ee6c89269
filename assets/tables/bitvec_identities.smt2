; Bit-vector identities, width-generic, read by src/generate/bitvec/rows.rs
; (the row format is in src/generate/tables/). A row is lhs = rhs for every
; value of its variables at every width W >= :min-width. The text is
; instantiated at a width before it is parsed: the atoms W, W-1, W-2, W+1 and
; 2W, 2W-1 become numerals, bvW and bvW-1 become bv-literal names (so
; (_ bvW W) is the width as a bit-vector) and 2^W the numeral 2 to the W.
; MIN, the signed minimum, is written ((_ rotate_right 1) (_ bv1 W)).
;
; Sources: "HD" is Hacker's Delight (Warren, 2nd ed.), its section;
; "FixedSizeBitVectors" the SMT-LIB 2.6 theory and "QF_BV" the logic's
; definitions of the derived operators; "2.7" the SMT-LIB 2.7 bit-vector
; additions (overflow predicates, ubv_to_int, sbv_to_int, int_to_bv);
; "Ints and BitVectors" the bv2nat/int2bv conversions as both solvers read
; them. Every row is checked by our semantics at widths 1 2 3 7 8 9 16 31 32
; 33 63 64 65 128 on boundary and random values (rows.rs's tests).

; ---- Hacker's Delight: arithmetic and logic
(identity BV1 :min-width 1
  :source "HD 2-1: x & -x isolates the lowest set bit, as x & ~(x - 1)"
  :vars ((x (_ BitVec W)))
  :lhs (bvand x (bvneg x))
  :rhs (bvand x (bvnot (bvsub x (_ bv1 W)))))

(identity BV2 :min-width 1
  :source "HD 2-2: negation is complement plus one"
  :vars ((x (_ BitVec W)))
  :lhs (bvneg x)
  :rhs (bvadd (bvnot x) (_ bv1 W)))

(identity BV3 :min-width 1
  :source "HD 2-2: -x = ~(x - 1)"
  :vars ((x (_ BitVec W)))
  :lhs (bvneg x)
  :rhs (bvnot (bvsub x (_ bv1 W))))

(identity BV4 :min-width 1
  :source "HD 2-2: ~x = -x - 1"
  :vars ((x (_ BitVec W)))
  :lhs (bvnot x)
  :rhs (bvsub (bvneg x) (_ bv1 W)))

(identity BV5 :min-width 1
  :source "HD 2-3: x ^ y = (x | y) - (x & y)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvxor x y)
  :rhs (bvsub (bvor x y) (bvand x y)))

(identity BV6 :min-width 1
  :source "HD 2-3: x + y = (x ^ y) + 2(x & y)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvadd x y)
  :rhs (bvadd (bvxor x y) (bvshl (bvand x y) (_ bv1 W))))

(identity BV7 :min-width 1
  :source "HD 2-3: x + y = (x | y) + (x & y)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvadd x y)
  :rhs (bvadd (bvor x y) (bvand x y)))

(identity BV8 :min-width 1
  :source "HD 2-3: x - y = (x ^ y) - 2(~x & y)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsub x y)
  :rhs (bvsub (bvxor x y) (bvshl (bvand (bvnot x) y) (_ bv1 W))))

(identity BV9 :min-width 1
  :source "HD 2-3: x | y = (x & ~y) + y"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvor x y)
  :rhs (bvadd (bvand x (bvnot y)) y))

(identity BV10 :min-width 1
  :source "HD 2-3: x & y = (x | y) - (x ^ y)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvand x y)
  :rhs (bvsub (bvor x y) (bvxor x y)))

(identity BV11 :min-width 1
  :source "HD 2-5: the floor average (x & y) + ((x ^ y) >> 1), against the (W+1)-bit sum"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvadd (bvand x y) (bvlshr (bvxor x y) (_ bv1 W)))
  :rhs ((_ extract W 1) (bvadd ((_ zero_extend 1) x) ((_ zero_extend 1) y))))

(identity BV12 :min-width 1
  :source "HD 2-4: abs(x) = (x ^ (x >>s W-1)) - (x >>s W-1)"
  :vars ((x (_ BitVec W)))
  :lhs (ite (bvslt x (_ bv0 W)) (bvneg x) x)
  :rhs (bvsub (bvxor x (bvashr x (_ bvW-1 W))) (bvashr x (_ bvW-1 W))))

(identity BV13 :min-width 1
  :source "HD 2-7: x >>s (W-1) is all ones for a negative x, else zero"
  :vars ((x (_ BitVec W)))
  :lhs (bvashr x (_ bvW-1 W))
  :rhs (ite (bvslt x (_ bv0 W)) (bvnot (_ bv0 W)) (_ bv0 W)))

(identity BV14 :min-width 1
  :source "HD 2-1 (De Morgan); FixedSizeBitVectors: bvnand is (bvnot (bvand s t))"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvnand x y)
  :rhs (bvor (bvnot x) (bvnot y)))

(identity BV15 :min-width 1
  :source "HD 2-1 (De Morgan); QF_BV: bvnor is (bvnot (bvor s t))"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvnor x y)
  :rhs (bvand (bvnot x) (bvnot y)))

(identity BV16 :min-width 1
  :source "QF_BV: bvxnor is (bvor (bvand s t) (bvand (bvnot s) (bvnot t)))"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvxnor x y)
  :rhs (bvor (bvand x y) (bvand (bvnot x) (bvnot y))))

(identity BV17 :min-width 1
  :source "HD 2-3: multiplication by a negation; the ring Z/2^W"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvmul x (bvneg y))
  :rhs (bvneg (bvmul x y)))

(identity BV18 :min-width 1
  :source "FixedSizeBitVectors: bvmul and bvadd are those of Z/2^W, which distributes"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)) (z (_ BitVec W)))
  :lhs (bvmul x (bvadd y z))
  :rhs (bvadd (bvmul x y) (bvmul x z)))

(identity BV19 :min-width 1
  :source "HD 2-3: a left shift is a multiplication by a power of two (0 from W on)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvshl x y)
  :rhs (bvmul x (bvshl (_ bv1 W) y)))

(identity BV20 :min-width 1
  :source "QF_BV: bvsub is (bvadd s (bvneg t))"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsub x y)
  :rhs (bvadd x (bvneg y)))

(identity BV21 :min-width 1
  :source "FixedSizeBitVectors: bvneg is 2^W - x, i.e. 0 - x"
  :vars ((x (_ BitVec W)))
  :lhs (bvneg x)
  :rhs (bvsub (_ bv0 W) x))

(identity BV22 :min-width 1
  :source "FixedSizeBitVectors: bvudiv and bvurem, q*t + r = s, division by zero included"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvadd (bvmul (bvudiv x y) y) (bvurem x y))
  :rhs x)

(identity BV23 :min-width 1
  :source "FixedSizeBitVectors: bvudiv by zero is all ones"
  :vars ((x (_ BitVec W)))
  :lhs (bvudiv x (_ bv0 W))
  :rhs (bvnot (_ bv0 W)))

(identity BV24 :min-width 1
  :source "FixedSizeBitVectors: bvurem by zero is the dividend"
  :vars ((x (_ BitVec W)))
  :lhs (bvurem x (_ bv0 W))
  :rhs x)

; ---- two's complement: signed against unsigned
(identity BV25 :min-width 1
  :source "HD 2-12: signed comparison is unsigned comparison with the sign bits flipped"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvslt x y)
  :rhs (bvult (bvxor x ((_ rotate_right 1) (_ bv1 W))) (bvxor y ((_ rotate_right 1) (_ bv1 W)))))

(identity BV26 :min-width 1
  :source "HD 2-12: the same for bvsle and bvule"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsle x y)
  :rhs (bvule (bvxor x ((_ rotate_right 1) (_ bv1 W))) (bvxor y ((_ rotate_right 1) (_ bv1 W)))))

(identity BV27 :min-width 1
  :source "QF_BV: bvslt's definition by the sign bits and bvult"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvslt x y)
  :rhs (or (and (= ((_ extract W-1 W-1) x) #b1) (= ((_ extract W-1 W-1) y) #b0))
           (and (= ((_ extract W-1 W-1) x) ((_ extract W-1 W-1) y)) (bvult x y))))

(identity BV28 :min-width 1
  :source "QF_BV: bvule is (or (bvult s t) (= s t))"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvule x y)
  :rhs (or (bvult x y) (= x y)))

(identity BV29 :min-width 1
  :source "QF_BV: bvugt is bvult swapped"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvugt x y)
  :rhs (bvult y x))

(identity BV30 :min-width 1
  :source "QF_BV: bvuge is bvule swapped"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvuge x y)
  :rhs (bvule y x))

(identity BV31 :min-width 1
  :source "QF_BV: bvsgt is bvslt swapped"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsgt x y)
  :rhs (bvslt y x))

(identity BV32 :min-width 1
  :source "QF_BV: bvsge is bvsle swapped"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsge x y)
  :rhs (bvsle y x))

(identity BV33 :min-width 1
  :source "QF_BV: bvsdiv from bvudiv by the sign bits (division by zero included)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsdiv x y)
  :rhs (ite (and (= ((_ extract W-1 W-1) x) #b0) (= ((_ extract W-1 W-1) y) #b0))
            (bvudiv x y)
        (ite (and (= ((_ extract W-1 W-1) x) #b1) (= ((_ extract W-1 W-1) y) #b0))
            (bvneg (bvudiv (bvneg x) y))
        (ite (and (= ((_ extract W-1 W-1) x) #b0) (= ((_ extract W-1 W-1) y) #b1))
            (bvneg (bvudiv x (bvneg y)))
            (bvudiv (bvneg x) (bvneg y))))))

(identity BV34 :min-width 1
  :source "QF_BV: bvsrem from bvurem by the sign bits (division by zero included)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsrem x y)
  :rhs (ite (and (= ((_ extract W-1 W-1) x) #b0) (= ((_ extract W-1 W-1) y) #b0))
            (bvurem x y)
        (ite (and (= ((_ extract W-1 W-1) x) #b1) (= ((_ extract W-1 W-1) y) #b0))
            (bvneg (bvurem (bvneg x) y))
        (ite (and (= ((_ extract W-1 W-1) x) #b0) (= ((_ extract W-1 W-1) y) #b1))
            (bvurem x (bvneg y))
            (bvneg (bvurem (bvneg x) (bvneg y)))))))

(identity BV35 :min-width 1
  :source "QF_BV: bvsmod from bvurem of the absolute values (division by zero included)"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsmod x y)
  :rhs (ite (= (bvurem (ite (= ((_ extract W-1 W-1) x) #b0) x (bvneg x))
                       (ite (= ((_ extract W-1 W-1) y) #b0) y (bvneg y)))
               (_ bv0 W))
            (_ bv0 W)
        (ite (and (= ((_ extract W-1 W-1) x) #b0) (= ((_ extract W-1 W-1) y) #b0))
            (bvurem x y)
        (ite (and (= ((_ extract W-1 W-1) x) #b1) (= ((_ extract W-1 W-1) y) #b0))
            (bvadd (bvneg (bvurem (bvneg x) y)) y)
        (ite (and (= ((_ extract W-1 W-1) x) #b0) (= ((_ extract W-1 W-1) y) #b1))
            (bvadd (bvurem x (bvneg y)) y)
            (bvneg (bvurem (bvneg x) (bvneg y))))))))

(identity BV36 :min-width 1
  :source "QF_BV's bvsdiv with t = 0: all ones for s >= 0, one for s < 0"
  :vars ((x (_ BitVec W)))
  :lhs (bvsdiv x (_ bv0 W))
  :rhs (ite (bvslt x (_ bv0 W)) (_ bv1 W) (bvnot (_ bv0 W))))

(identity BV37 :min-width 1
  :source "QF_BV's bvsrem with t = 0 is s"
  :vars ((x (_ BitVec W)))
  :lhs (bvsrem x (_ bv0 W))
  :rhs x)

(identity BV38 :min-width 1
  :source "QF_BV's bvsmod with t = 0 is s"
  :vars ((x (_ BitVec W)))
  :lhs (bvsmod x (_ bv0 W))
  :rhs x)

(identity BV39 :min-width 1
  :source "QF_BV: bvashr by the sign, from bvlshr"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvashr x y)
  :rhs (ite (= ((_ extract W-1 W-1) x) #b0) (bvlshr x y) (bvnot (bvlshr (bvnot x) y))))

(identity BV40 :min-width 1
  :source "FixedSizeBitVectors: the top bit of x is 1 exactly when x is negative"
  :vars ((x (_ BitVec W)))
  :lhs ((_ extract W-1 W-1) x)
  :rhs (ite (bvslt x (_ bv0 W)) #b1 #b0))

; ---- shifts, rotations, extract, concat, extensions, repeat
(identity BV41 :min-width 1
  :source "FixedSizeBitVectors: bvshl by W or more is zero"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvshl x (bvor y (_ bvW W)))
  :rhs (_ bv0 W))

(identity BV42 :min-width 1
  :source "FixedSizeBitVectors: bvlshr by W or more is zero"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvlshr x (bvor y (_ bvW W)))
  :rhs (_ bv0 W))

(identity BV43 :min-width 1
  :source "QF_BV: bvashr by W or more fills with the sign bit, as by W-1"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvashr x (bvor y (_ bvW W)))
  :rhs (bvashr x (_ bvW-1 W)))

(identity BV44 :min-width 1
  :source "HD 2-1: a left then right shift by y keeps the low W-y bits"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvlshr (bvshl x y) y)
  :rhs (bvand x (bvlshr (bvnot (_ bv0 W)) y)))

(identity BV45 :min-width 2
  :source "FixedSizeBitVectors: bvlshr by one is concat of a zero and the top W-1 bits"
  :vars ((x (_ BitVec W)))
  :lhs (bvlshr x (_ bv1 W))
  :rhs (concat #b0 ((_ extract W-1 1) x)))

(identity BV46 :min-width 2
  :source "FixedSizeBitVectors: bvshl by one is the low W-1 bits and a zero"
  :vars ((x (_ BitVec W)))
  :lhs (bvshl x (_ bv1 W))
  :rhs (concat ((_ extract W-2 0) x) #b0))

(identity BV47 :min-width 2
  :source "FixedSizeBitVectors: rotate_left by one"
  :vars ((x (_ BitVec W)))
  :lhs ((_ rotate_left 1) x)
  :rhs (concat ((_ extract W-2 0) x) ((_ extract W-1 W-1) x)))

(identity BV48 :min-width 1
  :source "FixedSizeBitVectors: rotation by the width is the identity"
  :vars ((x (_ BitVec W)))
  :lhs ((_ rotate_left W) x)
  :rhs x)

(identity BV49 :min-width 1
  :source "FixedSizeBitVectors: rotation by a multiple of the width is the identity"
  :vars ((x (_ BitVec W)))
  :lhs ((_ rotate_right 2W) x)
  :rhs x)

(identity BV50 :min-width 1
  :source "FixedSizeBitVectors: rotation counts modulo the width"
  :vars ((x (_ BitVec W)))
  :lhs ((_ rotate_left W+1) x)
  :rhs ((_ rotate_left 1) x))

(identity BV51 :min-width 1
  :source "FixedSizeBitVectors: rotate_right undoes rotate_left"
  :vars ((x (_ BitVec W)))
  :lhs ((_ rotate_right 1) ((_ rotate_left 1) x))
  :rhs x)

(identity BV52 :min-width 1
  :source "FixedSizeBitVectors: extract of the low half of a concat"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs ((_ extract W-1 0) (concat y x))
  :rhs x)

(identity BV53 :min-width 1
  :source "FixedSizeBitVectors: extract of the high half of a concat"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs ((_ extract 2W-1 W) (concat y x))
  :rhs y)

(identity BV54 :min-width 2
  :source "FixedSizeBitVectors: a concat of a vector's extracts is the vector"
  :vars ((x (_ BitVec W)))
  :lhs (concat ((_ extract W-1 1) x) ((_ extract 0 0) x))
  :rhs x)

(identity BV55 :min-width 2
  :source "FixedSizeBitVectors: extract of an extract"
  :vars ((x (_ BitVec W)))
  :lhs ((_ extract 0 0) ((_ extract W-1 1) x))
  :rhs ((_ extract 1 1) x))

(identity BV56 :min-width 1
  :source "QF_BV: zero_extend is concat with zeros"
  :vars ((x (_ BitVec W)))
  :lhs ((_ zero_extend W) x)
  :rhs (concat (_ bv0 W) x))

(identity BV57 :min-width 1
  :source "QF_BV: sign_extend by one repeats the top bit"
  :vars ((x (_ BitVec W)))
  :lhs ((_ sign_extend 1) x)
  :rhs (concat ((_ extract W-1 W-1) x) x))

(identity BV58 :min-width 1
  :source "QF_BV: the high half of a sign extension is the sign, repeated"
  :vars ((x (_ BitVec W)))
  :lhs ((_ extract 2W-1 W) ((_ sign_extend W) x))
  :rhs ((_ repeat W) ((_ extract W-1 W-1) x)))

(identity BV59 :min-width 1
  :source "QF_BV: the low half of an extension is the vector"
  :vars ((x (_ BitVec W)))
  :lhs ((_ extract W-1 0) ((_ zero_extend W) x))
  :rhs x)

(identity BV60 :min-width 1
  :source "QF_BV: repeat 2 is concat with itself"
  :vars ((x (_ BitVec W)))
  :lhs ((_ repeat 2) x)
  :rhs (concat x x))

(identity BV61 :min-width 1
  :source "QF_BV: repeat 1 is the vector"
  :vars ((x (_ BitVec W)))
  :lhs ((_ repeat 1) x)
  :rhs x)

; ---- bvcomp
(identity BV62 :min-width 1
  :source "FixedSizeBitVectors: bvcomp is #b1 exactly when its arguments are equal"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvcomp x y)
  :rhs (ite (= x y) #b1 #b0))

(identity BV63 :min-width 1
  :source "FixedSizeBitVectors: bvcomp of x with its complement is #b0"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvand (bvcomp x y) (bvcomp x (bvnot y)))
  :rhs #b0)

; ---- the overflow predicates of SMT-LIB 2.7, by wider arithmetic
(identity BV64 :min-width 1
  :source "2.7: bvuaddo iff the (W+1)-bit zero-extended sum has its top bit set"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvuaddo x y)
  :rhs (= ((_ extract W W) (bvadd ((_ zero_extend 1) x) ((_ zero_extend 1) y))) #b1))

(identity BV65 :min-width 1
  :source "2.7: bvsaddo iff the (W+1)-bit sign-extended sum's top two bits differ"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsaddo x y)
  :rhs (not (= ((_ extract W W) (bvadd ((_ sign_extend 1) x) ((_ sign_extend 1) y)))
               ((_ extract W-1 W-1) (bvadd ((_ sign_extend 1) x) ((_ sign_extend 1) y))))))

(identity BV66 :min-width 1
  :source "2.7: bvumulo iff the 2W-bit product's high half is not zero"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvumulo x y)
  :rhs (not (= ((_ extract 2W-1 W) (bvmul ((_ zero_extend W) x) ((_ zero_extend W) y))) (_ bv0 W))))

(identity BV67 :min-width 1
  :source "2.7: bvsmulo iff the 2W-bit signed product is no sign extension of its low half"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsmulo x y)
  :rhs (not (= (bvmul ((_ sign_extend W) x) ((_ sign_extend W) y))
               ((_ sign_extend W) ((_ extract W-1 0) (bvmul ((_ sign_extend W) x) ((_ sign_extend W) y)))))))

(identity BV68 :min-width 1
  :source "2.7: bvusubo iff the subtrahend is larger"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvusubo x y)
  :rhs (bvult x y))

(identity BV69 :min-width 1
  :source "2.7: bvssubo iff the (W+1)-bit sign-extended difference's top two bits differ"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvssubo x y)
  :rhs (not (= ((_ extract W W) (bvsub ((_ sign_extend 1) x) ((_ sign_extend 1) y)))
               ((_ extract W-1 W-1) (bvsub ((_ sign_extend 1) x) ((_ sign_extend 1) y))))))

(identity BV70 :min-width 1
  :source "2.7: bvsdivo iff MIN is divided by -1"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvsdivo x y)
  :rhs (and (= x ((_ rotate_right 1) (_ bv1 W))) (= y (bvnot (_ bv0 W)))))

(identity BV71 :min-width 1
  :source "2.7: bvnego iff x is MIN"
  :vars ((x (_ BitVec W)))
  :lhs (bvnego x)
  :rhs (= x ((_ rotate_right 1) (_ bv1 W))))

; ---- to and from Int
(identity BV72 :min-width 1
  :source "Ints and BitVectors: bv2nat of int2bv is n modulo 2^W"
  :vars ((n Int))
  :lhs (bv2nat ((_ int2bv W) n))
  :rhs (mod n 2^W))

(identity BV73 :min-width 1
  :source "Ints and BitVectors: int2bv of bv2nat is the vector"
  :vars ((x (_ BitVec W)))
  :lhs ((_ int2bv W) (bv2nat x))
  :rhs x)

(identity BV74 :min-width 1
  :source "2.7: ubv_to_int is bv2nat"
  :vars ((x (_ BitVec W)))
  :lhs (ubv_to_int x)
  :rhs (bv2nat x))

(identity BV75 :min-width 1
  :source "2.7: sbv_to_int is the two's complement value"
  :vars ((x (_ BitVec W)))
  :lhs (sbv_to_int x)
  :rhs (ite (bvslt x (_ bv0 W)) (- (bv2nat x) 2^W) (bv2nat x)))

(identity BV76 :min-width 1
  :source "2.7: int_to_bv is int2bv"
  :vars ((n Int))
  :lhs ((_ int_to_bv W) n)
  :rhs ((_ int2bv W) n))

(identity BV77 :min-width 1
  :source "Ints and BitVectors: bv2nat of a sum is the sum of the bv2nats modulo 2^W"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bv2nat (bvadd x y))
  :rhs (mod (+ (bv2nat x) (bv2nat y)) 2^W))

(identity BV78 :min-width 1
  :source "Ints and BitVectors: bv2nat of a concat weighs the high part by 2^W"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bv2nat (concat x y))
  :rhs (+ (* (bv2nat x) 2^W) (bv2nat y)))

(identity BV79 :min-width 1
  :source "Ints and BitVectors: bvult is < on the bv2nats"
  :vars ((x (_ BitVec W)) (y (_ BitVec W)))
  :lhs (bvult x y)
  :rhs (< (bv2nat x) (bv2nat y)))
