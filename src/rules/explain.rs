//! A refused record's fault as data: a code and its named values, so that the reader is told it
//! in their own language. The verifier's `message` stays the English of KIELA.md's contract;
//! this says the same thing piece by piece.

use super::game::PlayError;
use super::hole::Side;
use super::kgn::{Expected, ParseError, ParseErrorKind, TagPart};
use super::moves::shorten;
use super::outcome::Termination;
use super::verify::{ReplayError, ReplayErrorKind, Verdict};

/// A value named in an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Shown as it is: a token, a hole's name, a tag's name or value, a result in notation.
    Text(String),
    Count(u64),
    Side(Side),
    Termination(Termination),
}

/// Where the fault is: at a ply (its number and move), or after the last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The record could not be read; nothing was replayed.
    Reading,
    Ply {
        ply: u32,
        text: String,
    },
    /// The checks after the last ply (the ply count so far).
    AfterPly {
        ply: u32,
    },
}

/// A fault: where, which (the code of a message, `explain-<code>`), and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub place: Place,
    pub code: &'static str,
    pub values: Vec<(&'static str, Value)>,
}

fn text(s: impl Into<String>) -> Value {
    Value::Text(s.into())
}

impl Explanation {
    /// Every code an explanation may have.
    pub const CODES: [&'static str; 27] = [
        "invalid_utf8",
        "too_large",
        "tag_without_name",
        "tag_without_value",
        "tag_value_unclosed",
        "tag_unclosed",
        "tag_twice",
        "bad_variant",
        "bad_first",
        "bad_result",
        "bad_termination",
        "bad_position",
        "bad_plies",
        "result_conflict",
        "comment_unclosed",
        "more_than_one_game",
        "move_after_end",
        "not_a_move",
        "game_not_over",
        "other_result",
        "other_final_position",
        "other_plies",
        "rearrangement_not_allowed",
        "rearrangement_total",
        "other_players_hole",
        "too_few_stones",
        "endless",
    ];

    /// What a verdict found wrong; `None` for an accepted record.
    #[must_use]
    pub fn of(verdict: &Verdict) -> Option<Explanation> {
        match verdict {
            Verdict::BadRecord(e) => Some(Explanation::of_parse(e)),
            Verdict::Rejected(e) => Some(Explanation::of_replay(e)),
            Verdict::Accepted(_) => None,
        }
    }

    fn of_parse(e: &ParseError) -> Explanation {
        let (code, values) = match &e.kind {
            ParseErrorKind::InvalidUtf8 => ("invalid_utf8", vec![]),
            ParseErrorKind::TooLarge { limit } => {
                ("too_large", vec![("limit", Value::Count(*limit as u64))])
            }
            ParseErrorKind::MalformedTag { expected } => (
                match expected {
                    TagPart::Name => "tag_without_name",
                    TagPart::QuotedValue => "tag_without_value",
                    TagPart::ClosingQuote => "tag_value_unclosed",
                    TagPart::ClosingBracket => "tag_unclosed",
                },
                vec![],
            ),
            ParseErrorKind::DuplicateTag(tag) => ("tag_twice", vec![("tag", text(tag))]),
            ParseErrorKind::BadTagValue {
                tag,
                value,
                expected,
            } => (
                match expected {
                    Expected::Variant => "bad_variant",
                    Expected::First => "bad_first",
                    Expected::Result => "bad_result",
                    Expected::Termination => "bad_termination",
                    Expected::Position(_) => "bad_position",
                    Expected::Plies => "bad_plies",
                },
                vec![("tag", text(tag)), ("value", text(value))],
            ),
            ParseErrorKind::ResultConflict { tag, token } => (
                "result_conflict",
                vec![("tag", text(tag.as_str())), ("token", text(token.as_str()))],
            ),
            ParseErrorKind::UnterminatedComment => ("comment_unclosed", vec![]),
            ParseErrorKind::MoreThanOneGame => ("more_than_one_game", vec![]),
            ParseErrorKind::NoGame => ("no_game", vec![]),
        };
        Explanation {
            place: Place::Reading,
            code,
            values,
        }
    }

