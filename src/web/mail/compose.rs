//! A queued message made into an e-mail: subject, plain text and HTML from the templates in
//! `templates/mail/`, in the recipient's language, with the links a reader follows. Names and
//! event names go into headers only through lettre's typed headers (a line break in a name
//! cannot add a header).

use askama::Template;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use crate::domain::{MailKind, StoredResult};
use crate::service::letters::{Content, GameLine, Says};
use crate::service::outbox::Queued;
use crate::web::i18n::Lang;

/// A message's plain text.
#[derive(Template)]
#[template(path = "mail/letter.txt")]
struct PlainLetter<'a> {
    w: &'a Words,
}

/// A message's HTML.
#[derive(Template)]
#[template(path = "mail/letter.html")]
struct HtmlLetter<'a> {
    lang_tag: &'a str,
    w: &'a Words,
}

/// What a letter says, in words.
#[derive(Debug)]
pub(crate) struct Words {
    pub subject: String,
    pub greeting: String,
    pub paragraphs: Vec<String>,
    /// The button: its label and address.
    pub action: Option<(String, String)>,
    pub footer: String,
    /// The unsubscribe link of an announcement: its label and address.
    pub unsubscribe: Option<(String, String)>,
}

/// Where links lead and who signs.
pub(crate) struct Site<'a> {
    /// The site's address, without a trailing slash.
    pub base: &'a str,
    pub name: &'a str,
    pub offset: chrono::FixedOffset,
}

/// The player's outcome in words (`None` while the game has no result).
fn outcome(lang: Lang, line: &GameLine) -> Option<String> {
    let result = line.result?;
    Some(lang.t(outcome_key(result, line.sows_first)))
}

fn outcome_key(result: StoredResult, sows_first: bool) -> &'static str {
    let mine = |first: &'static str, second: &'static str| if sows_first { first } else { second };
    match result {
        StoredResult::FirstWins => mine("mail-outcome-won", "mail-outcome-lost"),
        StoredResult::SecondWins => mine("mail-outcome-lost", "mail-outcome-won"),
        StoredResult::Draw => "mail-outcome-drawn",
        StoredResult::FirstWinsByForfeit => {
            mine("mail-outcome-won_forfeit", "mail-outcome-lost_forfeit")
        }
        StoredResult::SecondWinsByForfeit => {
            mine("mail-outcome-lost_forfeit", "mail-outcome-won_forfeit")
        }
        StoredResult::DoubleForfeit => "mail-outcome-double_forfeit",
        StoredResult::Bye => "mail-outcome-bye",
    }
}

/// The words of a message.
pub(crate) fn words(
    lang: Lang,
    row: &Queued,
    content: &Content,
    site: &Site<'_>,
    unsubscribe_url: Option<String>,
) -> Words {
    let event = content.event.as_ref().map_or("", |e| e.name.as_str());
    let kind = row.kind.as_str();
    let link = |path: String| format!("{}{path}", site.base);
    let mut args: Vec<(&'static str, String)> = vec![
        ("event", event.to_string()),
        ("site", site.name.to_string()),
        ("name", row.to_name.clone()),
        ("email", row.to_email.clone()),
    ];
    let (paragraphs, action) = body(lang, row, content, site, &mut args, &link);
    let footer_key = match row.kind {
        MailKind::PasswordReset => "mail-footer-account",
        MailKind::EmailChange => "mail-footer-email_change",
        MailKind::EmailChanged => "mail-footer-email_changed",
        _ => "mail-footer-event",
    };
    Words {
        subject: one_line(&lang.t_args(&format!("mail-{kind}-subject"), &args)),
        greeting: lang.t_args("mail-greeting", &args),
        paragraphs,
        action: action.map(|url| (lang.t(&format!("mail-{kind}-action")), url)),
        footer: lang.t_args(footer_key, &args),
        unsubscribe: unsubscribe_url.map(|url| (lang.t("mail-unsubscribe"), url)),
    }
}

