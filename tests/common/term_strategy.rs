//! proptest strategies for random well-sorted terms, formulas and scripts.
//!
//! Shared by the integration tests, each of which includes it with
//! `#[path = "common/term_strategy.rs"] mod term_strategy;` (so no shared
//! `tests/common/mod.rs` is needed). Everything is sort-directed: [`term`]
//! yields a term of the requested sort, built only from applications that
//! [`Op::result_sort`] accepts, so `Term::sort` succeeds on every output
//! given [`free_sort`] for the free variables.
//!
//! # What it covers
//!
//! - every operator of [`Op::UNINDEXED`] (each at every arity it takes, two
//!   and three arguments for the variadic ones), `(_ re.loop i j)` and
//!   `(_ re.^ n)` with indices up to `u32::MAX`;
//! - the bit-vector operators at widths 8 and 4 (every indexed one, with
//!   random indices where the rank allows), `#x`/`#b` literals, constant
//!   arrays `((as const (Array Int String)) s)`;
//! - integers of any size and sign; strings whose characters range over the
//!   whole alphabet `0..=0x2FFFF`, biased towards the troublemakers `"`,
//!   `\`, `u`, `{`, `}`, hex digits, control characters and surrogates, so
//!   that escape-like text such as `\u{61}` occurs;
//! - `let` (the bound variable may be used in the body), `forall`/`exists`
//!   with zero to two `:pattern`s;
//! - variable names that need `|...|` quoting.
//!
//! # What it avoids
//!
//! - `App(Neg, [Int(n)])` with `n >= 0`: it prints as `(- n)`, which the
//!   parser folds into `Int(-n)` (the invariant in `term.rs`);
//! - variable names that are operators, `true`/`false` or reserved words,
//!   and names with `|` or `\` (unprintable).
//!
//! Generation is lazy (`prop_flat_map` per node), so only the chosen branch
//! of each node builds strategies.

#![allow(dead_code)]

use std::rc::Rc;

use equifuzz::term::{
    Assertion, Formula, Op, QuantKind, Quantifier, Queries, SExpr, Script, SmtString, Sort, Symbol,
    Term,
};
use num_bigint::BigInt;
use proptest::prelude::*;

/// The free variables every generated term may use, with their sorts.
pub const FREE_VARS: &[(&str, SortTag)] = &[
    ("b0", SortTag::Bool),
    ("p q", SortTag::Bool),
    ("i0", SortTag::Int),
    ("1n", SortTag::Int),
    ("s0", SortTag::String),
    ("x.y!@", SortTag::String),
    ("réel", SortTag::String),
    ("arr", SortTag::Array),
    ("v8", SortTag::Bv8),
    ("v4", SortTag::Bv4),
];

/// The sorts the generator builds (arrays are `(Array Int String)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortTag {
    /// `Bool`
    Bool,
    /// `Int`
    Int,
    /// `String`
    String,
    /// `RegLan`
    RegLan,
    /// `(Array Int String)`
    Array,
    /// `(_ BitVec 8)`
    Bv8,
    /// `(_ BitVec 4)`
    Bv4,
}

impl SortTag {
    /// The sort.
    pub fn sort(self) -> Sort {
        match self {
            SortTag::Bool => Sort::Bool,
            SortTag::Int => Sort::Int,
            SortTag::String => Sort::String,
            SortTag::RegLan => Sort::RegLan,
            SortTag::Array => Sort::Array(Box::new(Sort::Int), Box::new(Sort::String)),
            SortTag::Bv8 => Sort::BitVec(8),
            SortTag::Bv4 => Sort::BitVec(4),
        }
    }
}

/// The sort of a free variable of [`FREE_VARS`].
pub fn free_sort(name: &str) -> Option<Sort> {
    FREE_VARS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| s.sort())
}

type Env = Rc<Vec<(Symbol, SortTag)>>;

fn base_env() -> Env {
    Rc::new(FREE_VARS.iter().map(|(n, s)| (n.to_string(), *s)).collect())
}

/// A character of the alphabet, biased towards characters that stress
/// string-literal printing and parsing.
pub fn smt_char() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => prop::sample::select(vec![0x22u32, 0x5c, 0x75, 0x7b, 0x7d, 0x30, 0x61, 0x46, 0x78, 0x20]),
        2 => 0x20u32..0x7f,
        1 => 0u32..0x20,
        1 => 0x7fu32..0x100,
        1 => 0xd800u32..=0xdfff,
        1 => 0u32..=0x2ffff,
    ]
}

/// A string constant over the whole alphabet.
pub fn smt_string() -> impl Strategy<Value = SmtString> {
    prop::collection::vec(smt_char(), 0..12)
        .prop_map(|cs| SmtString::from_chars(cs).expect("alphabet"))
}

