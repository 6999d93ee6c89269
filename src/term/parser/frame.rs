//! What the term reader keeps on its own stack: the head of an application
//! before its arguments are known, and the frames of compound terms whose
//! parts are still being read.
//!
//! # Invariant
//!
//! The term reader never recurses: every compound term under construction
//! is one [`Frame`] here, so nesting costs heap, not thread stack.

use num_bigint::BigUint;

use crate::term::{Op, QuantKind, Sort, Symbol, Term};

/// The head of an application, before its arguments are known.
#[derive(Clone, Debug)]
pub(super) enum Head {
    Op(Op),
    /// `-`: negation or subtraction, by arity.
    Minus,
    /// Legacy `(re.loop r lo hi)` with the bounds as arguments.
    LegacyLoop,
    /// `((_ re.loop lo hi) r)` with a bound of 2^32 or more.
    BigLoop(BigUint, BigUint),
    /// `((_ re.^ n) r)` with `n` of 2^32 or more.
    BigPower(BigUint),
    /// A `define-fun` with parameters: its index in [`Definitions::funs`].
    Defined(usize),
    /// `(as const S)`, `S` an array sort.
    ConstArray(Sort),
    /// A `declare-fun` with arguments, applied.
    Uninterpreted(Symbol),
}

/// A compound term whose parts are still being read.
pub(super) enum Frame {
    App {
        head: Head,
        args: Vec<Term>,
        start: usize,
    },
    /// Reading the term bound to `name`.
    LetBind {
        binds: Vec<(Symbol, Term)>,
        name: Symbol,
    },
    /// Reading the body of a `let`.
    LetBody { binds: Vec<(Symbol, Term)> },
    /// Reading the body of a quantifier.
    Quant {
        kind: QuantKind,
        vars: Vec<(Symbol, Sort)>,
    },
    /// `(! t attr...)`: reading `t`, or a term of the pattern in `current`.
    Annot {
        term: Option<Term>,
        patterns: Vec<Vec<Term>>,
        current: Option<Vec<Term>>,
        named: Option<Symbol>,
    },
}

/// The attributes of a finished `(! t ...)`.
#[derive(Default)]
pub(super) struct Annotation {
    pub(super) patterns: Vec<Vec<Term>>,
    pub(super) named: Option<Symbol>,
}

/// Whether an enclosing `let` body or quantifier binds `name`.
pub(super) fn bound_by(stack: &[Frame], name: &str) -> bool {
    stack.iter().any(|f| match f {
        Frame::LetBody { binds } => binds.iter().any(|(v, _)| v == name),
        Frame::Quant { vars, .. } => vars.iter().any(|(v, _)| v == name),
        _ => false,
    })
}

/// Whether an annotation is in the middle of a `:pattern` list.
pub(super) fn current_is_open(frame: &Frame) -> bool {
    matches!(
        frame,
        Frame::Annot {
            current: Some(_),
            ..
        }
    )
}
