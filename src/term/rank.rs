//! Ranks: the sort of an operator applied to arguments of given sorts, with
//! the side conditions of each theory (indices in range, widths that fit a
//! `u32`).
//!
//! # Invariant
//!
//! [`Op::result_sort`] is `None` exactly for ill-sorted applications, so a
//! term that sorts is one both Z3 and cvc5 accept.

use super::Theory;
use super::{Op, Sort};

impl Op {
    /// The sort of `self` applied to arguments of the given sorts, or `None`
    /// if the application is ill-sorted.
    pub fn result_sort(self, args: &[Sort]) -> Option<Sort> {
        use Op::*;
        use Sort::{Bool as B, Int as I, Real as Q, RegLan as R, String as S};
        let all = |s: &Sort| args.iter().all(|a| a == s);
        let exactly = |want: &[Sort], out: Sort| (args == want).then_some(out);
        // The arithmetic shared by Ints and Reals: every argument Int, or
        // every one Real (SMT-LIB mixes none; Z3 alone would).
        let numeric = || {
            let first = args.first()?;
            (matches!(first, I | Q) && all(first)).then(|| first.clone())
        };
        match self {
            Not => exactly(&[B], B),
            And | Or | Xor | Implies => (args.len() >= 2 && all(&B)).then_some(B),
            Eq | Distinct => (args.len() >= 2 && all(&args[0])).then_some(B),
            Ite => (args.len() == 3 && args[0] == B && args[1] == args[2]).then(|| args[1].clone()),
            Add | Sub | Mul => (args.len() >= 2).then(numeric)?,
            Neg => (args.len() == 1).then(numeric)?,
            Abs => exactly(&[I], I),
            Div | Mod => exactly(&[I, I], I),
            Lt | Le | Gt | Ge => (args.len() >= 2).then(numeric)?.map(|_| B),
            RealDiv => (args.len() >= 2 && all(&Q)).then_some(Q),
            ToReal => exactly(&[I], Q),
            ToInt => exactly(&[Q], I),
            IsInt => exactly(&[Q], B),
            Divisible(n) => (n >= 1).then(|| exactly(&[I], B))?,
            StrConcat => (args.len() >= 2 && all(&S)).then_some(S),
            StrLen => exactly(&[S], I),
            StrLt | StrLe => (args.len() >= 2 && all(&S)).then_some(B),
            StrAt => exactly(&[S, I], S),
            StrSubstr => exactly(&[S, I, I], S),
            StrPrefixof | StrSuffixof | StrContains => exactly(&[S, S], B),
            StrIndexof => exactly(&[S, S, I], I),
            StrReplace | StrReplaceAll => exactly(&[S, S, S], S),
            StrReplaceRe | StrReplaceReAll => exactly(&[S, R, S], S),
            StrIsDigit => exactly(&[S], B),
            StrToCode | StrToInt => exactly(&[S], I),
            StrFromCode | StrFromInt => exactly(&[I], S),
            StrInRe => exactly(&[S, R], B),
            StrToRe => exactly(&[S], R),
            ReNone | ReAll | ReAllchar => exactly(&[], R),
            ReConcat | ReUnion | ReInter => (args.len() >= 2 && all(&R)).then_some(R),
            ReDiff => exactly(&[R, R], R),
            ReComp | ReStar | RePlus | ReOpt | RePower(_) | ReLoop(..) => exactly(&[R], R),
            ReRange => exactly(&[S, S], R),
            Select => match args {
                [Sort::Array(i, e), j] if **i == *j => Some((**e).clone()),
                _ => None,
            },
            Store => match args {
                [a @ Sort::Array(i, e), j, v] if **i == *j && **e == *v => Some(a.clone()),
                _ => None,
            },
            SeqUnit | SeqConcat | SeqLen | SeqExtract | SeqAt | SeqNth | SeqContains
            | SeqIndexof | SeqLastIndexof | SeqReplace | SeqReplaceAll | SeqPrefixof
            | SeqSuffixof | SeqRev | SeqUpdate => self.seq_result_sort(args),
            _ if self.theory() == Theory::FloatingPoint => self.fp_result_sort(args),
            _ => self.bv_result_sort(args),
        }
    }