/// An integer constant: small ones often, huge ones sometimes.
pub fn big_int() -> impl Strategy<Value = BigInt> {
    prop_oneof![
        3 => (-20i64..=20).prop_map(BigInt::from),
        1 => any::<i64>().prop_map(BigInt::from),
        1 => (any::<i128>(), any::<u64>())
            .prop_map(|(a, b)| BigInt::from(a) * BigInt::from(b) * BigInt::from(b)),
    ]
}

fn loop_index() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..5, 1 => any::<u32>()]
}

fn vars_of(env: &Env, sort: SortTag) -> Vec<Term> {
    env.iter()
        .filter(|(_, s)| *s == sort)
        .map(|(n, _)| Term::Var(n.clone()))
        .collect()
}

fn leaf(env: &Env, sort: SortTag) -> BoxedStrategy<Term> {
    let vars = vars_of(env, sort);
    let constant: BoxedStrategy<Term> = match sort {
        SortTag::Bool => any::<bool>().prop_map(Term::Bool).boxed(),
        SortTag::Int => big_int().prop_map(Term::Int).boxed(),
        SortTag::String => smt_string().prop_map(Term::Str).boxed(),
        SortTag::RegLan => prop_oneof![
            prop::sample::select(vec![Op::ReNone, Op::ReAll, Op::ReAllchar])
                .prop_map(|op| Term::App(op, vec![])),
            smt_string().prop_map(|s| Term::App(Op::StrToRe, vec![Term::Str(s)])),
        ]
        .boxed(),
        SortTag::Array => smt_string()
            .prop_map(|s| Term::const_array(SortTag::Array.sort(), Term::Str(s)))
            .boxed(),
        SortTag::Bv8 => any::<u8>().prop_map(|v| Term::bv(8, v.into())).boxed(),
        SortTag::Bv4 => (0u64..16).prop_map(|v| Term::bv(4, v)).boxed(),
    };
    if vars.is_empty() {
        constant
    } else {
        prop_oneof![constant, prop::sample::select(vars)].boxed()
    }
}

/// One way to build a term of some sort: an operator and its argument sorts.
#[derive(Clone, Debug)]
struct Production {
    op: Op,
    args: Vec<SortTag>,
}

