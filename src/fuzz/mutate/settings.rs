//! Solver settings as a mutation (Falcon, ISSTA'21: a formula times a
//! configuration): add, change or drop one of the case's settings, drawn
//! from the solver's settings table as the release accepts it
//! (`solver::SettingsTable`, probed at the campaign's start).
//!
//! Which keys a case may draw depends on what it contains: the table's
//! `general` rows always, and the rows of the theories its formula mentions
//! (`truth::SettingTheory`), so a string case is not diluted with
//! bit-vector keys. When both kinds apply, a coin decides between the
//! case's own theories' rows and the general ones, so a bit-vector case
//! draws `smt.bv.solver` among a dozen keys, not among a hundred.
//!
//! Which key to touch within those is chosen by a bandit of its own, one
//! arm per key of the table, paid as the transformation scheduler pays its arms (a new
//! corpus entry or a new bug signature, per solver-second: the same
//! discounted UCB1, [`TransformationCounts`]); the scheduler's own bandit
//! decides how often settings are touched at all, against the
//! transformations.
//!
//! # Invariants
//!
//! - The formula, its truth and its provenance are never touched: only
//!   `Case::settings` changes, and a setting never changes what the
//!   formula means (the table leaves out the options that would, e.g.
//!   `rewriter.hi_div0`), so the ground truth still holds.
//! - A case never carries more than [`MAX_SETTINGS`] settings, and only
//!   values from the table; a key it gains concerns it (its entry is
//!   general or names a theory the formula mentions). A key it already
//!   carries that no longer concerns it (its formula changed) is only
//!   dropped, to make room for another.
//! - Every draw comes from the state's random source, so a campaign's
//!   seed reproduces its cases' settings.
//! - Disabled (`--settings off`) or with an empty table, it always skips.

use std::borrow::Cow;
use std::collections::BTreeSet;

use libafl::corpus::{Corpus, CorpusId};
use libafl::mutators::{MutationResult, Mutator};
use libafl::state::{HasRand, HasSolutions};
use libafl::{Error, HasMetadata};
use libafl_bolts::Named;
use libafl_bolts::rands::Rand;
use serde::{Deserialize, Serialize};

use super::scheduled::{ArmCounts, DISCOUNT, TransformationCounts};
use crate::fuzz::corpus::findings::new_bug_since;
use crate::fuzz::schedule::solver_time::LastSolverTime;
use crate::solver::{SettingEntry, SettingsTable};
use crate::truth::{Case, SettingTheory};

/// The most settings one case carries: a finding stays readable, and
/// `minimize` drops the ones its failure does not need.
pub const MAX_SETTINGS: usize = 4;

/// The mutation's name, as the scheduler reports it.
pub const NAME: &str = "solver-settings";

/// The per-key counts of the settings bandit (state metadata).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SettingCounts {
    /// One arm per key of the table.
    pub counts: TransformationCounts,
}

libafl_bolts::impl_serdeany!(SettingCounts);

/// Adds, changes or drops one setting of the input (see the module docs).
pub struct SettingsMutator {
    keys: Vec<String>,
    /// The table's entries, in the order of `keys`.
    entries: Vec<SettingEntry>,
    enabled: bool,
    /// Keys touched since the last execution.
    touched: Vec<usize>,
    /// The solutions kept when the first key was touched (see the
    /// transformation scheduler's).
    solutions_before: usize,
}

impl SettingsMutator {
    /// Draws from `table` (`enabled` false: always skips).
    pub fn new(table: SettingsTable, enabled: bool) -> Self {
        let entries: Vec<SettingEntry> = table.entries().cloned().collect();
        let keys = entries.iter().map(|e| e.key.clone()).collect();
        SettingsMutator {
            keys,
            entries,
            enabled,
            touched: Vec::new(),
            solutions_before: 0,
        }
    }

