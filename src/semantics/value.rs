//! Values of the executable semantics, and models.

use std::collections::BTreeMap;
use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use super::fp::{Class, Float, RoundingMode};
use super::regex::Regex;
use crate::term::{BitVec, Op, SmtString, Sort, Symbol, Term};

/// The constant naming a rounding mode.
pub fn rm_op(rm: RoundingMode) -> Op {
    match rm {
        RoundingMode::Rne => Op::Rne,
        RoundingMode::Rna => Op::Rna,
        RoundingMode::Rtp => Op::Rtp,
        RoundingMode::Rtn => Op::Rtn,
        RoundingMode::Rtz => Op::Rtz,
    }
}

/// A floating-point value as the constant Z3 prints for it: `(_ NaN eb
/// sb)`, `(_ +oo eb sb)`, `(_ -zero eb sb)`..., any other as `(fp s e m)`.
fn fp_term(x: &Float) -> Term {
    let (eb, sb) = (x.format().eb(), x.format().sb());
    let constant = |op: Op| Term::App(op.with_indices(&[eb, sb]), Vec::new());
    match (x.class(), x.sign()) {
        (Class::NaN, _) => constant(Op::FpNaN(0, 0)),
        (Class::Infinite, false) => constant(Op::FpPlusInf(0, 0)),
        (Class::Infinite, true) => constant(Op::FpMinusInf(0, 0)),
        (Class::Zero, false) => constant(Op::FpPlusZero(0, 0)),
        (Class::Zero, true) => constant(Op::FpMinusZero(0, 0)),
        _ => Term::App(
            Op::FpLit,
            vec![
                Term::BitVec(BitVec::from_u64(1, u64::from(x.sign()))),
                Term::BitVec(BitVec::from_u64(eb, u64::from(x.exp_field()))),
                Term::BitVec(BitVec::new(sb - 1, x.sig_field().clone())),
            ],
        ),
    }
}

/// The value of a closed term.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Value {
    /// A Bool.
    Bool(bool),
    /// An unbounded integer.
    Int(BigInt),
    /// A string over code points `0..=0x2FFFF`.
    Str(SmtString),
    /// A regular language.
    RegLan(Regex),
    /// A bit-vector.
    BitVec(BitVec),
    /// An array: a default and finitely many entries.
    Array(ArrayValue),
    /// A sequence of any element sort (declared after the others:
    /// serialized values of older inputs keep their meaning).
    Seq(SeqValue),
    /// The interpretation of an uninterpreted function symbol (declared
    /// after the others, as `Seq`).
    Fun(FunValue),
    /// A rational, the value of a `Real` term (declared after the
    /// others, as `Seq`).
    Real(BigRational),
    /// A floating-point value (declared last, as `Seq`).
    Fp(Float),
    /// A rounding mode (declared last, as `Seq`).
    Rm(RoundingMode),
}

impl Value {
    /// The value's sort.
    pub fn sort(&self) -> Sort {
        match self {
            Value::Bool(_) => Sort::Bool,
            Value::Int(_) => Sort::Int,
            Value::Real(_) => Sort::Real,
            Value::Fp(x) => Sort::FloatingPoint(x.format().eb(), x.format().sb()),
            Value::Rm(_) => Sort::RoundingMode,
            Value::Str(_) => Sort::String,
            Value::RegLan(_) => Sort::RegLan,
            Value::BitVec(b) => Sort::BitVec(b.width()),
            Value::Array(a) => a.sort(),
            Value::Seq(q) => Sort::seq(q.element_sort().clone()),
            Value::Fun(f) => f.sort(),
        }
    }

    /// The value as a constant term; a function's is its body, over its
    /// parameters (see [`FunValue`]), which are free in it.
    pub fn to_term(&self) -> Term {
        match self {
            Value::Bool(b) => Term::Bool(*b),
            Value::Int(n) => Term::Int(n.clone()),
            Value::Real(r) => Term::Real(r.clone()),
            Value::Fp(x) => fp_term(x),
            Value::Rm(rm) => Term::App(rm_op(*rm), Vec::new()),
            Value::Str(s) => Term::Str(s.clone()),
            Value::RegLan(r) => r.to_term(),
            Value::BitVec(b) => Term::BitVec(b.clone()),
            // `(store ... (store ((as const S) d) k1 v1) ... kn vn)`.
            Value::Array(a) => a.entries().iter().fold(
                Term::const_array(a.sort(), a.default().to_term()),
                |acc, (k, v)| Term::app(Op::Store, vec![acc, k.to_term(), v.to_term()]),
            ),
            // `(as seq.empty (Seq E))`, `(seq.unit x)`, or `(seq.++ (seq.unit
            // x) ...)`: the form both solvers print their models in.
            Value::Seq(q) => {
                let mut units: Vec<Term> = q
                    .items()
                    .iter()
                    .map(|x| Term::app(Op::SeqUnit, vec![x.to_term()]))
                    .collect();
                match units.len() {
                    0 => Term::SeqEmpty(q.element_sort().clone()),
                    1 => units.pop().expect("one"),
                    _ => Term::app(Op::SeqConcat, units),
                }
            }
            Value::Fun(f) => f.body().clone(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // `(lambda ((x S) ...) body)`, as SMT-LIB 2.7 and Z3 write a
            // function value.
            Value::Fun(fun) => {
                f.write_str("(lambda (")?;
                for (i, (x, s)) in fun.params().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "({} {s})", Term::Var(x.clone()))?;
                }
                write!(f, ") {})", fun.body())
            }
            _ => write!(f, "{}", self.to_term()),
        }
    }
}