    /// [`Op::result_sort`] for the sequence operators, as Z3 and cvc5 rank
    /// them: every sequence argument of one application has one sort. An
    /// element sort of `RegLan` is refused (neither solver's sequences
    /// are meant to hold languages; equifuzz never writes one).
    fn seq_result_sort(self, args: &[Sort]) -> Option<Sort> {
        use Op::*;
        use Sort::{Bool as B, Int as I};
        let seq = |s: &Sort| matches!(s, Sort::Seq(e) if **e != Sort::RegLan);
        let same =
            |n: usize| args.len() == n && seq(&args[0]) && args.iter().all(|a| *a == args[0]);
        match self {
            SeqUnit => match args {
                [e] if *e != Sort::RegLan => Some(Sort::seq(e.clone())),
                _ => None,
            },
            SeqConcat => (args.len() >= 2 && same(args.len())).then(|| args[0].clone()),
            SeqLen => same(1).then_some(I),
            SeqRev => same(1).then(|| args[0].clone()),
            SeqExtract => match args {
                [s, I, I] if seq(s) => Some(s.clone()),
                _ => None,
            },
            SeqAt => match args {
                [s, I] if seq(s) => Some(s.clone()),
                _ => None,
            },
            SeqNth => match args {
                [Sort::Seq(e), I] if **e != Sort::RegLan => Some((**e).clone()),
                _ => None,
            },
            SeqContains | SeqPrefixof | SeqSuffixof => same(2).then_some(B),
            SeqIndexof => match args {
                [s, t, I] if seq(s) && s == t => Some(I),
                _ => None,
            },
            SeqLastIndexof => same(2).then_some(I),
            SeqReplace | SeqReplaceAll => same(3).then(|| args[0].clone()),
            SeqUpdate => match args {
                [s, I, t] if seq(s) && s == t => Some(s.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// [`Op::result_sort`] for the bit-vector operators: the ranks of the
    /// FixedSizeBitVectors theory and the QF_BV logic, with their side
    /// conditions on indices (`m > i >= j` for extract, `i >= 1` for
    /// repeat, widths that fit a `u32`).
    fn bv_result_sort(self, args: &[Sort]) -> Option<Sort> {
        use Op::*;
        let width = |s: &Sort| match s {
            Sort::BitVec(m) => Some(*m),
            _ => None,
        };
        let same = || {
            let m = width(args.first()?)?;
            args.iter().all(|a| width(a) == Some(m)).then_some(m)
        };
        let unary = || match args {
            [Sort::BitVec(m)] => Some(*m),
            _ => None,
        };
        match self {
            Concat => match args {
                [Sort::BitVec(a), Sort::BitVec(b)] => a.checked_add(*b).map(Sort::BitVec),
                _ => None,
            },
            Extract(i, j) => {
                let m = unary()?;
                (m > i && i >= j).then(|| Sort::BitVec(i - j + 1))
            }
            BvNot | BvNeg | RotateLeft(_) | RotateRight(_) => unary().map(Sort::BitVec),
            Repeat(i) => unary()
                .filter(|_| i >= 1)
                .and_then(|m| m.checked_mul(i))
                .map(Sort::BitVec),
            ZeroExtend(i) | SignExtend(i) => {
                unary().and_then(|m| m.checked_add(i)).map(Sort::BitVec)
            }
            BvAnd | BvOr | BvAdd | BvMul => (args.len() >= 2).then(same)?.map(Sort::BitVec),
            BvUdiv | BvUrem | BvShl | BvLshr | BvNand | BvNor | BvXor | BvXnor | BvSub | BvSdiv
            | BvSrem | BvSmod | BvAshr => (args.len() == 2).then(same)?.map(Sort::BitVec),
            BvComp => (args.len() == 2).then(same)?.map(|_| Sort::BitVec(1)),
            BvUlt | BvUle | BvUgt | BvUge | BvSlt | BvSle | BvSgt | BvSge | BvUaddo | BvSaddo
            | BvUmulo | BvSmulo | BvUsubo | BvSsubo | BvSdivo => {
                (args.len() == 2).then(same)?.map(|_| Sort::Bool)
            }
            BvNego => unary().map(|_| Sort::Bool),
            Bv2nat | UbvToInt | SbvToInt => unary().map(|_| Sort::Int),
            Int2bv(m) | IntToBv(m) => (args == [Sort::Int] && m >= 1).then_some(Sort::BitVec(m)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_reject_ill_sorted_applications() {
        assert_eq!(Op::StrLen.result_sort(&[Sort::String]), Some(Sort::Int));
        assert_eq!(Op::StrLen.result_sort(&[Sort::Int]), None);
        assert_eq!(
            Op::Ite.result_sort(&[Sort::Bool, Sort::String, Sort::String]),
            Some(Sort::String)
        );
        assert_eq!(
            Op::Ite.result_sort(&[Sort::Bool, Sort::String, Sort::Int]),
            None
        );
        assert_eq!(Op::Eq.result_sort(&[Sort::Int]), None);
    }

    #[test]
    fn arithmetic_takes_all_int_or_all_real_arguments_never_both() {
        use Sort::{Bool as B, Int as I, Real as Q};
        for op in [Op::Add, Op::Sub, Op::Mul] {
            assert_eq!(op.result_sort(&[I, I]), Some(I));
            assert_eq!(op.result_sort(&[Q, Q, Q]), Some(Q));
            assert_eq!(op.result_sort(&[I, Q]), None, "{op:?}");
            assert_eq!(op.result_sort(&[Q, I]), None, "{op:?}");
            assert_eq!(op.result_sort(&[Q]), None, "{op:?}");
            assert_eq!(op.result_sort(&[B, B]), None, "{op:?}");
        }
        for op in [Op::Lt, Op::Le, Op::Gt, Op::Ge] {
            assert_eq!(op.result_sort(&[Q, Q]), Some(B));
            assert_eq!(op.result_sort(&[I, I, I]), Some(B));
            assert_eq!(op.result_sort(&[Q, I]), None, "{op:?}");
        }
        assert_eq!(Op::Neg.result_sort(&[Q]), Some(Q));
        assert_eq!(Op::Neg.result_sort(&[I]), Some(I));
        assert_eq!(Op::Neg.result_sort(&[Q, Q]), None);
        // `abs`, `div` and `mod` are the integers' alone.
        assert_eq!(Op::Abs.result_sort(&[Q]), None);
        assert_eq!(Op::Div.result_sort(&[Q, Q]), None);
        assert_eq!(Op::RealDiv.result_sort(&[Q, Q]), Some(Q));
        assert_eq!(Op::RealDiv.result_sort(&[Q, Q, Q]), Some(Q));
        assert_eq!(Op::RealDiv.result_sort(&[I, I]), None);
        assert_eq!(Op::RealDiv.result_sort(&[Q]), None);
        assert_eq!(Op::ToReal.result_sort(&[I]), Some(Q));
        assert_eq!(Op::ToReal.result_sort(&[Q]), None);
        assert_eq!(Op::ToInt.result_sort(&[Q]), Some(I));
        assert_eq!(Op::ToInt.result_sort(&[I]), None);
        assert_eq!(Op::IsInt.result_sort(&[Q]), Some(B));
        assert_eq!(Op::IsInt.result_sort(&[I]), None);
    }
}