    /// The groups of arms a case that mentions `theories` draws from: the
    /// general rows first, then one group per theory it mentions (a row
    /// of two theories is in both), leaving out empty groups.
    fn groups_for(&self, theories: &BTreeSet<SettingTheory>) -> Vec<Vec<usize>> {
        let arms_of = |t: SettingTheory| -> Vec<usize> {
            (0..self.entries.len())
                .filter(|&i| {
                    self.entries[i].theories.contains(&t) && self.entries[i].concerns(theories)
                })
                .collect()
        };
        theories
            .iter()
            .map(|&t| arms_of(t))
            .filter(|g| !g.is_empty())
            .collect()
    }

    fn counts<'s, S: HasMetadata>(&self, state: &'s mut S) -> &'s mut TransformationCounts {
        let counts = &mut state.metadata_or_insert_with(SettingCounts::default).counts;
        if counts.names != self.keys {
            counts.arms = vec![ArmCounts::default(); self.keys.len()];
            counts.names.clone_from(&self.keys);
        }
        counts
    }
}

impl Named for SettingsMutator {
    fn name(&self) -> &Cow<'static, str> {
        static N: Cow<'static, str> = Cow::Borrowed(NAME);
        &N
    }
}

impl<S: HasRand + HasMetadata + HasSolutions<Case>> Mutator<Case, S> for SettingsMutator {
    fn mutate(&mut self, state: &mut S, input: &mut Case) -> Result<MutationResult, Error> {
        if !self.enabled || self.keys.is_empty() {
            return Ok(MutationResult::Skipped);
        }
        if self.touched.is_empty() {
            self.solutions_before = state.solutions().count();
        }
        // Half the draws from the general rows, the other half shared
        // equally by the theories the case mentions (module docs).
        let theories = SettingTheory::of(&input.formula);
        let mut groups = self.groups_for(&theories);
        let general = theories.contains(&SettingTheory::General)
            && self.entries.iter().any(SettingEntry::is_general);
        let first = usize::from(general);
        let arms = if groups.is_empty() {
            return Ok(MutationResult::Skipped);
        } else if groups.len() == 1 || (general && state.rand_mut().coinflip(0.5)) {
            groups.swap_remove(0)
        } else {
            let own = groups.len() - first;
            groups.swap_remove(first + state.rand_mut().below_or_zero(own))
        };
        let draw = state.rand_mut().next();
        let arm = self.counts(state).pick_in(draw, &arms);
        let key = &self.keys[arm];
        let entry = &self.entries[arm];
        let settings = &mut input.settings;
        match settings.get(key).map(str::to_string) {
            Some(now) => {
                let others: Vec<&String> = entry.values.iter().filter(|v| **v != now).collect();
                if !others.is_empty() && state.rand_mut().coinflip(0.5) {
                    let v = others[state.rand_mut().below_or_zero(others.len())];
                    settings.set(key.clone(), v.clone());
                } else {
                    settings.remove(key);
                }
            }
            None if settings.len() >= MAX_SETTINGS => {
                let set: Vec<String> = settings.iter().map(|s| s.key).collect();
                let drop = &set[state.rand_mut().below_or_zero(set.len())];
                settings.remove(drop);
            }
            None => {
                let v = &entry.values[state.rand_mut().below_or_zero(entry.values.len())];
                settings.set(key.clone(), v.clone());
            }
        }
        self.touched.push(arm);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, state: &mut S, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        let touched = std::mem::take(&mut self.touched);
        if touched.is_empty() {
            return Ok(());
        }
        let secs = LastSolverTime::secs(state, 0.01);
        let paid = new_corpus_id.is_some() || new_bug_since(state, self.solutions_before);
        let counts = self.counts(state);
        for a in &mut counts.arms {
            a.pulls *= DISCOUNT;
            a.wins *= DISCOUNT;
            a.cost *= DISCOUNT;
        }
        for arm in touched {
            let a = &mut counts.arms[arm];
            a.used += 1;
            a.pulls += 1.0;
            a.cost += secs;
            a.solver_secs += secs;
            if new_corpus_id.is_some() {
                a.new_entries += 1;
            }
            if paid {
                a.wins += 1.0;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use libafl::corpus::InMemoryCorpus;
    use libafl::feedbacks::ConstFeedback;
    use libafl::state::StdState;
    use libafl_bolts::rands::StdRand;
    use rand::SeedableRng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::solver::option::Family;
    use crate::source::{MixedCaseGenerator, Theory};
    use std::collections::BTreeMap;

    type TestState = StdState<InMemoryCorpus<Case>, Case, StdRand, InMemoryCorpus<Case>>;

    fn state() -> TestState {
        StdState::new(
            StdRand::with_seed(3),
            InMemoryCorpus::new(),
            InMemoryCorpus::new(),
            &mut ConstFeedback::new(false),
            &mut ConstFeedback::new(false),
        )
        .unwrap()
    }

    #[test]
    fn only_the_settings_change_within_the_table_and_the_limit() {
        for family in [Family::Z3, Family::Cvc5] {
            let table = SettingsTable::of(family);
            let mut m = SettingsMutator::new(table.clone(), true);
            let mut st = state();
            let mut g = MixedCaseGenerator::new(ConstantPool::paper()).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            let mut case = g.next(&mut rng);
            let (formula, truth) = (case.formula.clone(), case.truth.clone());
            let (mut largest, mut dropped) = (0, false);
            for _ in 0..500 {
                let before = case.settings.len();
                assert_eq!(
                    m.mutate(&mut st, &mut case).unwrap(),
                    MutationResult::Mutated
                );
                m.post_exec(&mut st, None).unwrap();
                assert!(case.settings.len() <= MAX_SETTINGS);
                for s in case.settings.iter() {
                    let e = table.entry(&s.key).expect("a key of the table");
                    assert!(e.values.contains(&s.value), "{s}");
                }
                largest = largest.max(case.settings.len());
                dropped |= case.settings.len() < before;
            }
            assert_eq!(case.formula, formula);
            assert_eq!(case.truth, truth);
            assert!(
                largest == MAX_SETTINGS && dropped,
                "adds up to the limit and drops"
            );
            let counts = &st.metadata::<SettingCounts>().unwrap().counts;
            let theories = SettingTheory::of(&case.formula);
            for (entry, arm) in table.entries().zip(&counts.arms) {
                assert_eq!(
                    arm.used > 0,
                    entry.concerns(&theories),
                    "{}: tried exactly when it concerns the case",
                    entry.key
                );
            }
        }
    }

    #[test]
    fn the_bandit_prefers_the_key_that_pays() {
        let table = SettingsTable::of(Family::Cvc5);
        let mut m = SettingsMutator::new(table, true);
        let mut st = state();
        let mut case = generated(Theory::Strings, |_| true);
        let paying = "strings-exp";
        let mut drawn_late = 0;
        for round in 0..3000 {
            case.settings = Default::default();
            m.mutate(&mut st, &mut case).unwrap();
            let pays = case.settings.get(paying).is_some();
            if round >= 2000 && pays {
                drawn_late += 1;
            }
            m.post_exec(&mut st, pays.then(|| CorpusId::from(0usize)))
                .unwrap();
        }
        // A string case draws from a few dozen keys: one of them would be
        // drawn about 30 times in 1000 by chance.
        assert!(drawn_late > 200, "{drawn_late}");
    }

    /// The keys `n` mutations from no settings give `case`, with how often
    /// each was added.
    fn drawn(family: Family, case: &Case, n: usize) -> BTreeMap<String, usize> {
        let mut m = SettingsMutator::new(SettingsTable::of(family), true);
        let mut st = state();
        let mut out = BTreeMap::new();
        for _ in 0..n {
            let mut c = case.clone();
            m.mutate(&mut st, &mut c).unwrap();
            m.post_exec(&mut st, None).unwrap();
            for s in c.settings.iter() {
                *out.entry(s.key).or_insert(0) += 1;
            }
        }
        out
    }

    fn generated(theory: Theory, want: impl Fn(&BTreeSet<SettingTheory>) -> bool) -> Case {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .theory(theory);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        (0..500)
            .map(|_| g.next(&mut rng))
            .find(|c| want(&SettingTheory::of(&c.formula)))
            .expect("the generator makes such a case")
    }

    #[test]
    fn a_case_draws_the_rows_of_the_theories_it_mentions_and_the_general_ones() {
        let string = generated(Theory::Strings, |t| {
            !t.contains(&SettingTheory::Bv) && !t.contains(&SettingTheory::Quant)
        });
        let bv = generated(Theory::Combined, |t| t.contains(&SettingTheory::Bv));
        let quantified = equivalent_formula_cases(true, 3)
            .find(|c| SettingTheory::of(&c.formula).contains(&SettingTheory::Quant))
            .expect("Table 2 has quantified rows");
        for family in [Family::Z3, Family::Cvc5] {
            let table = SettingsTable::of(family);
            let theories_of = |key: &str| table.entry(key).unwrap().theories.clone();
            let on_strings = drawn(family, &string, 2000);
            let mentioned = SettingTheory::of(&string.formula);
            for key in on_strings.keys() {
                assert!(
                    table.entry(key).unwrap().concerns(&mentioned),
                    "{family:?}: the string case drew {key} ({:?})",
                    theories_of(key)
                );
                assert!(!theories_of(key).contains(&SettingTheory::Bv), "{key}");
            }
            let on_bv = drawn(family, &bv, 2000);
            let (bv_key, quant_key) = match family {
                Family::Z3 => ("smt.bv.solver", "smt.mbqi"),
                Family::Cvc5 => ("bv-solver", "mbqi"),
            };
            // Half the draws go to the case's own theories' rows, a few
            // dozen keys: one of them is drawn far more often than one in
            // the hundred-odd keys of the whole table would be.
            let share = on_bv.get(bv_key).copied().unwrap_or(0) as f64 / 2000.0;
            let uniform = 1.0 / table.len() as f64;
            assert!(
                share > 1.5 * uniform,
                "{family:?}: {bv_key} drawn {share}, uniform {uniform}"
            );
            eprintln!("{family:?}: {bv_key} drawn {share}, uniform {uniform}");
            assert!(!on_strings.contains_key(bv_key));
            if family == Family::Z3 {
                // sat.smt gives up on strings: ruled out by `!strings`.
                let with_strings = generated(Theory::Combined, |t| {
                    t.contains(&SettingTheory::Bv) && t.contains(&SettingTheory::Strings)
                });
                let qf_bv = generated(Theory::Combined, |t| t.contains(&SettingTheory::QfBv));
                assert!(!drawn(family, &with_strings, 2000).contains_key("sat.smt"));
                let on_qf_bv = drawn(family, &qf_bv, 2000);
                assert!(on_qf_bv.contains_key("sat.smt") && on_qf_bv.contains_key("sat.bca"));
            }
            let on_quant = drawn(family, &quantified, 2000);
            assert!(on_quant.contains_key(quant_key), "{family:?}");
            assert!(!on_strings.contains_key(quant_key) && !on_bv.contains_key(quant_key));
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_settings() {
        let case = generated(Theory::Combined, |t| t.contains(&SettingTheory::Bv));
        let run = || {
            let mut m = SettingsMutator::new(SettingsTable::of(Family::Z3), true);
            let mut st = state();
            let mut c = case.clone();
            (0..200)
                .map(|_| {
                    m.mutate(&mut st, &mut c).unwrap();
                    m.post_exec(&mut st, None).unwrap();
                    c.settings.to_string()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn disabled_it_skips() {
        let mut m = SettingsMutator::new(SettingsTable::of(Family::Z3), false);
        let mut st = state();
        let mut case = Case::new(
            Default::default(),
            crate::truth::Truth::Sat {
                model: Default::default(),
            },
            Default::default(),
        );
        assert_eq!(
            m.mutate(&mut st, &mut case).unwrap(),
            MutationResult::Skipped
        );
        assert!(case.settings.is_empty());
    }
}
