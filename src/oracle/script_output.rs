//! A script's output, cut into one part per `check-sat` ([`parts`]): read
//! command by command against the script that was sent, under
//! `:print-success`, so that each `(error ...)` is known to be its own
//! command's and voids the checks its effect reaches. What a refusal voids,
//! and why, is said in the `script` module's docs, where the verdict it
//! protects is made.

use super::reply::abridged;
use crate::term::SatAnswer;
use crate::term::{Command, Dialect, Response, parse_responses_with};

/// One check's part of the output.
#[derive(Default)]
pub(super) struct Part {
    /// Why the check is not judged: its own refusal, or the refusal of an
    /// earlier command whose effect is still in force ([`Reach`]).
    pub(super) error: Option<String>,
    pub(super) answer: Option<SatAnswer>,
    pub(super) after: Vec<Response>,
}

/// How far a refused command's effect reaches: which later checks run on
/// a stack that is not the one the script describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// Nothing on the assertion stack changes (`set-option`, `set-info`).
    Nothing,
    /// The checks while the scope at this depth is open: a refused
    /// `assert` is missing from it, and from no other.
    Scope(usize),
    /// Every later check: a refused `push`, `pop` or reset leaves the
    /// stack at another depth than the script's, and a refused
    /// declaration (which may be global) leaves every later use of it
    /// refused or, worse, bound to something else.
    Rest,
}

fn reach(command: &Command, depth: usize) -> Reach {
    match command {
        Command::Assert(_) => Reach::Scope(depth),
        Command::DeclareConst(..)
        | Command::DeclareFun(..)
        | Command::DefineFun { .. }
        | Command::DefineSort { .. }
        | Command::Push(_)
        | Command::Pop(_)
        | Command::Reset
        | Command::ResetAssertions => Reach::Rest,
        _ => Reach::Nothing,
    }
}

/// Whether `response` is of the kind `command` answers with under
/// `:print-success` (an error answers any command).
fn fits(command: &Command, response: &Response) -> bool {
    match (command, response) {
        (_, Response::Error(_)) => true,
        (Command::CheckSat | Command::CheckSatAssuming(_), r) => {
            matches!(r, Response::CheckSat(_))
        }
        (Command::GetValue(_), r) => matches!(r, Response::Values(_)),
        (Command::GetModel, r) => matches!(r, Response::Model(_) | Response::EmptyList),
        (Command::GetUnsatCore | Command::Query(_), r) => {
            matches!(r, Response::UnsatCore(_) | Response::EmptyList)
        }
        (Command::GetInfo(_) | Command::GetOption(_) | Command::Echo(_), _) => true,
        (_, r) => matches!(r, Response::Success | Response::Unsupported),
    }
}

/// Cuts `text`, the output of the script `sent` (which starts with
/// [`Command::print_success`]), into one part per check.
///
/// The responses before the first `success` answer what ran before
/// `:print-success` was on (a campaign's settings lines, whose refusal
/// changes no truth); from there on the `k`-th response answers the `k`-th
/// command. An `(error ...)` of a command voids the checks its effect
/// reaches ([`Reach`]); a refused `check-sat` voids only itself. A
/// response that does not fit its command means the output no longer
/// follows the script: no check from there on is judged.
pub(super) fn parts(sent: &[Command], text: &str, dialect: Dialect) -> Vec<Part> {
    let mut responses = parse_responses_with(text, dialect.model_escapes()).into_iter();
    let checks = sent
        .iter()
        .filter(|c| matches!(c, Command::CheckSat | Command::CheckSatAssuming(_)))
        .count();
    let mut out: Vec<Part> = Vec::with_capacity(checks);
    if sent.first() != Some(&Command::print_success()) {
        out.resize_with(checks, || Part {
            error: Some("not judged: the script does not start with :print-success".into()),
            ..Part::default()
        });
        return out;
    }
    if !responses.any(|r| r == Response::Success) {
        out.resize_with(checks, Part::default);
        return out;
    }
    let mut depth = 0usize;
    // The refusals still in force: (reach, why).
    let mut void: Vec<(Reach, String)> = Vec::new();
    let mut lost: Option<String> = None;
    let mut current: Option<Part> = None;
    for (k, command) in sent.iter().enumerate().skip(1) {
        let response = if lost.is_some() {
            None
        } else {
            match responses.next() {
                Some(r) if fits(command, &r) => Some(r),
                Some(r) => {
                    lost = Some(format!(
                        "not judged: the output stops following the script at command {} ({}), \
                         which got {}",
                        k + 1,
                        command.name(),
                        abridged(&format!("{r:?}"))
                    ));
                    None
                }
                None => None,
            }
        };
        match command {
            Command::CheckSat | Command::CheckSatAssuming(_) => {
                out.extend(current.take());
                let mut part = Part::default();
                if let Some(why) = &lost {
                    part.error = Some(why.clone());
                } else if let Some((_, why)) = void.first() {
                    part.error = Some(why.clone());
                }
                match response {
                    Some(Response::CheckSat(a)) => part.answer = Some(a),
                    Some(Response::Error(e)) => {
                        part.error.get_or_insert(e);
                    }
                    _ => {}
                }
                current = Some(part);
            }
            Command::GetValue(_)
            | Command::GetModel
            | Command::GetUnsatCore
            | Command::Query(_)
            | Command::GetInfo(_)
            | Command::GetOption(_)
            | Command::Echo(_) => {
                if let (Some(part), Some(r)) = (current.as_mut(), response) {
                    part.after.push(r);
                }
            }
            other => {
                if let Some(Response::Error(e)) = &response {
                    let why = format!(
                        "not judged: command {} ({}) was refused: {}",
                        k + 1,
                        other.name(),
                        abridged(e)
                    );
                    match reach(other, depth) {
                        Reach::Nothing => {}
                        r => void.push((r, why)),
                    }
                }
                // The stack as the script describes it; where a refusal
                // made the solver's differ, `Reach::Rest` voids the rest.
                match other {
                    Command::Push(n) => depth += *n as usize,
                    Command::Pop(n) => {
                        depth = depth.saturating_sub(*n as usize);
                        void.retain(|(r, _)| !matches!(r, Reach::Scope(d) if *d > depth));
                    }
                    Command::ResetAssertions | Command::Reset => {
                        depth = 0;
                        void.retain(|(r, _)| *r == Reach::Rest);
                    }
                    _ => {}
                }
            }
        }
    }
    out.extend(current);
    out
}