fn productions(sort: SortTag) -> Vec<Production> {
    use SortTag::{
        Array as A, Bool as B, Bv4 as V4, Bv8 as V8, Int as I, RegLan as R, String as S,
    };
    let p = |op: Op, args: &[SortTag]| Production {
        op,
        args: args.to_vec(),
    };
    let mut out = Vec::new();
    let mut variadic = |op: Op, arg: SortTag| {
        out.push(p(op, &[arg, arg]));
        out.push(p(op, &[arg, arg, arg]));
    };
    match sort {
        B => {
            for op in [Op::And, Op::Or, Op::Xor, Op::Implies] {
                variadic(op, B);
            }
            for op in [Op::Lt, Op::Le, Op::Gt, Op::Ge] {
                variadic(op, I);
            }
            for op in [Op::StrLt, Op::StrLe] {
                variadic(op, S);
            }
            for s in [B, I, S] {
                variadic(Op::Eq, s);
                variadic(Op::Distinct, s);
            }
            out.extend([
                p(Op::Not, &[B]),
                p(Op::Ite, &[B, B, B]),
                p(Op::Eq, &[R, R]),
                p(Op::StrPrefixof, &[S, S]),
                p(Op::StrSuffixof, &[S, S]),
                p(Op::StrContains, &[S, S]),
                p(Op::StrIsDigit, &[S]),
                p(Op::StrInRe, &[S, R]),
                p(Op::Eq, &[V8, V8]),
                p(Op::Eq, &[A, A]),
            ]);
            for op in [
                Op::BvUlt,
                Op::BvUle,
                Op::BvUgt,
                Op::BvUge,
                Op::BvSlt,
                Op::BvSle,
                Op::BvSgt,
                Op::BvSge,
            ] {
                out.push(p(op, &[V8, V8]));
                out.push(p(op, &[V4, V4]));
            }
        }
        I => {
            for op in [Op::Add, Op::Sub, Op::Mul] {
                variadic(op, I);
            }
            out.extend([
                p(Op::Neg, &[I]),
                p(Op::Div, &[I, I]),
                p(Op::Mod, &[I, I]),
                p(Op::Abs, &[I]),
                p(Op::Ite, &[B, I, I]),
                p(Op::StrLen, &[S]),
                p(Op::StrIndexof, &[S, S, I]),
                p(Op::StrToCode, &[S]),
                p(Op::StrToInt, &[S]),
                p(Op::Bv2nat, &[V8]),
            ]);
        }
        S => {
            variadic(Op::StrConcat, S);
            out.extend([
                p(Op::Ite, &[B, S, S]),
                p(Op::StrAt, &[S, I]),
                p(Op::StrSubstr, &[S, I, I]),
                p(Op::StrReplace, &[S, S, S]),
                p(Op::StrReplaceAll, &[S, S, S]),
                p(Op::StrReplaceRe, &[S, R, S]),
                p(Op::StrReplaceReAll, &[S, R, S]),
                p(Op::StrFromCode, &[I]),
                p(Op::StrFromInt, &[I]),
                p(Op::Select, &[A, I]),
            ]);
        }
        R => {
            for op in [Op::ReConcat, Op::ReUnion, Op::ReInter] {
                variadic(op, R);
            }
            out.extend([
                p(Op::StrToRe, &[S]),
                p(Op::ReDiff, &[R, R]),
                p(Op::ReComp, &[R]),
                p(Op::ReStar, &[R]),
                p(Op::RePlus, &[R]),
                p(Op::ReOpt, &[R]),
                p(Op::ReRange, &[S, S]),
                // Indices are drawn separately (see `node`).
                p(Op::RePower(0), &[R]),
                p(Op::ReLoop(0, 0), &[R]),
            ]);
        }
        A => out.push(p(Op::Store, &[A, I, S])),
        V8 | V4 => {
            for op in [Op::BvAnd, Op::BvOr, Op::BvAdd, Op::BvMul] {
                variadic(op, sort);
            }
            for op in [
                Op::BvUdiv,
                Op::BvUrem,
                Op::BvShl,
                Op::BvLshr,
                Op::BvNand,
                Op::BvNor,
                Op::BvXor,
                Op::BvXnor,
                Op::BvSub,
                Op::BvSdiv,
                Op::BvSrem,
                Op::BvSmod,
                Op::BvAshr,
            ] {
                out.push(p(op, &[sort, sort]));
            }
            out.extend([
                p(Op::BvNot, &[sort]),
                p(Op::BvNeg, &[sort]),
                p(Op::Ite, &[B, sort, sort]),
                // Indices are drawn separately (see `node`).
                p(Op::RotateLeft(0), &[sort]),
                p(Op::RotateRight(0), &[sort]),
            ]);
            if sort == V8 {
                out.extend([
                    p(Op::Concat, &[V4, V4]),
                    p(Op::ZeroExtend(4), &[V4]),
                    p(Op::SignExtend(4), &[V4]),
                    p(Op::Repeat(2), &[V4]),
                    p(Op::Int2bv(8), &[I]),
                    p(Op::Extract(7, 0), &[V8]),
                ]);
            } else {
                out.push(p(Op::Extract(3, 0), &[V8]));
            }
        }
    }
    out
}

/// Keeps the `(- n)` folding invariant: negation of a non-negative literal
/// is replaced by the literal it folds to.
fn fold_neg(op: Op, args: Vec<Term>) -> Term {
    if let (Op::Neg, [Term::Int(n)]) = (op, args.as_slice())
        && n.sign() != num_bigint::Sign::Minus
    {
        return Term::Int(-n);
    }
    Term::App(op, args)
}

