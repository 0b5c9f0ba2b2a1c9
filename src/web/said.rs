//! What the audit log and a refused record say, in the reader's language: a detail's code picks
//! the message (`audit-detail-<code>`), its fields are the arguments, and the codes among them
//! (a role, a bye's points, a criterion, a field's name) are said in words too.

use serde_json::Value;

use crate::domain::AuditState;
use crate::domain::Mismatch;
use crate::rules::Side;
use crate::rules::explain::{Explanation, Place, Value as ExplainedValue};
use crate::service::audit::{Detail, Said};
use crate::web::i18n::Lang;

/// An audit entry's detail.
#[must_use]
pub(crate) fn said(lang: Lang, said: &Said) -> String {
    match said {
        Said::Text(text) => text.clone(),
        Said::Detail(detail) => detail_words(lang, detail),
    }
}

fn detail_words(lang: Lang, detail: &Detail) -> String {
    match detail {
        Detail::Text { text } => return text.clone(),
        Detail::Refused {
            code,
            reason,
            ply,
            mismatch,
        } => {
            let mut words = match reason {
                Some(reason) => lang.t(&format!("reason-{reason}")),
                None => lang.t(&format!("error-{code}")),
            };
            if let Some(ply) = ply {
                words.push_str(" — ");
                words.push_str(&lang.t_args("game-ply", &[("ply", ply.to_string())]));
            }
            if let Some(m) = mismatch {
                // The message ends with its own colon.
                words.push(' ');
                words.push_str(&mismatch_words(lang, m));
            }
            return words;
        }
        _ => {}
    }
    let Ok(Value::Object(fields)) = serde_json::to_value(detail) else {
        return String::new();
    };
    let code = fields.get("m").and_then(Value::as_str).unwrap_or_default();
    let args: Vec<(String, String)> = fields
        .iter()
        .filter(|(name, _)| name.as_str() != "m")
        .map(|(name, value)| (name.clone(), argument(lang, name, value)))
        .collect();
    lang.t_named(&format!("audit-detail-{code}"), &args)
}

/// One field of a detail as words.
fn argument(lang: Lang, name: &str, value: &Value) -> String {
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    };
    match (name, value) {
        ("role", Value::String(role)) => lang.t(&format!("role-{role}")),
        ("points", Value::String(points)) => lang.t(&format!("bye-{points}")),
        ("changes", Value::Array(changes)) => changes
            .iter()
            .map(|c| {
                let field = c["field"].as_str().unwrap_or_default();
                format!(
                    "{}: {} → {}",
                    lang.t(&format!("col-{}", field.replace('_', "-"))),
                    field_value(lang, field, &text(&c["old"])),
                    field_value(lang, field, &text(&c["new"])),
                )
            })
            .collect::<Vec<_>>()
            .join("; "),
        ("warnings", Value::Array(list)) if list.is_empty() => String::new(),
        ("warnings", Value::Array(list)) => {
            let notes: Vec<String> = list
                .iter()
                .filter_map(|n| {
                    serde_json::from_value::<crate::service::audit::Note>(n.clone()).ok()
                })
                .map(|n| {
                    let args: Vec<(String, String)> = n.args.into_iter().collect();
                    lang.t_named(&format!("trf-warning-{}", n.code), &args)
                })
                .collect();
            format!(" — {}", notes.join("; "))
        }
        // The side to move and the engine's score of an adjudicated position, in words.
        ("to_move", Value::String(letter)) => match Side::from_letter(letter) {
            Some(Side::South) => lang.t("board-south"),
            Some(Side::North) => lang.t("board-north"),
            None => letter.clone(),
        },
        ("score", Value::String(score)) => score_words(lang, score),
        // An adjudication that proposed nothing, or a position without a move.
        ("proposed", Value::Null) => lang.t("audit-nothing-proposed"),
        ("best", Value::Null) => "—".to_string(),
        ("reason", Value::String(reason)) if reason.is_empty() => String::new(),
        ("reason", Value::String(reason)) => format!(" — {reason}"),
        ("entries", Value::Array(list)) if list.is_empty() => String::new(),
        ("entries", Value::Array(list)) => {
            let entries: Vec<String> = list
                .iter()
                .filter_map(|e| {
                    serde_json::from_value::<crate::service::audit::ImportedEntry>(e.clone()).ok()
                })
                .map(|e| {
                    let became = e.became.unwrap_or_else(|| lang.t("audit-imported-new"));
                    let how = lang.t(if e.decided {
                        "audit-imported-decided"
                    } else {
                        "audit-imported-proposed"
                    });
                    format!(
                        "#{} {} ({}){} {became}, {how}",
                        e.number,
                        e.name,
                        e.federation_id.as_deref().unwrap_or("—"),
                        lang.colon()
                    )
                })
                .collect();
            format!(". {}", entries.join("; "))
        }
        ("overridden", Value::Array(list)) if list.is_empty() => String::new(),
        ("overridden", Value::Array(list)) => {
            let list = overridden(lang, list);
            format!("; {}: {list}", lang.t("audit-overridden"))
        }
        (_, v) => text(v),
    }
}

