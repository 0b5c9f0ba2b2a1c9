//! Results said in words for the people who stand behind them: who won and how ("Ana wins:
//! Bento cannot move, after 36 plies"), not only `1-0`.

use crate::domain::StoredResult;
use crate::rules::Termination;
use crate::tournament::knockout::{MatchStage, StageName};
use crate::web::i18n::Lang;

/// A result in words, from the names of the player who moved first and the other.
#[must_use]
pub(crate) fn outcome(
    lang: Lang,
    result: StoredResult,
    termination: Option<Termination>,
    plies: Option<i32>,
    first: &str,
    second: &str,
) -> String {
    let (winner, loser) = match result {
        StoredResult::FirstWins | StoredResult::FirstWinsByForfeit => (first, second),
        StoredResult::SecondWins | StoredResult::SecondWinsByForfeit => (second, first),
        StoredResult::Draw => {
            let how = match termination {
                Some(Termination::Adjudication) => "outcome-draw-adjudication",
                _ => "outcome-draw",
            };
            return with_plies(lang, lang.t(how), plies);
        }
        StoredResult::DoubleForfeit => return lang.t("outcome-double-forfeit"),
        StoredResult::Bye => return lang.t("round-bye"),
    };
    let args = [("winner", winner.to_string()), ("loser", loser.to_string())];
    if result.is_forfeit() {
        return lang.t_args("outcome-forfeit", &args);
    }
    let key = match termination {
        Some(Termination::NoStones) => "outcome-no_stones",
        Some(Termination::NoLegalMove) => "outcome-no_legal_move",
        Some(Termination::OnlyEndlessMoves) => "outcome-only_endless_moves",
        Some(Termination::Resignation) => "outcome-resignation",
        Some(Termination::TimeForfeit) => "outcome-time_forfeit",
        Some(Termination::Adjudication) => "outcome-adjudication",
        Some(Termination::Agreement) | None => "outcome-win",
    };
    with_plies(lang, lang.t_args(key, &args), plies)
}

fn with_plies(lang: Lang, text: String, plies: Option<i32>) -> String {
    match plies {
        Some(n) if n > 0 => lang.t_args(
            "outcome-after-plies",
            &[("outcome", text), ("plies", n.to_string())],
        ),
        _ => text,
    }
}

/// A knockout stage as people name it: "Semi-finals", "Round of 16", "Losers' round 3".
#[must_use]
pub(crate) fn stage(lang: Lang, name: StageName) -> String {
    let with = |key: &str, arg: &'static str, n: usize| lang.t_args(key, &[(arg, n.to_string())]);
    match name {
        StageName::Final => lang.t("stage-final"),
        StageName::SemiFinal => lang.t("stage-semi-final"),
        StageName::QuarterFinal => lang.t("stage-quarter-final"),
        StageName::RoundOf(players) => with("stage-round-of", "players", players),
        StageName::WinnersFinal => lang.t("stage-winners-final"),
        StageName::WinnersSemiFinal => lang.t("stage-winners-semi-final"),
        StageName::WinnersQuarterFinal => lang.t("stage-winners-quarter-final"),
        StageName::WinnersRound(n) => with("stage-winners-round", "number", n),
        StageName::LosersRound(n) => with("stage-losers-round", "number", n),
        StageName::LosersFinal => lang.t("stage-losers-final"),
        StageName::GrandFinal => lang.t("stage-grand-final"),
        StageName::GrandFinalReset => lang.t("stage-grand-final-reset"),
        StageName::ThirdPlace => lang.t("stage-third-place"),
    }
}

/// One match of a stage: the stage's name, and the match's number when it has several.
#[must_use]
pub(crate) fn match_stage(lang: Lang, stage_of: MatchStage) -> String {
    let name = stage(lang, stage_of.name);
    if stage_of.of > 1 {
        lang.t_args(
            "stage-match",
            &[("stage", name), ("number", stage_of.number.to_string())],
        )
    } else {
        name
    }
}