    /// The fault a replay found: a ply that cannot be played, or the checks after the last.
    #[must_use]
    pub fn of_replay(e: &ReplayError) -> Explanation {
        let place = match &e.move_text {
            Some(move_text) => Place::Ply {
                ply: e.ply,
                text: shorten(move_text),
            },
            None => Place::AfterPly {
                ply: e.plies_replayed(),
            },
        };
        let (code, values) = match &e.kind {
            ReplayErrorKind::MoveAfterGameEnd { loser, termination }
            | ReplayErrorKind::Play(PlayError::GameOver {
                side: loser,
                termination,
            }) => (
                "move_after_end",
                vec![
                    ("loser", Value::Side(*loser)),
                    ("termination", Value::Termination(*termination)),
                ],
            ),
            ReplayErrorKind::BadNotation(bad) => {
                ("not_a_move", vec![("token", text(shorten(&bad.token)))])
            }
            ReplayErrorKind::Play(error) => play(error),
            ReplayErrorKind::IncompleteRecord { claimed } => {
                ("game_not_over", vec![("claimed", text(claimed.as_str()))])
            }
            ReplayErrorKind::ResultMismatch {
                claimed,
                actual,
                termination,
            } => {
                let loser = actual.winner().map_or(Side::South, Side::opponent);
                (
                    "other_result",
                    vec![
                        ("claimed", text(claimed.as_str())),
                        ("actual", text(actual.as_str())),
                        ("loser", Value::Side(loser)),
                        ("termination", Value::Termination(*termination)),
                    ],
                )
            }
            ReplayErrorKind::FinalPositionMismatch { .. } => ("other_final_position", vec![]),
            ReplayErrorKind::PliesMismatch { claimed, actual } => (
                "other_plies",
                vec![
                    ("claimed", Value::Count(u64::from(*claimed))),
                    ("actual", Value::Count(u64::from(*actual))),
                ],
            ),
        };
        Explanation {
            place,
            code,
            values,
        }
    }
}

fn play(error: &PlayError) -> (&'static str, Vec<(&'static str, Value)>) {
    match error {
        PlayError::GameOver { side, termination } => (
            "move_after_end",
            vec![
                ("loser", Value::Side(*side)),
                ("termination", Value::Termination(*termination)),
            ],
        ),
        PlayError::RearrangementNotAllowed => ("rearrangement_not_allowed", vec![]),
        PlayError::RearrangementTotal {
            side,
            expected,
            found,
        } => (
            "rearrangement_total",
            vec![
                ("side", Value::Side(*side)),
                ("expected", Value::Count(u64::from(*expected))),
                ("found", Value::Count(*found)),
            ],
        ),
        PlayError::WrongPlayer {
            hole,
            owner,
            to_move,
        } => (
            "other_players_hole",
            vec![
                ("hole", text(hole.to_string())),
                ("owner", Value::Side(*owner)),
                ("to_move", Value::Side(*to_move)),
            ],
        ),
        PlayError::TooFewStones { hole, count, min } => (
            "too_few_stones",
            vec![
                ("hole", text(hole.to_string())),
                ("count", Value::Count(u64::from(*count))),
                ("min", Value::Count(u64::from(*min))),
            ],
        ),
        PlayError::Endless { hole } => (
            "endless",
            vec![
                ("hole", text(hole.to_string())),
                ("laps", Value::Count(u64::from(super::game::MAX_LAPS))),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kgn::parse_record;

    fn explained(record: &str) -> Explanation {
        Explanation::of(&Verdict::of(parse_record(record).as_ref())).expect("a refused record")
    }

    #[test]
    fn faults_are_explained_with_their_values() {
        let empty_hole = explained("[Variant \"advanced\"]\n\nb2 *");
        assert_eq!(empty_hole.code, "too_few_stones");
        assert_eq!(
            empty_hole.place,
            Place::Ply {
                ply: 1,
                text: "b2".into()
            }
        );
        assert!(empty_hole.values.contains(&("count", Value::Count(0))));
        let bad_tag = explained("[Variant \"casual\"]\n\n*");
        assert_eq!(bad_tag.code, "bad_variant");
        assert_eq!(bad_tag.place, Place::Reading);
        assert_eq!(
            explained("[Variant \"advanced\"]\n\nzz9 *").code,
            "not_a_move"
        );
        // After the last move: the plies the record holds, whatever the fault.
        let plies_claimed = explained("[Variant \"advanced\"]\n[Plies \"3\"]\n\nj2 a3 *");
        assert_eq!(plies_claimed.place, Place::AfterPly { ply: 2 });
        let unfinished = explained("[Variant \"advanced\"]\n\nj2 a3 1-0");
        assert_eq!(unfinished.place, Place::AfterPly { ply: 2 });
    }

    #[test]
    fn every_code_found_is_listed() {
        let records = [
            "[Variant \"advanced\"]\n\nb2 *",
            "[Variant \"advanced\"]\n\nzz9 *",
            "[Variant \"advanced\"]\n\na3 *",
            "[Variant \"casual\"]\n\n*",
            "[First \"X\"]\n\n*",
            "[Plies \"many\"]\n\n*",
            "[Result \"2-0\"]\n\n*",
            "[Variant \"advanced\"]\n[Variant \"advanced\"]\n\n*",
            "[Variant \"advanced\"]\n[Plies \"3\"]\n\n*",
            "[Variant \"advanced\"]\n[Result \"1-0\"]\n\n*",
            "[Variant \"advanced\"]\n\n{ open",
            "[ \"x\"]\n\n*",
            "[Variant advanced]\n\n*",
            "[Variant \"advanced\"\n\n*",
            "[Variant \"advanced\"\n\n*",
            "[Variant \"advanced\"]\n\nR:1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1 *",
        ];
        for record in records {
            let code = explained(record).code;
            assert!(Explanation::CODES.contains(&code), "{code} for {record}");
        }
    }
}
