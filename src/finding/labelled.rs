//! Reading a labelled `.smt2` file back into a [`Case`]: the inverse of
//! [`smt2_text`](super::smt2_text), so that exported files, findings and
//! the hand-written seeds under `corpus/` can seed a fuzzing campaign.
//!
//! A labelled file carries `(set-info :status sat|unsat)` and its truth in
//! comments, as equifuzz writes them:
//!
//! ```text
//! ; seed: 7                          (optional)
//! ; category: constant-assignment    (optional)
//! ; chain: constant-assignment -> …  (optional)
//! ; model:                           (sat: one define-fun per constant)
//! ;   (define-fun s () String "a")
//! ;   (define-fun f ((x!1 Int)) Int (ite (= x!1 0) 1 2))   (a function)
//! ; witness:                         (sat, quantified: one per exists-bound variable)
//! ;   (define-fun y () Int 2)
//! ; valid: (forall ((s String)) (= (str.++ s "") s))   (a closed forall valid by construction)
//! ; expected unsat core: (a0 a1)     (unsat)
//! ```
//!
//! The `; witness:` values are hints, checked like the model: a witness
//! that does not make its `exists` true leaves the check inconclusive and
//! the file refused. A `; valid:` formula is taken on trust, as an unsat
//! core is (validity over an infinite sort cannot be checked by
//! evaluation): equifuzz writes one only for a row of its tables under
//! `forall`.
//!
//! # Invariants
//!
//! - A sat file becomes a case only if its model satisfies the formula under
//!   our semantics ([`Case::check`]): a wrong label is refused, never
//!   fuzzed. An unsat file's core is taken on trust (unsatisfiability cannot
//!   be checked), but it must name assertions of the file.
//! - `read_case(smt2_text(c))` gives back `c`'s formula, truth and
//!   provenance (tested).

use std::collections::BTreeSet;

use crate::semantics::{FunValue, Model, Value, Witnesses, eval_closed};
use crate::term::{Command, Formula, parse_script, parse_term};
use crate::truth::{Case, Provenance, Truth};

/// Why a file is not a labelled case.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LabelledError {
    /// The SMT-LIB text does not parse, or is not a formula we handle.
    #[error("{0}")]
    Syntax(String),
    /// No `(set-info :status sat|unsat)`.
    #[error("no (set-info :status sat|unsat): the truth is unknown")]
    NoStatus,
    /// Sat without a `; model:` block.
    #[error("status sat but no `; model:` comment block with a define-fun per constant")]
    NoModel,
    /// A model line does not parse or evaluate.
    #[error("model line `{line}`: {reason}")]
    BadModel {
        /// The line.
        line: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Unsat without a `; expected unsat core: (...)` comment.
    #[error("status unsat but no `; expected unsat core: (...)` comment")]
    NoCore,
    /// The truth does not hold (a model that falsifies the formula, a core
    /// naming no assertion, ...).
    #[error("the label does not hold: {0}")]
    Truth(String),
}

/// The comment text of a line (`; x` → `x`), if it is a comment.
fn comment(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix(';')
}

/// The value after `; key:` in the first such comment line.
fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| {
        comment(l)?
            .trim_start()
            .strip_prefix(key)?
            .strip_prefix(':')
            .map(str::trim)
    })
}

/// The `; model:` block's define-funs, evaluated.
fn model(text: &str) -> Result<Option<Model>, LabelledError> {
    block(text, "model:")
}

