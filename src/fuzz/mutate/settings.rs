//! Solver settings as a mutation (Falcon, ISSTA'21: a formula times a
//! configuration): add, change or drop one of the case's settings, drawn
//! from the solver's settings table as the release accepts it
//! (`solver::SettingsTable`, probed at the campaign's start).
//!
//! Which key to touch is chosen by a bandit of its own, one arm per key of
//! the table, paid as the transformation scheduler pays its arms (a new
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
//!   values from the table.
//! - Disabled (`--settings off`) or with an empty table, it always skips.

use std::borrow::Cow;

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
use crate::solver::SettingsTable;
use crate::truth::Case;

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
    table: SettingsTable,
    keys: Vec<String>,
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
        let keys = table.entries().map(|e| e.key.clone()).collect();
        SettingsMutator {
            table,
            keys,
            enabled,
            touched: Vec::new(),
            solutions_before: 0,
        }
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
        let draw = state.rand_mut().next();
        let arm = self.counts(state).pick(draw);
        let key = &self.keys[arm];
        let entry = self.table.entry(key).expect("keys come from the table");
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
    use crate::solver::option::Family;
    use crate::source::MixedCaseGenerator;

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
            assert!(counts.arms.iter().all(|a| a.used > 0), "every key tried");
        }
    }

    #[test]
    fn the_bandit_prefers_the_key_that_pays() {
        let table = SettingsTable::of(Family::Cvc5);
        let mut m = SettingsMutator::new(table, true);
        let mut st = state();
        let mut case = Case::new(
            Default::default(),
            crate::truth::Truth::Sat {
                model: Default::default(),
            },
            Default::default(),
        );
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
        // One key of 24 would be drawn about 40 times in 1000 by chance.
        assert!(drawn_late > 200, "{drawn_late}");
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