/// What a message says (its paragraphs) and the link it leads to.
fn body(
    lang: Lang,
    row: &Queued,
    content: &Content,
    site: &Site<'_>,
    args: &mut Vec<(&'static str, String)>,
    link: &dyn Fn(String) -> String,
) -> (Vec<String>, Option<String>) {
    let kind = row.kind.as_str();
    match &content.says {
        Says::Reset { .. } | Says::EmailChange { .. } | Says::EmailChanged { .. } => {
            account_body(lang, &content.says, args, link)
        }
        Says::PersonalLink { secret } => (
            vec![lang.t_args("mail-personal_link-body", args)],
            Some(link(crate::web::paths::personal(secret))),
        ),
        Says::Game { line, secret } => {
            game_args(lang, line, site, args);
            let body = if line.opponent.is_none() && row.kind == MailKind::RoundPublished {
                lang.t_args("mail-round_published-bye", args)
            } else {
                lang.t_args(&format!("mail-{kind}-body"), args)
            };
            let mut paragraphs = vec![body];
            if row.kind == MailKind::RoundPublished
                && line.opponent.is_some()
                && line.starts_at.is_some()
            {
                paragraphs.push(lang.t_args("mail-round_published-starts", args));
            }
            (
                paragraphs,
                Some(link(crate::web::paths::personal_game(secret, line.game))),
            )
        }
        Says::Ranking {
            rank,
            place_to,
            points,
            players,
            prizes,
            secret,
        } => {
            args.push(("rank", rank.to_string()));
            args.push(("place_to", place_to.to_string()));
            args.push(("points", points.to_string()));
            args.push(("players", players.to_string()));
            let key = if place_to > rank {
                "mail-final_ranking-shared"
            } else {
                "mail-final_ranking-body"
            };
            let mut paragraphs = vec![lang.t_args(key, args)];
            paragraphs.extend(prizes.iter().map(|p| prize_words(lang, p)));
            (paragraphs, Some(link(crate::web::paths::personal(secret))))
        }
        Says::Notice { text } => (
            vec![lang.t_args("mail-notice-body", args), text.clone()],
            content
                .event
                .as_ref()
                .map(|e| link(crate::web::paths::event(&e.slug))),
        ),
    }
}

/// What a message about the account says: a reset link, a change of address.
fn account_body(
    lang: Lang,
    says: &Says,
    args: &mut Vec<(&'static str, String)>,
    link: &dyn Fn(String) -> String,
) -> (Vec<String>, Option<String>) {
    match says {
        Says::Reset { token } => {
            args.push((
                "minutes",
                crate::service::password_reset::RESET_LINK_MINUTES.to_string(),
            ));
            (
                vec![lang.t_args("mail-password_reset-body", args)],
                Some(link(crate::service::password_reset::reset_path(token))),
            )
        }
        Says::EmailChange { token } => {
            args.push((
                "hours",
                crate::service::email_change::CHANGE_LINK_HOURS.to_string(),
            ));
            (
                vec![lang.t_args("mail-email_change-body", args)],
                Some(link(crate::service::email_change::change_path(token))),
            )
        }
        Says::EmailChanged { new_email } => {
            args.push(("new", new_email.clone()));
            (vec![lang.t_args("mail-email_changed-body", args)], None)
        }
        _ => (Vec::new(), None),
    }
}

/// A prize won, in words: its amount (and goods), and its category's name.
fn prize_words(lang: Lang, prize: &crate::service::letters::Prize) -> String {
    let mut args = vec![
        ("amount", prize.amount.to_string()),
        ("currency", prize.currency.clone()),
    ];
    let key = match &prize.category {
        Some(category) => {
            args.push(("category", category.clone()));
            "mail-final_ranking-prize-category"
        }
        None => "mail-final_ranking-prize",
    };
    let mut text = lang.t_args(key, &args);
    if let Some(goods) = &prize.goods {
        text.push_str(&format!(" + {goods}"));
    }
    text
}

/// The arguments of a message about a game.
fn game_args(lang: Lang, line: &GameLine, site: &Site<'_>, args: &mut Vec<(&'static str, String)>) {
    args.push(("round", line.round.to_string()));
    args.push(("board", line.board.to_string()));
    args.push(("opponent", line.opponent.clone().unwrap_or_default()));
    args.push((
        "first",
        if line.sows_first { "yes" } else { "no" }.to_string(),
    ));
    if let Some(outcome) = outcome(lang, line) {
        args.push(("outcome", outcome));
    }
    if let Some(from) = line.corrected_from {
        args.push(("before", lang.t(outcome_key(from, line.sows_first))));
    }
    if let Some(at) = line.starts_at {
        let local = at.and_utc().with_timezone(&site.offset).naive_local();
        args.push(("time", lang.date_time(local, false)));
    }
}

/// A subject on one line: line breaks and other control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// Why a message cannot be made.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ComposeError {
    #[error("the recipient's address is not an address: {0}")]
    Recipient(String),
    #[error("the message cannot be written: {0}")]
    Build(String),
}