/// The `; witness:` block and the `; valid:` lines.
fn witnesses(text: &str) -> Result<Witnesses, LabelledError> {
    let exists = block(text, "witness:")?.unwrap_or_default().0;
    let valid = text
        .lines()
        .filter_map(|l| comment(l)?.trim_start().strip_prefix("valid:"))
        .map(|t| {
            parse_term(t.trim()).map_err(|e| LabelledError::BadModel {
                line: t.trim().to_string(),
                reason: e.to_string(),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(Witnesses { exists, valid })
}

/// A block of define-funs after the comment line `; HEADER`, evaluated.
fn block(text: &str, header: &str) -> Result<Option<Model>, LabelledError> {
    let mut lines = text.lines();
    if !lines.any(|l| comment(l).is_some_and(|c| c.trim() == header)) {
        return Ok(None);
    }
    let mut model = Model::new();
    for line in lines {
        let Some(def) = comment(line).map(str::trim).filter(|c| c.starts_with('(')) else {
            break;
        };
        let bad = |reason: String| LabelledError::BadModel {
            line: def.to_string(),
            reason,
        };
        let script = parse_script(def).map_err(|e| bad(e.to_string()))?;
        let [
            Command::DefineFun {
                name,
                params,
                sort,
                body,
            },
        ] = script.commands.as_slice()
        else {
            return Err(bad("expected one (define-fun NAME () SORT VALUE)".into()));
        };
        // A function's interpretation: its body over its parameters,
        // checked when the formula is.
        let value = if params.is_empty() {
            eval_closed(body).map_err(|e| bad(e.to_string()))?
        } else {
            Value::Fun(FunValue::new(params.clone(), sort.clone(), body.clone()))
        };
        model.insert(name.clone(), value);
    }
    Ok(Some(model))
}

/// The `; expected unsat core: (a0 a1)` comment (also what `run` expects
/// of a file).
pub fn expected_core(text: &str) -> Option<BTreeSet<String>> {
    let list = field(text, "expected unsat core")?;
    let inner = list.strip_prefix('(')?.strip_suffix(')')?;
    Some(inner.split_whitespace().map(str::to_string).collect())
}

/// Reads a labelled file's text into a case whose truth has been checked
/// as far as it can be (see the module's invariants). `default_category`
/// names the case's category when the file has no `; category:` line.
pub fn read_case(text: &str, default_category: &str) -> Result<Case, LabelledError> {
    let script = parse_script(text).map_err(|e| LabelledError::Syntax(e.to_string()))?;
    let formula = Formula::from_script(&script).map_err(LabelledError::Syntax)?;
    let truth = match script.status() {
        Some("sat") => Truth::Sat {
            model: model(text)?.ok_or(LabelledError::NoModel)?,
        },
        Some("unsat") => Truth::Unsat {
            core: expected_core(text).ok_or(LabelledError::NoCore)?,
        },
        _ => return Err(LabelledError::NoStatus),
    };
    let provenance = Provenance {
        seed: field(text, "seed")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        category: field(text, "category")
            .filter(|c| !c.is_empty())
            .unwrap_or(default_category)
            .to_string(),
        chain: field(text, "chain")
            .map(|c| {
                c.split("->")
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
        // A text file cannot vouch for the anchor structure the unsat
        // transformations rely on, whatever its category says.
        anchor: None,
    };
    let mut case = Case::new(formula, truth, provenance);
    case.settings = crate::truth::Settings::from_commands(&script.commands);
    case.witnesses = witnesses(text)?;
    case.check()
        .map_err(|e| LabelledError::Truth(e.to_string()))?;
    Ok(case)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::finding::smt2_text;
    use crate::generate::ConstantPool;
    use crate::source::MixedCaseGenerator;
    use crate::term::Printer;

    #[test]
    fn an_incremental_file_cannot_seed_the_corpus() {
        // Merged, its two scopes would be one unsat formula labelled sat.
        let text = "; model:\n;   (define-fun x () Int 1)\n(set-info :status sat)\n\
                    (declare-const x Int)(push 1)(assert (< x 0))(check-sat)(pop 1)\
                    (assert (= x 1))(check-sat)";
        let err = read_case(text, "seed").unwrap_err().to_string();
        assert!(err.contains("incremental"), "{err}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn a_written_case_reads_back_as_itself(seed in any::<u64>()) {
            let mut g = MixedCaseGenerator::new(ConstantPool::boundary()).unwrap().seed(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut case = g.next(&mut rng);
            if seed % 2 == 0 {
                case.settings.set("smt.relevancy", (seed % 3).to_string());
                case.settings.set("re-elim", "agg");
            }
            let text = smt2_text(&case, None, &Printer::default());
            let back = read_case(&text, "unused").map_err(|e| {
                TestCaseError::fail(format!("{e}\n{text}"))
            })?;
            prop_assert_eq!(&back.formula, &case.formula);
            prop_assert_eq!(&back.truth, &case.truth);
            prop_assert_eq!(&back.settings, &case.settings);
            prop_assert_eq!(&back.witnesses, &case.witnesses);
            // Everything but the generators' anchor marker, which text
            // cannot carry (see `truth::AnchorStructure`).
            let mut expected = case.provenance.clone();
            expected.anchor = None;
            prop_assert_eq!(&back.provenance, &expected);
        }
    }

    #[test]
    fn a_quantified_case_reads_back_with_its_witnesses() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(8)
            .theory(crate::source::Theory::Quant);
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let (mut witnessed, mut valid) = (0, 0);
        for _ in 0..150 {
            let case = g.next(&mut rng);
            let text = smt2_text(&case, None, &Printer::default());
            let back = read_case(&text, "unused").unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.formula, case.formula);
            assert_eq!(back.truth, case.truth);
            assert_eq!(back.witnesses, case.witnesses, "{text}");
            witnessed += usize::from(!case.witnesses.exists.is_empty());
            valid += usize::from(!case.witnesses.valid.is_empty());
        }
        assert!(witnessed > 30 && valid > 30, "{witnessed} {valid}");
        // Without its witness block a sat file with an `exists` over an
        // infinite sort is refused: the model alone does not check it.
        let text = (0..50)
            .map(|_| g.next(&mut rng))
            .filter(|c| {
                matches!(c.truth, Truth::Sat { .. })
                    && c.witnesses
                        .exists
                        .values()
                        .any(|v| matches!(v, Value::Int(_) | Value::Str(_)))
            })
            .map(|c| smt2_text(&c, None, &Printer::default()))
            .next()
            .expect("a sat case with a witness over Int or String");
        let cut: String = text
            .lines()
            .filter(|l| !l.starts_with("; witness:"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(read_case(&text, "x").is_ok());
        assert!(
            matches!(
                read_case(&cut, "x"),
                Err(LabelledError::BadModel { .. } | LabelledError::Truth(_))
            ),
            "{cut}"
        );
    }

    const SAT: &str = "; model:\n;   (define-fun s () String \"ab\")\n\
                       (set-info :status sat)(declare-fun s () String)\
                       (assert (= (str.len s) 2))";

    #[test]
    fn a_model_that_falsifies_the_formula_is_refused() {
        assert!(read_case(SAT, "seed").is_ok());
        let wrong = SAT.replace("\"ab\"", "\"abc\"");
        assert!(
            matches!(read_case(&wrong, "seed"), Err(LabelledError::Truth(_))),
            "{:?}",
            read_case(&wrong, "seed")
        );
    }

    #[test]
    fn missing_labels_are_named() {
        let no_model = "(set-info :status sat)(declare-fun s () String)(assert (= s s))";
        assert_eq!(read_case(no_model, "x"), Err(LabelledError::NoModel));
        let no_status = "(declare-fun s () String)(assert (= s s))";
        assert_eq!(read_case(no_status, "x"), Err(LabelledError::NoStatus));
        let no_core = "(set-info :status unsat)(declare-fun s () String)\
                       (assert (! (distinct s s) :named a0))";
        assert_eq!(read_case(no_core, "x"), Err(LabelledError::NoCore));
        let stray = format!("; expected unsat core: (a9)\n{no_core}");
        assert!(matches!(
            read_case(&stray, "x"),
            Err(LabelledError::Truth(_))
        ));
        let bad_line = SAT.replace("\"ab\")", "\"ab\" x)");
        assert!(matches!(
            read_case(&bad_line, "x"),
            Err(LabelledError::BadModel { .. })
        ));
    }

    #[test]
    fn the_default_category_fills_in_for_hand_written_files() {
        let case = read_case(SAT, "corpus").unwrap();
        assert_eq!(case.provenance.category, "corpus");
        assert!(case.provenance.chain.is_empty());
    }
}