/// The interpretation of a function symbol of sort `(A1 ... An) R`: a body
/// of sort `R` over parameters `x1: A1 ... xn: An`, as a model's
/// `(define-fun f ((x1 A1) ... (xn An)) R body)` gives it. Applied, the
/// body is evaluated with the parameters bound to the arguments' values
/// (`semantics::eval`). A finite table with a default is the body
/// `(ite (and (= x1 k1) ...) v (ite ... default))` ([`FunValue::table`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FunValue {
    params: Vec<(Symbol, Sort)>,
    result: Sort,
    body: Term,
}

impl FunValue {
    /// The function `params -> result` whose value is `body`; the caller
    /// checks that `body` has sort `result` with only `params` free (the
    /// evaluator sort-checks it again at each application).
    pub fn new(params: Vec<(Symbol, Sort)>, result: Sort, body: Term) -> FunValue {
        FunValue {
            params,
            result,
            body,
        }
    }

    /// The function over `args` that maps each key tuple of `entries` to its
    /// value (the first entry wins) and everything else to `default`;
    /// its parameters are named `x!1 ... x!n`.
    pub fn table(args: &[Sort], entries: &[(Vec<Value>, Value)], default: &Value) -> FunValue {
        let params: Vec<(Symbol, Sort)> = args
            .iter()
            .enumerate()
            .map(|(i, s)| (format!("x!{}", i + 1), s.clone()))
            .collect();
        let body = entries
            .iter()
            .rev()
            .fold(default.to_term(), |rest, (keys, v)| {
                let test = Term::and(
                    params
                        .iter()
                        .zip(keys)
                        .map(|((x, _), k)| Term::eq(Term::Var(x.clone()), k.to_term()))
                        .collect(),
                );
                Term::app(Op::Ite, vec![test, v.to_term(), rest])
            });
        FunValue::new(params, default.sort(), body)
    }

    /// The parameters, in order.
    pub fn params(&self) -> &[(Symbol, Sort)] {
        &self.params
    }

    /// The result sort.
    pub fn result(&self) -> &Sort {
        &self.result
    }

    /// The body, over the parameters.
    pub fn body(&self) -> &Term {
        &self.body
    }

    /// `(A1 ... An) R`.
    pub fn sort(&self) -> Sort {
        Sort::fun(
            self.params.iter().map(|(_, s)| s.clone()).collect(),
            self.result.clone(),
        )
    }
}

/// A value of sort `(Array index element)`: a default and entries. Its
/// theory (`select`, `store`, extensional equality) and the invariant of
/// its entries are in `semantics::array`, which alone changes them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArrayValue {
    index: Sort,
    element: Sort,
    default: Box<Value>,
    /// Keys pairwise distinct (semantically), in the order first stored.
    entries: Vec<(Value, Value)>,
}

impl ArrayValue {
    /// `((as const (Array index element)) default)`.
    pub fn constant(index: Sort, element: Sort, default: Value) -> ArrayValue {
        ArrayValue {
            index,
            element,
            default: Box::new(default),
            entries: Vec::new(),
        }
    }

    /// The index sort.
    pub fn index_sort(&self) -> &Sort {
        &self.index
    }

    /// The element sort.
    pub fn element_sort(&self) -> &Sort {
        &self.element
    }

    /// `(Array index element)`.
    pub fn sort(&self) -> Sort {
        Sort::Array(Box::new(self.index.clone()), Box::new(self.element.clone()))
    }

    /// The value at every index that has no entry.
    pub fn default(&self) -> &Value {
        &self.default
    }

    /// The stored entries, keys pairwise distinct.
    pub fn entries(&self) -> &[(Value, Value)] {
        &self.entries
    }

    /// The entries, for `store` in `semantics::array` (which keeps their
    /// keys pairwise distinct).
    pub(super) fn entries_mut(&mut self) -> &mut Vec<(Value, Value)> {
        &mut self.entries
    }
}

/// A value of sort `(Seq element)`: its elements in order. Its theory
/// (the `seq.` operators) is in `semantics::seq`; equality is elementwise
/// semantic equality (`semantics::array::equal`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeqValue {
    element: Sort,
    items: Vec<Value>,
}

impl SeqValue {
    /// The sequence of `items`, each of sort `element` (checked by the
    /// caller: the evaluator sort-checks every term first).
    pub fn new(element: Sort, items: Vec<Value>) -> SeqValue {
        SeqValue { element, items }
    }

    /// The element sort.
    pub fn element_sort(&self) -> &Sort {
        &self.element
    }

    /// The elements, in order.
    pub fn items(&self) -> &[Value] {
        &self.items
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the sequence is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// `(define-fun name () S v)`, or for a function `(define-fun name ((x1 A1)
/// ...) R body)`: a model entry as solvers print it and a labelled file's
/// `; model:` lines hold it.
pub fn define_fun(name: &str, value: &Value) -> String {
    let name = Term::Var(name.into());
    match value {
        Value::Fun(f) => {
            let params: Vec<String> = f
                .params()
                .iter()
                .map(|(x, s)| format!("({} {s})", Term::Var(x.clone())))
                .collect();
            format!(
                "(define-fun {name} ({}) {} {})",
                params.join(" "),
                f.result(),
                f.body()
            )
        }
        _ => format!("(define-fun {name} () {} {value})", value.sort()),
    }
}

/// An assignment of values to declared constants.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Model(pub BTreeMap<Symbol, Value>);

impl Model {
    /// The empty model.
    pub fn new() -> Self {
        Model(BTreeMap::new())
    }

    /// The value of a constant.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }

    /// Sets the value of a constant.
    pub fn insert(&mut self, name: impl Into<Symbol>, value: Value) {
        self.0.insert(name.into(), value);
    }
}