/// The e-mail of `words`, from `from` to the row's recipient, under the row's `Message-ID`.
pub(crate) fn message(
    lang: Lang,
    row: &Queued,
    words: &Words,
    from: &Mailbox,
) -> Result<Message, ComposeError> {
    let address: Address = row
        .to_email
        .parse()
        .map_err(|e: lettre::address::AddressError| ComposeError::Recipient(e.to_string()))?;
    let name = one_line(&row.to_name);
    let to = Mailbox::new((!name.is_empty()).then_some(name), address);
    let plain = PlainLetter { w: words }
        .render()
        .map_err(|e| ComposeError::Build(e.to_string()))?;
    let html = HtmlLetter {
        lang_tag: lang.tag(),
        w: words,
    }
    .render()
    .map_err(|e| ComposeError::Build(e.to_string()))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(words.subject.clone())
        .message_id(Some(row.message_id.clone()))
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Content-Language"),
            lang.tag().to_string(),
        ));
    if let Some((_, url)) = &words.unsubscribe {
        // RFC 2369 and RFC 8058: the mail program's own unsubscribe button posts to the link.
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{url}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_string(),
            ));
    }
    // RFC 3834: no vacation replies to a program's messages.
    builder = builder.raw_header(HeaderValue::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        "auto-generated".to_string(),
    ));
    builder
        .multipart(
            MultiPart::alternative()
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_PLAIN)
                        .body(plain),
                )
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(html),
                ),
        )
        .map_err(|e| ComposeError::Build(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{GameId, Language, MessageId};
    use crate::service::letters::EventLine;

    fn queued(kind: MailKind, name: &str) -> Queued {
        Queued {
            id: MessageId(1),
            kind,
            to_email: "ana@example.ao".into(),
            to_name: name.into(),
            language: Language::Pt,
            event: None,
            player: None,
            game: None,
            secret: None,
            body: String::new(),
            message_id: "<ab@kiela.outbox>".into(),
            attempts: 0,
            next_attempt_at: chrono::NaiveDateTime::default(),
        }
    }

    fn says(kind: MailKind) -> Says {
        let line = GameLine {
            round: 2,
            board: 7,
            game: GameId(9),
            opponent: Some("Bento".into()),
            sows_first: true,
            result: Some(StoredResult::SecondWinsByForfeit),
            corrected_from: Some(StoredResult::Draw),
            starts_at: Some(chrono::NaiveDateTime::default()),
        };
        match kind {
            MailKind::PasswordReset => Says::Reset {
                token: "ab".repeat(32),
            },
            MailKind::EmailChange => Says::EmailChange {
                token: "ab".repeat(32),
            },
            MailKind::EmailChanged => Says::EmailChanged {
                new_email: "ana.nova@example.ao".into(),
            },
            MailKind::PersonalLink => Says::PersonalLink {
                secret: "cd".repeat(32),
            },
            MailKind::FinalRanking => Says::Ranking {
                rank: 3,
                place_to: 4,
                points: 4.5,
                players: 20,
                prizes: vec![
                    crate::service::letters::Prize {
                        category: None,
                        amount: 25_000.0,
                        currency: "AOA".into(),
                        goods: Some("Um tabuleiro".into()),
                    },
                    crate::service::letters::Prize {
                        category: Some("Sub-16".into()),
                        amount: 5_000.5,
                        currency: "AOA".into(),
                        goods: None,
                    },
                ],
                secret: "cd".repeat(32),
            },
            MailKind::Notice => Says::Notice {
                text: "Almoço às 13h.".into(),
            },
            _ => Says::Game {
                line,
                secret: "cd".repeat(32),
            },
        }
    }

    /// Every kind of message in every language: each word found, the links in both parts.
    #[test]
    fn every_message_is_written_in_every_language() {
        let site = Site {
            base: "http://10.42.0.1:8080",
            name: "10.42.0.1:8080",
            offset: chrono::FixedOffset::east_opt(3600).unwrap(),
        };
        let from: Mailbox = "Prémio Kiela <kiela@example.ao>".parse().unwrap();
        for lang in Lang::ALL {
            for kind in MailKind::ALL {
                let row = queued(*kind, "Ana");
                let content = Content {
                    event: Some(EventLine {
                        name: "Taça do Uíge".into(),
                        slug: "taca".into(),
                    }),
                    says: says(*kind),
                };
                let unsubscribe = kind
                    .is_announcement()
                    .then(|| "http://10.42.0.1:8080/unsubscribe/ef".to_string());
                let words = words(lang, &row, &content, &site, unsubscribe);
                let message = message(lang, &row, &words, &from).unwrap();
                let raw = String::from_utf8(message.formatted()).unwrap();
                assert!(!words.subject.is_empty() && !words.paragraphs.is_empty());
                if let Some((_, url)) = &words.action {
                    assert!(url.starts_with("http://10.42.0.1:8080/"), "{url}");
                }
                assert_eq!(raw.contains("List-Unsubscribe:"), kind.is_announcement());
            }
        }
        let missing = crate::web::i18n::missing_messages();
        assert!(missing.is_empty(), "{missing:?}");
    }

    /// A name with a line break and a forged header stays in the name.
    #[test]
    fn a_forged_header_in_a_name_adds_no_header() {
        let from: Mailbox = "Kiela <kiela@example.ao>".parse().unwrap();
        let site = Site {
            base: "http://x.ao",
            name: "x.ao",
            offset: chrono::FixedOffset::east_opt(0).unwrap(),
        };
        for name in [
            "Ana\r\nBcc: eve@evil.ao",
            "Ana\nBcc: eve@evil.ao",
            "Ana\rBcc: eve@evil.ao",
        ] {
            let row = queued(MailKind::PersonalLink, name);
            let content = Content {
                event: Some(EventLine {
                    name: "Taça\r\nBcc: eve@evil.ao".to_string(),
                    slug: "taca".into(),
                }),
                says: says(MailKind::PersonalLink),
            };
            let words = words(Lang::Pt, &row, &content, &site, None);
            let raw =
                String::from_utf8(message(Lang::Pt, &row, &words, &from).unwrap().formatted())
                    .unwrap();
            let headers = &raw[..raw.find("\r\n\r\n").unwrap()];
            assert!(
                !headers
                    .lines()
                    .any(|l| l.to_ascii_lowercase().starts_with("bcc:")),
                "{headers}"
            );
            assert!(!raw.contains("eve@evil.ao>"), "{raw}");
        }
    }
}