fn node(env: Env, sort: SortTag, depth: u32) -> BoxedStrategy<Term> {
    let apps = prop::sample::select(productions(sort)).prop_flat_map({
        let env = env.clone();
        move |prod| {
            let args: Vec<BoxedStrategy<Term>> = prod
                .args
                .iter()
                .map(|&s| term_in(env.clone(), s, depth - 1))
                .collect();
            let op = prod.op;
            (args, loop_index(), loop_index()).prop_map(move |(args, i, j)| {
                let op = match op {
                    Op::RePower(_) => Op::RePower(i),
                    Op::ReLoop(..) => Op::ReLoop(i.min(j), i.max(j)),
                    Op::RotateLeft(_) => Op::RotateLeft(i),
                    Op::RotateRight(_) => Op::RotateRight(i),
                    // Four bits out of eight, from any position.
                    Op::Extract(3, 0) => Op::Extract(3 + i % 5, i % 5),
                    op => op,
                };
                fold_neg(op, args)
            })
        }
    });
    let let_ = {
        let env = env.clone();
        (
            prop::sample::select(vec![
                SortTag::Bool,
                SortTag::Int,
                SortTag::String,
                SortTag::RegLan,
            ]),
            1usize..=2,
        )
            .prop_flat_map(move |(bound, n)| {
                // Parallel bindings may use the outer variables only.
                let names: Vec<Symbol> = (0..n).map(|k| format!("l{depth}_{k}")).collect();
                let values: Vec<BoxedStrategy<Term>> = names
                    .iter()
                    .map(|_| term_in(env.clone(), bound, depth - 1))
                    .collect();
                let mut inner = (*env).clone();
                inner.extend(names.iter().map(|v| (v.clone(), bound)));
                let body = term_in(Rc::new(inner), sort, depth - 1);
                (values, body).prop_map(move |(values, body)| {
                    Term::Let(names.iter().cloned().zip(values).collect(), Box::new(body))
                })
            })
    };
    if sort != SortTag::Bool {
        return prop_oneof![4 => apps, 1 => let_].boxed();
    }
    let quant = (
        any::<bool>(),
        prop::collection::vec(
            prop::sample::select(vec![SortTag::Int, SortTag::String]),
            1..=2,
        ),
        0usize..=2,
    )
        .prop_flat_map(move |(forall, sorts, npat)| {
            let vars: Vec<(Symbol, SortTag)> = sorts
                .iter()
                .enumerate()
                .map(|(k, &s)| {
                    (
                        if k == 0 {
                            format!("q{depth}")
                        } else {
                            format!("q {depth}")
                        },
                        s,
                    )
                })
                .collect();
            let mut inner = (*env).clone();
            inner.extend(vars.iter().cloned());
            let inner = Rc::new(inner);
            let body = term_in(inner.clone(), SortTag::Bool, depth - 1);
            let pattern = prop::collection::vec(
                prop::sample::select(vec![SortTag::Int, SortTag::String]).prop_flat_map({
                    let inner = inner.clone();
                    move |s| term_in(inner.clone(), s, 1)
                }),
                1..=2,
            );
            let patterns = prop::collection::vec(pattern, npat..=npat);
            (body, patterns).prop_map(move |(body, patterns)| {
                Term::Quant(Box::new(Quantifier {
                    kind: if forall {
                        QuantKind::Forall
                    } else {
                        QuantKind::Exists
                    },
                    vars: vars.iter().map(|(v, s)| (v.clone(), s.sort())).collect(),
                    body,
                    patterns,
                }))
            })
        });
    prop_oneof![6 => apps, 1 => let_, 1 => quant].boxed()
}

fn term_in(env: Env, sort: SortTag, depth: u32) -> BoxedStrategy<Term> {
    if depth == 0 || sort == SortTag::Array && depth < 2 {
        return leaf(&env, sort);
    }
    prop_oneof![1 => leaf(&env, sort), 2 => node(env, sort, depth)].boxed()
}

/// A well-sorted term of `sort` (one of Bool, Int, String, RegLan, or
/// `(Array Int String)`) with nesting at most `depth`, over [`FREE_VARS`].
pub fn term(sort: SortTag, depth: u32) -> BoxedStrategy<Term> {
    term_in(base_env(), sort, depth)
}

/// A well-sorted term of any of the generated sorts.
pub fn any_term(depth: u32) -> BoxedStrategy<Term> {
    prop::sample::select(vec![
        SortTag::Bool,
        SortTag::Int,
        SortTag::String,
        SortTag::RegLan,
        SortTag::Array,
        SortTag::Bv8,
        SortTag::Bv4,
    ])
    .prop_flat_map(move |s| term(s, depth))
    .boxed()
}

/// A formula: [`FREE_VARS`] declared, one to four Bool assertions, some
/// named (names distinct, some needing quotes).
pub fn formula(depth: u32) -> impl Strategy<Value = Formula> {
    prop::collection::vec((term(SortTag::Bool, depth), any::<bool>()), 1..=4).prop_map(|asserts| {
        let mut f = Formula::default();
        for (n, s) in FREE_VARS {
            f.declare(*n, s.sort());
        }
        for (k, (t, named)) in asserts.into_iter().enumerate() {
            let name = named.then(|| {
                if k % 2 == 0 {
                    format!("a{k}")
                } else {
                    format!("a {k}")
                }
            });
            f.assertions.push(Assertion { term: t, name });
        }
        f
    })
}

/// The script [`Formula::to_script`] makes for a random formula, status and
/// queries.
pub fn script(depth: u32) -> impl Strategy<Value = Script> {
    (
        formula(depth),
        prop::option::of(prop::sample::select(vec!["sat", "unsat", "unknown"])),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(f, status, model, values, unsat_core)| {
            f.to_script(
                status,
                Queries {
                    model,
                    values,
                    unsat_core,
                },
            )
        })
}

/// An attribute value for `set-info`/`set-option`.
pub fn sexpr() -> impl Strategy<Value = SExpr> {
    let leaf = prop_oneof![
        "[a-z][a-z0-9.-]{0,6}".prop_map(SExpr::Symbol),
        "[a-z][a-z-]{0,6}".prop_map(SExpr::Keyword),
        any::<u64>().prop_map(|n| SExpr::Numeral(n.into())),
        "[0-9]{1,3}\\.[0-9]{1,3}".prop_map(SExpr::Decimal),
        "[ -~]{0,10}".prop_map(SExpr::Str),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(SExpr::List)
    })
}