/// The engine's score as its protocol writes it (`win 9`, `loss 6`, `stones -3`) in words.
fn score_words(lang: Lang, score: &str) -> String {
    let Some((kind, number)) = score.split_once(' ') else {
        return score.to_string();
    };
    let key = match kind {
        "win" => "adjudication-score-win",
        "loss" => "adjudication-score-loss",
        "stones" => "adjudication-score-stones",
        _ => return score.to_string(),
    };
    if number.parse::<i64>().is_err() {
        return score.to_string();
    }
    lang.t_args(key, &[("count", number.to_string())])
}

fn overridden(lang: Lang, list: &[Value]) -> String {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    list.iter()
        .map(|o| {
            let names: Vec<String> = o["names"]
                .as_array()
                .map(|n| n.iter().map(text).collect())
                .unwrap_or_default();
            format!(
                "{} ({})",
                lang.t(&format!("criterion-{}", text(&o["criterion"]))),
                names.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A changed field's value: codes in words, the rest as it is.
fn field_value(lang: Lang, field: &str, value: &str) -> String {
    match (field, value) {
        (_, "") => "—".to_string(),
        ("status", code) => lang.t(&format!("player-status-{code}")),
        ("sex", code) => lang.t(&format!("sex-{code}")),
        _ => value.to_string(),
    }
}

/// A TRF file's refusal in words: where (line, column) and what was expected.
pub(crate) fn trf_error_words(lang: Lang, error: &crate::tournament::trf::TrfError) -> String {
    let args: Vec<(String, String)> = error
        .args()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let place = match (error.line, error.column) {
        (0, _) => String::new(),
        (_, Some(_)) => format!("{} ", lang.t_named("trf-at-column", &args)),
        (_, None) => format!("{} ", lang.t_named("trf-at-line", &args)),
    };
    format!(
        "{place}{}",
        lang.t_named(&format!("trf-{}", error.code()), &args)
    )
}

/// A state an entry records (before or after), in words: a player's, a round's or a game's.
#[must_use]
pub(crate) fn state(lang: Lang, state: AuditState) -> String {
    let key = match state {
        AuditState::Player(status) => format!("player-status-{status}"),
        AuditState::Round(round) => format!("round-state-{round}"),
        AuditState::Game(status) => format!("game-status-{status}"),
    };
    lang.t(&key)
}

/// A refused record's fault: where, then what.
#[must_use]
pub(crate) fn explanation_words(lang: Lang, explanation: &Explanation) -> String {
    let args: Vec<(String, String)> = explanation
        .values
        .iter()
        .map(|(name, value)| {
            let words = match value {
                ExplainedValue::Text(text) => text.clone(),
                ExplainedValue::Count(n) => n.to_string(),
                ExplainedValue::Side(side) => side_words(lang, *side),
                ExplainedValue::Termination(t) => lang.t(&format!("termination-{}", t.as_str())),
            };
            ((*name).to_string(), words)
        })
        .collect();
    let what = lang.t_named(&format!("explain-{}", explanation.code), &args);
    match &explanation.place {
        Place::Reading => what,
        Place::Ply { ply, text } => lang.t_args(
            "explain-at-ply",
            &[
                ("ply", ply.to_string()),
                ("move", text.clone()),
                ("what", what),
            ],
        ),
        Place::AfterPly { ply } => lang.t_args(
            "explain-after-ply",
            &[("ply", ply.to_string()), ("what", what)],
        ),
    }
}

fn side_words(lang: Lang, side: Side) -> String {
    lang.t(match side {
        Side::South => "board-south",
        Side::North => "board-north",
    })
}

/// What in a record contradicts the pairing.
#[must_use]
pub(crate) fn mismatch_words(lang: Lang, mismatch: &Mismatch) -> String {
    match mismatch {
        Mismatch::Variant { sent, event } => lang.t_args(
            "mismatch-variant",
            &[
                ("sent", lang.t(&format!("variant-{}", sent.as_str()))),
                ("event", lang.t(&format!("variant-{}", event.as_str()))),
            ],
        ),
        Mismatch::Position => lang.t("mismatch-position"),
        Mismatch::Name { tag, sent, paired } => lang.t_args(
            "mismatch-name",
            &[
                ("tag", tag.clone()),
                ("sent", sent.clone()),
                ("paired", paired.clone()),
            ],
        ),
    }
}

/// What a later archive changes in the event imported before, in words.
#[must_use]
pub(crate) fn change(lang: Lang, change: &crate::service::archive::ArchiveChange) -> String {
    use crate::service::archive::{ArchiveChange, Who};
    let who = |w: &Who| match &w.federation_id {
        Some(id) => format!("{} ({id})", w.name),
        None => w.name.clone(),
    };
    let pair = |names: &[Option<String>; 2]| {
        names
            .iter()
            .map(|n| n.clone().unwrap_or_else(|| "—".to_string()))
            .collect::<Vec<_>>()
            .join(" – ")
    };
    let result = |r: &Option<crate::domain::StoredResult>| {
        r.map_or_else(|| lang.t("archive-change-no-result"), |r| r.to_string())
    };
    let place = |round: i32, board: i32, game_no: i32| {
        let mut args = vec![
            ("round".to_string(), round.to_string()),
            ("board".to_string(), board.to_string()),
        ];
        args.push(("game".to_string(), game_no.to_string()));
        lang.t_named("archive-change-place", &args)
    };
    match change {
        ArchiveChange::EntryChanged {
            entry,
            before,
            after,
        } => lang.t_named(
            "archive-change-entry-changed",
            &[
                ("entry".into(), entry.to_string()),
                ("before".into(), who(before)),
                ("after".into(), who(after)),
            ],
        ),
        ArchiveChange::EntryGone { entry, before } => lang.t_named(
            "archive-change-entry-gone",
            &[
                ("entry".into(), entry.to_string()),
                ("before".into(), who(before)),
            ],
        ),
        ArchiveChange::GamePlayers {
            round,
            board,
            game_no,
            before,
            after,
        } => lang.t_named(
            "archive-change-game-players",
            &[
                ("place".into(), place(*round, *board, *game_no)),
                ("before".into(), pair(before)),
                ("after".into(), pair(after)),
            ],
        ),
        ArchiveChange::ResultChanged {
            round,
            board,
            game_no,
            before,
            after,
            decision,
        } => lang.t_named(
            if *decision {
                "archive-change-result-decision"
            } else {
                "archive-change-result"
            },
            &[
                ("place".into(), place(*round, *board, *game_no)),
                ("before".into(), result(before)),
                ("after".into(), result(after)),
            ],
        ),
        ArchiveChange::GameGone {
            round,
            board,
            game_no,
        } => lang.t_named(
            "archive-change-game-gone",
            &[("place".into(), place(*round, *board, *game_no))],
        ),
        ArchiveChange::RoundGone { round } => lang.t_named(
            "archive-change-round-gone",
            &[("round".into(), round.to_string())],
        ),
    }
}

/// A result that stands on a decision without a record, in words.
#[must_use]
pub(crate) fn decision(lang: Lang, d: &crate::service::archive::Decision) -> String {
    let args = [
        ("round".to_string(), d.round.to_string()),
        ("board".to_string(), d.board.to_string()),
        ("game".to_string(), d.game_no.to_string()),
    ];
    let names = format!(
        "{} – {}",
        d.first.as_deref().unwrap_or("—"),
        d.second.as_deref().unwrap_or("—")
    );
    format!(
        "{}{} {names} {}",
        lang.t_named("archive-change-place", &args),
        lang.colon(),
        d.result
    )
}

/// How a round differs from the Dutch system's pairing, in the reader's language.
#[must_use]
pub(crate) fn difference_words(
    lang: Lang,
    d: &crate::tournament::trf_pairing::Difference,
) -> String {
    use crate::tournament::trf_pairing::Difference;
    let who = |b: &Option<usize>| b.map_or_else(|| lang.t("pairing-nobody"), |b| b.to_string());
    match d {
        Difference::Pairs { file, dutch } => lang.t_args(
            "pairing-difference-pairs",
            &[
                ("file", Difference::pairs_text(file)),
                ("dutch", Difference::pairs_text(dutch)),
            ],
        ),
        Difference::FirstMove { first, second } => lang.t_args(
            "pairing-difference-first-move",
            &[("first", first.to_string()), ("second", second.to_string())],
        ),
        Difference::Bye { file, dutch } => lang.t_args(
            "pairing-difference-bye",
            &[("file", who(file)), ("dutch", who(dutch))],
        ),
        Difference::NoPairing(why) => {
            lang.t_args("pairing-difference-none", &[("why", why.clone())])
        }
    }
}

/// The specifics of an archive's fault in the reader's language: the errors and the
/// verifier's reasons it names by their codes, in words; the rest quoted as the archive has it.
#[must_use]
pub(crate) fn fault_detail(lang: Lang, detail: &crate::service::archive::FaultDetail) -> String {
    let args: Vec<(String, String)> = detail
        .args
        .iter()
        .map(|(name, value)| ((*name).to_string(), value.clone()))
        .collect();
    fault_words(lang, detail.key, &args).unwrap_or_default()
}

/// A fault's specifics as another installation's API named them (`error.said`, its message
/// key and arguments): `None` when this installation has no such message.
#[must_use]
pub(crate) fn fault_words(lang: Lang, key: &str, args: &[(String, String)]) -> Option<String> {
    let message = format!("archive-detail-{key}");
    if !lang.has(&message) {
        return None;
    }
    let args: Vec<(String, String)> = args
        .iter()
        .map(|(name, value)| {
            let words = match name.as_str() {
                "error" if lang.has(&format!("error-{value}")) => lang.t(&format!("error-{value}")),
                "reason" if lang.has(&format!("reason-{value}")) => {
                    lang.t(&format!("reason-{value}"))
                }
                "reason" if lang.has(&format!("error-{value}")) => {
                    lang.t(&format!("error-{value}"))
                }
                _ => value.clone(),
            };
            (name.clone(), words)
        })
        .collect();
    Some(lang.t_named(&message, &args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_explanation_is_said_in_every_language() {
        for lang in Lang::ALL {
            for code in Explanation::CODES {
                let key = format!("explain-{code}");
                assert!(lang.has(&key), "{key} in {lang}");
            }
        }
    }
    use crate::domain::{ByeKind, StaffRole};
    use crate::service::audit::Change;

    #[test]
    fn an_adjudication_says_the_side_and_the_score_in_words() {
        let proposal = |score: &str| {
            Said::Detail(Detail::AdjudicationProposed {
                plies: 10,
                to_move: Side::South,
                score: score.to_string(),
                depth: 12,
                nodes: 12_500,
                millis: 40,
                best: None,
                margin: 5,
                proposed: None,
            })
        };
        let pt = said(Lang::Pt, &proposal("win 9"));
        assert!(
            pt.starts_with("após 10 jogadas, Sul a jogar: vitória em 9 jogadas"),
            "{pt}"
        );
        assert!(pt.contains("12\u{a0}500 posições"), "{pt}");
        let fr = said(Lang::Fr, &proposal("loss 1"));
        assert!(fr.contains("Sud au trait\u{a0}: perte en 1 coup"), "{fr}");
        let en = said(Lang::En, &proposal("stones -3"));
        assert!(en.contains("South to move: stone difference -3"), "{en}");
    }

    #[test]
    fn a_pairing_difference_is_said_in_each_language() {
        use crate::tournament::trf_pairing::Difference;
        let pairs = Difference::Pairs {
            file: vec![(2, 7)],
            dutch: vec![(2, 5), (3, 7)],
        };
        assert_eq!(
            difference_words(Lang::Pt, &pairs),
            "o ficheiro emparelha 2-7; o sistema holandês emparelha 2-5 3-7"
        );
        // The API and `kiela check` say it in English.
        assert_eq!(
            pairs.to_string(),
            "the file pairs 2-7; the Dutch system pairs 2-5 3-7"
        );
        assert_eq!(serde_json::to_value(&pairs).unwrap(), pairs.to_string());
        let bye = Difference::Bye {
            file: Some(9),
            dutch: None,
        };
        assert!(difference_words(Lang::Fr, &bye).contains("personne"));
        assert!(!difference_words(Lang::Pt, &bye).contains("nobody"));
    }

    #[test]
    fn every_archive_fault_is_said_in_each_language() {
        // The keys as the checks name them: `FaultDetail::of("…")` and `disagrees("…")`.
        let sources = [
            include_str!("../service/archive/check.rs"),
            include_str!("../service/archive/import.rs"),
        ];
        let mut keys = Vec::new();
        for source in sources {
            for opening in ["FaultDetail::of(\"", "disagrees(\""] {
                for part in source.split(opening).skip(1) {
                    if let Some(key) = part.split('"').next() {
                        keys.push(key.to_string());
                    }
                }
            }
        }
        assert!(keys.len() > 50, "{keys:?}");
        for lang in [Lang::Pt, Lang::En, Lang::Fr] {
            for key in &keys {
                assert!(lang.has(&format!("archive-detail-{key}")), "{lang:?} {key}");
            }
        }
        let fault = crate::service::archive::FaultDetail::of("illegal_at")
            .with("reason", "wrong_player")
            .with("ply", 7);
        assert_eq!(
            fault_detail(Lang::Pt, &fault),
            format!("{} (jogada 7)", Lang::Pt.t("reason-wrong_player"))
        );
        let settings =
            crate::service::archive::FaultDetail::of("settings").with("error", "rounds_invalid");
        assert!(!fault_detail(Lang::Fr, &settings).contains("rounds_invalid"));
    }

    #[test]
    fn details_are_said_in_each_language() {
        let imported = Said::Detail(Detail::PlayersImported { count: 1 });
        assert_eq!(said(Lang::En, &imported), "1 player");
        let many = Said::Detail(Detail::PlayersImported { count: 52 });
        assert_eq!(said(Lang::Pt, &many), "52 jogadores");
        let staff = Said::Detail(Detail::Staff {
            email: "a@example.ao".into(),
            role: StaffRole::Arbiter,
        });
        assert_eq!(said(Lang::Fr, &staff), "a@example.ao (Arbitre)");
        let bye = Said::Detail(Detail::Bye {
            name: "Ana".into(),
            round: 3,
            points: ByeKind::Half,
        });
        assert!(
            said(Lang::Pt, &bye).contains("meio ponto"),
            "{}",
            said(Lang::Pt, &bye)
        );
        let edited = Said::Detail(Detail::PlayerEdited {
            name: "Ana".into(),
            number: 4,
            changes: vec![Change {
                field: "birth_year".into(),
                old: String::new(),
                new: "2009".into(),
            }],
        });
        assert_eq!(said(Lang::En, &edited), "Ana (4): Year of birth: — → 2009");
        let imported = Said::Detail(Detail::ArchiveImported {
            installation: "Clube do Uíge".into(),
            code: "7QK2MD".into(),
            venue_event: 3,
            archive: "0123456789abcdef".into(),
            entries: vec![crate::service::audit::ImportedEntry {
                number: 2,
                name: "Ana Kiala".into(),
                federation_id: Some("L-7QK2MD-1".into()),
                became: None,
                decided: true,
            }],
        });
        assert_eq!(
            said(Lang::Pt, &imported),
            "Clube do Uíge (7QK2MD), torneio 3 nesse local, arquivo 0123456789abcdef. \
             #2 Ana Kiala (L-7QK2MD-1): uma pessoa nova, escolhido pelo organizador"
        );
        // A refused record, said in each language.
        let record = "[Variant \"advanced\"]\n\nb2 *";
        let verdict = crate::rules::Verdict::of(crate::rules::parse_record(record).as_ref());
        let x = Explanation::of(&verdict).unwrap();
        assert!(explanation_words(Lang::En, &x).starts_with("Ply 1 (b2): b2 is empty;"));
        assert!(explanation_words(Lang::Pt, &x).starts_with("Jogada 1 (b2): b2 está vazia;"));
        assert!(
            explanation_words(Lang::Fr, &x).starts_with("Coup 1 (b2)\u{a0}: b2 est vide\u{a0};")
        );
        // Entries written before details were data are shown as they were written.
        assert_eq!(said(Lang::Fr, &Said::Text("round 1".into())), "round 1");
    }
}
