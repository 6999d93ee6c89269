//! The operator table's invariants (`src/term/operators.rs`): one row per
//! [`Op`] variant in declaration order, names that read back in every
//! dialect, arities that agree with the ranks, and the dialects' gaps.

use equifuzz::term::{Arity, Dialect, OPERATORS, Op};

#[test]
fn names_are_unique_except_minus() {
    let mut seen = std::collections::HashMap::new();
    for &op in Op::UNINDEXED {
        if let Some(prev) = seen.insert(op.name(), op) {
            assert!(
                matches!((prev, op), (Op::Sub, Op::Neg) | (Op::Neg, Op::Sub)),
                "{prev:?} and {op:?} share {}",
                op.name()
            );
        }
    }
}

/// Every variant of [`Op`], in declaration order, read back from its
/// serde variant index: no hand-written list that could miss one.
fn every_variant() -> Vec<Op> {
    // Postcard writes the variant index as a varint (7 bits a byte, low
    // first), then the indices, each 0 here.
    (0u32..16_384)
        .map_while(|k| {
            let mut bytes = if k < 128 {
                vec![k as u8]
            } else {
                vec![(k & 0x7f) as u8 | 0x80, (k >> 7) as u8]
            };
            bytes.extend([0, 0]);
            postcard::take_from_bytes::<Op>(&bytes)
                .ok()
                .map(|(op, _)| op)
        })
        .collect()
}

#[test]
fn every_op_has_exactly_one_row_in_declaration_order() {
    let variants = every_variant();
    let rows: Vec<Op> = OPERATORS.iter().map(|r| r.op).collect();
    assert_eq!(rows, variants);
    let unindexed: Vec<Op> = variants
        .iter()
        .copied()
        .filter(|o| !o.is_indexed())
        .collect();
    assert_eq!(Op::UNINDEXED, unindexed);
    for op in variants {
        assert_eq!(op.row().op, op);
        assert_eq!(op.with_indices(&[3, 1]).row().op, op, "{op:?}");
    }
}

#[test]
fn name_lookup_round_trips_with_name_in_for_every_dialect() {
    for r in OPERATORS {
        for d in Dialect::ALL {
            let name = r.op.name_in(d);
            let back = Op::from_name(name).unwrap_or_else(|| panic!("{name} in {d}"));
            match r.op {
                Op::Neg => assert_eq!(back, Op::Sub),
                op => assert_eq!(back, op, "{name} in {d}"),
            }
        }
        for &alias in r.aliases {
            assert_eq!(Op::from_name(alias), Some(r.op));
        }
    }
    assert_eq!(Op::name_in(Op::StrInRe, Dialect::Legacy), "str.in.re");
    assert_eq!(Op::name_in(Op::StrInRe, Dialect::Z3Bytes), "str.in_re");
    assert_eq!(Op::from_name("str.in-re"), Some(Op::StrInRe));
    assert_eq!(Op::from_name("re.loop"), Some(Op::ReLoop(0, 0)));
    assert_eq!(Op::from_name("frobnicate"), None);
}

#[test]
fn arity_and_indices_agree_with_the_rank() {
    for r in OPERATORS {
        assert_eq!(r.op.indices().len(), r.op.index_count(), "{:?}", r.op);
        if let Some(args) = r.applied {
            assert!(r.op.result_sort(args).is_some(), "{:?}", r.op);
            let (min, max) = r.arity.bounds();
            assert!(args.len() >= min && max.is_none_or(|m| args.len() <= m));
        }
    }
    assert_eq!(Op::StrSubstr.arity(), Arity::Exactly(3));
    assert_eq!(Op::And.arity().bounds(), (2, None));
    assert!(Op::ReAllchar.is_nullary() && !Op::ReStar.is_nullary());
    assert!(Op::Int2bv(3).is_bitvec() && Op::Concat.is_bitvec() && !Op::Store.is_bitvec());
}

#[test]
fn dialects_lack_what_they_lacked() {
    use Op::*;
    let lacked = |d: Dialect| -> Vec<Op> {
        OPERATORS
            .iter()
            .map(|r| r.op)
            .filter(|&op| d.lacks(op))
            .collect()
    };
    // What only one solver's sequences have, `(_ divisible n)` (which
    // no Z3 reads), and SMT-LIB 2.7's bit-vector operators (checked on
    // their own below).
    let cvc5_only = [SeqReplaceAll, SeqRev, SeqUpdate, Divisible(0)];
    let overflow = [
        BvUaddo, BvSaddo, BvUmulo, BvSmulo, BvUsubo, BvSsubo, BvSdivo,
    ];
    let conversions = [BvNego, UbvToInt, SbvToInt, IntToBv(0)];
    let lacked = |d: Dialect| -> Vec<Op> {
        let mut ops = lacked(d);
        ops.retain(|op| {
            !cvc5_only.contains(op) && !overflow.contains(op) && !conversions.contains(op)
        });
        if !d.is_cvc5() {
            assert!(cvc5_only.iter().all(|&op| d.lacks(op)), "{d}");
        }
        ops
    };
    assert_eq!(lacked(Dialect::Cvc5), [SeqLastIndexof]);
    assert_eq!(lacked(Dialect::Cvc5Legacy), [SeqLastIndexof]);
    for d in [Dialect::Smtlib26, Dialect::Z3RawBackslash, Dialect::Z3Bv27] {
        assert!(lacked(d).is_empty());
    }
    assert_eq!(lacked(Dialect::Z3Bytes), [StrFromCode]);
    let legacy = [
        StrReplaceAll,
        StrReplaceRe,
        StrReplaceReAll,
        StrToCode,
        StrFromCode,
    ];
    assert_eq!(lacked(Dialect::Legacy), legacy);
    let mut legacy485 = lacked(Dialect::Legacy485);
    legacy485.retain(|op| !matches!(op, StrLt | StrLe));
    assert_eq!(legacy485, legacy);
    assert!(Dialect::Legacy485.lacks(StrLt) && Dialect::Legacy485.lacks(StrLe));
    // The 2.7 bit-vector operators: the table at `Dialect`.
    for d in Dialect::ALL {
        let reads_all = matches!(d, Dialect::Z3Bv27 | Dialect::Z3Seq | Dialect::Cvc5);
        for op in overflow {
            assert_eq!(
                d.lacks(op),
                !reads_all && d != Dialect::Cvc5Legacy,
                "{d} {op:?}"
            );
        }
        for op in conversions {
            assert_eq!(d.lacks(op), !reads_all, "{d} {op:?}");
        }
        assert!(!d.lacks(Bv2nat) && !d.lacks(Int2bv(0)), "{d}");
    }
}
