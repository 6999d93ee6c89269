//! The ranks of the FloatingPoints theory's operators (SMT-LIB's
//! `FloatingPoints` theory declaration), with their side conditions: a
//! format `(_ FloatingPoint eb sb)` needs `eb > 1` and `sb > 1`, and every
//! value argument of one application has one format.

use super::{Op, Sort};

/// A format the theory allows.
fn format(eb: u32, sb: u32) -> Option<Sort> {
    (eb > 1 && sb > 1).then_some(Sort::FloatingPoint(eb, sb))
}

impl Op {
    /// [`Op::result_sort`] for the floating-point operators.
    pub(super) fn fp_result_sort(self, args: &[Sort]) -> Option<Sort> {
        use Op::*;
        use Sort::{Bool as B, RoundingMode as M};
        let is_fp = |s: &Sort| matches!(s, Sort::FloatingPoint(..));
        // `n` values of one format, after `mode` rounding-mode arguments.
        let values = |mode: usize, n: usize| {
            let (rm, xs) = args.split_at_checked(mode)?;
            (rm.iter().all(|s| *s == M) && xs.len() == n && is_fp(&xs[0]))
                .then_some(())
                .filter(|_| xs.iter().all(|x| *x == xs[0]))
                .map(|_| xs[0].clone())
        };
        match self {
            Rne | Rna | Rtp | Rtn | Rtz => args.is_empty().then_some(M),
            FpPlusZero(eb, sb)
            | FpMinusZero(eb, sb)
            | FpPlusInf(eb, sb)
            | FpMinusInf(eb, sb)
            | FpNaN(eb, sb) => args.is_empty().then(|| format(eb, sb))?,
            FpLit => match args {
                [Sort::BitVec(1), Sort::BitVec(eb), Sort::BitVec(m)] => {
                    format(*eb, m.checked_add(1)?)
                }
                _ => None,
            },
            FpAbs | FpNeg => values(0, 1),
            FpAdd | FpSub | FpMul | FpDiv => values(1, 2),
            FpFma => values(1, 3),
            FpSqrt | FpRoundToIntegral => values(1, 1),
            FpRem | FpMin | FpMax => values(0, 2),
            FpLeq | FpLt | FpGeq | FpGt | FpEq => {
                (args.len() >= 2).then(|| values(0, args.len()))?.map(|_| B)
            }
            FpIsNormal | FpIsSubnormal | FpIsZero | FpIsInfinite | FpIsNaN | FpIsNegative
            | FpIsPositive => values(0, 1).map(|_| B),
            ToFp(eb, sb) => match args {
                [Sort::BitVec(m)] if eb.checked_add(sb) == Some(*m) => format(eb, sb),
                [M, Sort::FloatingPoint(..) | Sort::Real | Sort::BitVec(_)] => format(eb, sb),
                _ => None,
            },
            ToFpUnsigned(eb, sb) => match args {
                [M, Sort::BitVec(_)] => format(eb, sb),
                _ => None,
            },
            FpToUbv(m) | FpToSbv(m) => (m >= 1).then(|| values(1, 1).map(|_| Sort::BitVec(m)))?,
            FpToReal => values(0, 1).map(|_| Sort::Real),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sort::{BitVec as Bv, Bool as B, FloatingPoint as F, Real as Q, RoundingMode as M};

    #[test]
    fn ranks_of_the_floating_point_operators() {
        let f = F(8, 24);
        assert_eq!(Op::Rne.result_sort(&[]), Some(M));
        assert_eq!(Op::FpNaN(2, 3).result_sort(&[]), Some(F(2, 3)));
        assert_eq!(Op::FpPlusZero(1, 3).result_sort(&[]), None);
        assert_eq!(
            Op::FpLit.result_sort(&[Bv(1), Bv(8), Bv(23)]),
            Some(f.clone())
        );
        assert_eq!(Op::FpLit.result_sort(&[Bv(1), Bv(1), Bv(23)]), None);
        assert_eq!(
            Op::FpAdd.result_sort(&[M, f.clone(), f.clone()]),
            Some(f.clone())
        );
        assert_eq!(Op::FpAdd.result_sort(&[M, f.clone(), F(5, 11)]), None);
        assert_eq!(Op::FpAdd.result_sort(&[f.clone(), f.clone()]), None);
        assert_eq!(
            Op::FpRem.result_sort(&[f.clone(), f.clone()]),
            Some(f.clone())
        );
        assert_eq!(
            Op::FpFma.result_sort(&[M, f.clone(), f.clone(), f.clone()]),
            Some(f.clone())
        );
        assert_eq!(
            Op::FpLt.result_sort(&[f.clone(), f.clone(), f.clone()]),
            Some(B)
        );
        assert_eq!(Op::FpIsNaN.result_sort(std::slice::from_ref(&f)), Some(B));
        assert_eq!(Op::ToFp(5, 11).result_sort(&[Bv(16)]), Some(F(5, 11)));
        assert_eq!(Op::ToFp(5, 11).result_sort(&[Bv(15)]), None);
        assert_eq!(Op::ToFp(5, 11).result_sort(&[M, f.clone()]), Some(F(5, 11)));
        assert_eq!(Op::ToFp(5, 11).result_sort(&[M, Q]), Some(F(5, 11)));
        assert_eq!(Op::ToFp(5, 11).result_sort(&[M, Bv(3)]), Some(F(5, 11)));
        assert_eq!(
            Op::ToFpUnsigned(5, 11).result_sort(&[M, Bv(3)]),
            Some(F(5, 11))
        );
        assert_eq!(Op::FpToUbv(8).result_sort(&[M, f.clone()]), Some(Bv(8)));
        assert_eq!(Op::FpToSbv(0).result_sort(&[M, f.clone()]), None);
        assert_eq!(Op::FpToReal.result_sort(&[f]), Some(Q));
    }
}
