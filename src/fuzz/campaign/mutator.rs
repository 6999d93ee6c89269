//! The mutator of every campaign (`CaseMutator`): the transformations,
//! the solver settings (`--settings on`) and a fresh-case draw, stacked by
//! the transformation scheduler, each enabled as the campaign's settings
//! say.
//!
//! # Invariants
//!
//! - The arms are always the same, in the same order (the bandit's counts
//!   in the state are keyed by their names): a setting disables an arm,
//!   never removes it.

use libafl_bolts::tuples::{tuple_list, tuple_list_type};

use super::config::{CampaignConfig, Switch};
use crate::fuzz::mutate::crossover::Crossover;
use crate::fuzz::mutate::scheduled::TransformationScheduler;
use crate::fuzz::mutate::settings::SettingsMutator;
use crate::fuzz::mutate::splice::{Join, Splice};
use crate::fuzz::mutate::transformation::{FreshCase, TransformationMutator};
use crate::generate::strings::TermPool;
use crate::source::MixedCaseGenerator;
use crate::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
use crate::transform::quantifier::{ExistsNegation, ExistsSat, ExistsUnsat, ForallNoise};
use crate::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, VariableAbstraction,
    VariableReplacement,
};

/// The mutator of every campaign: the transformations, the solver
/// settings (`--settings on`) and a fresh-case draw, stacked by the
/// transformation scheduler.
pub(super) type CaseMutator = TransformationScheduler<
    tuple_list_type!(
        TransformationMutator<ConstantAssignment>,
        TransformationMutator<TermSynthesis>,
        TransformationMutator<VariableAbstraction>,
        TransformationMutator<VariableReplacement>,
        TransformationMutator<ConstantReplacement>,
        TransformationMutator<NoiseIntroduction>,
        TransformationMutator<ExistsSat>,
        TransformationMutator<ExistsUnsat>,
        TransformationMutator<ForallNoise>,
        TransformationMutator<ExistsNegation>,
        Crossover,
        TransformationMutator<Assumption>,
        TransformationMutator<NestedScopes>,
        TransformationMutator<RepeatCheck>,
        Splice,
        Splice,
        Splice,
        SettingsMutator,
        FreshCase
    ),
>;

/// The mutator of a campaign of `cfg` (see [`CaseMutator`]): fresh cases
/// from `generator`, term synthesis from `terms`.
pub(super) fn case_mutator(
    cfg: &CampaignConfig,
    generator: &MixedCaseGenerator,
    terms: TermPool,
) -> CaseMutator {
    let transforming = !cfg.steering.generate_only;
    let incremental = transforming && cfg.steering.incremental == Switch::On;
    TransformationScheduler::new(
        tuple_list!(
            TransformationMutator::new(ConstantAssignment).enabled(transforming),
            TransformationMutator::new(TermSynthesis::new(terms, 3)).enabled(transforming),
            TransformationMutator::new(VariableAbstraction).enabled(transforming),
            TransformationMutator::new(VariableReplacement).enabled(transforming),
            TransformationMutator::new(ConstantReplacement).enabled(transforming),
            TransformationMutator::new(NoiseIntroduction).enabled(transforming),
            TransformationMutator::new(ExistsSat).enabled(transforming),
            TransformationMutator::new(ExistsUnsat).enabled(transforming),
            TransformationMutator::new(ForallNoise).enabled(transforming),
            TransformationMutator::new(ExistsNegation).enabled(transforming),
            Crossover::new(transforming),
            TransformationMutator::new(Assumption).enabled(incremental),
            TransformationMutator::new(NestedScopes).enabled(incremental),
            TransformationMutator::new(RepeatCheck).enabled(incremental),
            Splice::new(Join::Interleave, incremental),
            Splice::new(Join::NoiseScope, incremental),
            Splice::new(Join::Reset, incremental),
            SettingsMutator::new(cfg.settings_table.clone(), cfg.steering.settings),
            FreshCase::new(generator.clone())
        ),
        cfg.steering.choice(),
        2,
    )
    .replacing("fresh-case")
}
