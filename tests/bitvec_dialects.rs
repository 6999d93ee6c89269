//! Which release reads which bit-vector spelling (issue 41): every
//! bit-vector operator of the table, and the spellings we never print
//! (`bv2int`, `nat2bv`), against Z3 4.8.5, 4.8.14, 5.1.0, 5.4.1 (wheels),
//! the system's Z3 4.8.12, cvc5 1.0.3 (binary) and cvc5 1.4.2 (libcvc5).
//!
//! For each operator applied to small constants, `(assert (not (= t v)))`
//! with our value `v` is sent in the release's dialect: a release whose
//! dialect lacks the operator must answer with an error (it really does
//! not read it), any other `unsat` (it reads it, with our meaning on this
//! one case). So the operators' `absent` lists in the table, and the table
//! at `Dialect`, are measured facts; a release that is not cached is
//! SKIPPED with a message and the others still run. The measured table is
//! printed (`cargo test --test bitvec_dialects -- --nocapture`).

#[path = "common/bv_solvers.rs"]
mod bv_solvers;
#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use bv_solvers::Release;
use equifuzz::semantics::eval_closed;
use equifuzz::term::{BitVec, OPERATORS, Op, Printer, Term, Theory};

const TEST: &str = "each_release_reads_the_bitvector_spellings_its_dialect_says";

/// The bit-vector operators, an indexed one with a small index.
fn operators() -> Vec<Op> {
    OPERATORS
        .iter()
        .filter(|r| r.theory == Theory::BitVectors)
        .map(|r| {
            Op::BV_INDEXED
                .iter()
                .copied()
                .find(|op| op.row().op == r.op)
                .unwrap_or(r.op)
        })
        .collect()
}

/// `op` applied to constants of width 4 (an Int for the conversions to
/// bit-vectors).
fn probe(op: Op) -> Term {
    if matches!(op, Op::Int2bv(_) | Op::IntToBv(_)) {
        return Term::app(op, vec![Term::int(-3)]);
    }
    let n = op.arity().bounds().0;
    let args = [0xa, 0x3].iter().cycle().take(n);
    Term::app(
        op,
        args.map(|&v| Term::BitVec(BitVec::from_u64(4, v)))
            .collect(),
    )
}

/// Whether the release read `query` (`unsat`), refused it (an error), or
/// answered something else (`None`, with the answer).
fn reads(r: &mut Release, query: &str) -> Result<bool, String> {
    let out = r.run(query);
    if out.contains("(error") {
        return Ok(false);
    }
    match out.lines().next().map(str::trim) {
        Some("unsat") => Ok(true),
        _ => Err(out),
    }
}

/// The spellings no operator prints, and which solvers read them: Z3 reads
/// `bv2int` as `bv2nat` (the parser takes it; cvc5 does not), and no
/// release reads 2.6's `nat2bv`, which the standard only uses in its
/// semantics.
const UNPRINTED: &[(&str, &str, bool, bool)] = &[
    ("bv2int", "(= (bv2int #xff) 255)", true, false),
    ("nat2bv", "(= ((_ nat2bv 8) 255) #xff)", false, false),
];

#[test]
fn each_release_reads_the_bitvector_spellings_its_dialect_says() {
    let mut releases: Vec<Release> = vec![bv_solvers::system_z3()];
    for v in ["4.8.5.0", "4.8.14.0", "5.1.0.0", "5.4.1.0"] {
        releases.extend(bv_solvers::z3_wheel(v, TEST));
    }
    releases.extend(bv_solvers::cvc5_binary(TEST));
    releases.extend(bv_solvers::cvc5_lib(TEST));
    let ops = operators();
    let mut wrong = Vec::new();
    let mut table = Vec::new();
    for r in &mut releases {
        let p = Printer::new(r.dialect);
        let mut lacked = Vec::new();
        for &op in &ops {
            let t = probe(op);
            let v = eval_closed(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
            let query = format!(
                "(assert (not {}))\n(check-sat)\n",
                p.term(&Term::eq(t.clone(), v.to_term()))
            );
            let expected = !r.dialect.lacks(op);
            match reads(r, &query) {
                Ok(got) if got == expected => {}
                Ok(got) => wrong.push(format!(
                    "{} ({}): reads `{}` is {got}, the dialect says {expected}",
                    r.name,
                    r.dialect,
                    op.name()
                )),
                Err(out) => wrong.push(format!("{}: {query} answered {out}", r.name)),
            }
            if !expected {
                lacked.push(op.name());
            }
        }
        let z3 = r.name.starts_with("z3");
        for &(name, text, in_z3, in_cvc5) in UNPRINTED {
            let expected = if z3 { in_z3 } else { in_cvc5 };
            let query = format!("(assert (not {text}))\n(check-sat)\n");
            match reads(r, &query) {
                Ok(got) if got == expected => {}
                other => wrong.push(format!("{}: `{name}` {other:?}", r.name)),
            }
            if !expected {
                lacked.push(name);
            }
        }
        table.push(format!(
            "{:12} {:12} lacks: {}",
            r.name,
            r.dialect.to_string(),
            lacked.join(" ")
        ));
    }
    println!("{}", table.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
