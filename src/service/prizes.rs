//! An event's prize fund: the organiser's place and category prizes, checked and stored, and
//! the prize list they give over the final ranking (provisional while the event runs).

use serde::{Deserialize, Serialize};

use super::access::Access;
use super::event_data::EventData;
use super::{App, ServiceError, audit, standings};
use crate::db::events as q;
use crate::db::{self, event_transaction};
use crate::domain::{AuditAction, ErrorCode, EventState, PlayerId, PlayerStatus, Sex};
use crate::tournament::prizes::{self, Choice, Prize, PrizeList, Ranked, Rules, Sharing};

/// Most prizes in one list, and most categories.
const MAX_PRIZES: usize = 200;
const MAX_CATEGORIES: usize = 50;
/// Largest amount of one prize, in the currency's units.
const MAX_AMOUNT: f64 = 1e10;

/// A prize as sent: an amount, or a thing.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum PrizeInput {
    Amount(f64),
    Goods(String),
}

impl PrizeInput {
    /// A prize as typed on one line of a form: an amount (`1500`, `1500.50`, `1 500`,
    /// `1.500,50`), or else the name of a non-cash prize.
    #[must_use]
    pub fn from_line(line: &str) -> PrizeInput {
        let line = line.trim();
        parse_amount(line).map_or_else(|| PrizeInput::Goods(line.to_string()), PrizeInput::Amount)
    }

    /// How a form shows the prize again (an amount without needless decimals).
    #[must_use]
    pub fn as_line(&self) -> String {
        match self {
            PrizeInput::Amount(a) if a.fract() == 0.0 => format!("{a:.0}"),
            PrizeInput::Amount(a) => format!("{a:.2}"),
            PrizeInput::Goods(g) => g.clone(),
        }
    }
}

/// An amount written with an optional decimal part of one or two digits after `.` or `,`, and
/// optionally its thousands grouped by spaces, `.` or `,` (the other mark then being the
/// decimal one).
fn parse_amount(text: &str) -> Option<f64> {
    let text: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}'))
        .collect();
    if text.is_empty()
        || !text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    {
        return None;
    }
    // The decimal mark is the last mark when one or two digits follow it.
    let (whole, cents) = match text.rfind(['.', ',']) {
        Some(at) if (2..=3).contains(&(text.len() - at)) => (&text[..at], Some(&text[at + 1..])),
        _ => (text.as_str(), None),
    };
    // What is left is digits, grouped by threes if marks remain.
    let groups: Vec<&str> = whole.split(['.', ',']).collect();
    let grouped = groups.len() == 1
        || (!groups[0].is_empty()
            && groups[0].len() <= 3
            && groups[1..].iter().all(|g| g.len() == 3));
    if whole.is_empty() || !grouped {
        return None;
    }
    let number = format!("{}.{}", groups.concat(), cents.unwrap_or("0"));
    number.parse().ok()
}

/// Who belongs to a category (every condition given must hold).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Born in this year or later (juniors).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_from: Option<i32>,
    /// Born in this year or earlier (seniors).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_until: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Rated below this (unrated players excluded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_below: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<bool>,
    /// Carries this tag (the organiser's own categories).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

impl Rule {
    fn admits(&self, p: &crate::domain::Player) -> bool {
        let same = |a: &str, b: &str| a.trim().to_lowercase() == b.trim().to_lowercase();
        self.sex.is_none_or(|s| p.sex == Some(s))
            && self
                .born_from
                .is_none_or(|y| p.birth_year.is_some_and(|b| b >= y))
            && self
                .born_until
                .is_none_or(|y| p.birth_year.is_some_and(|b| b <= y))
            && self
                .province
                .as_deref()
                .is_none_or(|v| same(v, &p.province))
            && self.club.as_deref().is_none_or(|v| same(v, &p.club))
            && self
                .rating_below
                .is_none_or(|r| p.rating > 0 && p.rating < r)
            && self.unrated.is_none_or(|u| u == (p.rating == 0))
            && self.tag.as_deref().is_none_or(|t| p.tags.has(t))
    }
}

/// A category as sent.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CategoryInput {
    pub name: String,
    #[serde(default)]
    pub rule: Rule,
    pub prizes: Vec<PrizeInput>,
}

/// A prize fund as sent to `PUT …/prizes`, and as stored once checked.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Fund {
    #[serde(default = "kwanza")]
    pub currency: String,
    /// `equal`, `hort` or `tiebreak`.
    #[serde(default = "equal")]
    pub sharing: String,
    #[serde(default = "yes")]
    pub one_prize_per_player: bool,
    /// With one prize per player: the first by the order of the lists, not the most valuable.
    #[serde(default)]
    pub by_list_order: bool,
    #[serde(default)]
    pub places: Vec<PrizeInput>,
    #[serde(default)]
    pub categories: Vec<CategoryInput>,
    /// Show the prize list (as provisional) before the event ends.
    #[serde(default)]
    pub published: bool,
}

fn kwanza() -> String {
    "AOA".into()
}

fn equal() -> String {
    "equal".into()
}

fn yes() -> bool {
    true
}

impl Fund {
    fn sharing(&self) -> Result<Sharing, ServiceError> {
        Sharing::from_code(&self.sharing)
            .ok_or_else(|| ServiceError::invalid("sharing", ErrorCode::SharingInvalid))
    }

    pub(crate) fn check(&self) -> Result<(), ServiceError> {
        let currency_ok =
            self.currency.len() == 3 && self.currency.chars().all(|c| c.is_ascii_uppercase());
        if !currency_ok {
            return Err(ServiceError::invalid(
                "currency",
                ErrorCode::CurrencyInvalid,
            ));
        }
        self.sharing()?;
        if self.categories.len() > MAX_CATEGORIES {
            return Err(ServiceError::invalid("categories", ErrorCode::PrizeInvalid));
        }
        let lists = std::iter::once(&self.places).chain(self.categories.iter().map(|c| &c.prizes));
        for list in lists {
            if list.len() > MAX_PRIZES {
                return Err(ServiceError::invalid("prizes", ErrorCode::PrizeInvalid));
            }
            for prize in list {
                let ok = match prize {
                    PrizeInput::Amount(a) => a.is_finite() && *a >= 0.0 && *a <= MAX_AMOUNT,
                    PrizeInput::Goods(g) => {
                        let g = g.trim();
                        !g.is_empty()
                            && g.chars().count() <= 100
                            && !g.chars().any(char::is_control)
                    }
                };
                if !ok {
                    return Err(ServiceError::invalid("prizes", ErrorCode::PrizeInvalid));
                }
            }
        }
        let short = |t: &str| t.chars().count() <= 100 && !t.chars().any(char::is_control);
        for c in &self.categories {
            let name = c.name.trim();
            let rule_texts = [&c.rule.province, &c.rule.club, &c.rule.tag];
            // Years of birth as the API document states them (1900 to 2100).
            let year = |y: Option<i32>| y.is_none_or(|y| (1900..=2100).contains(&y));
            if name.is_empty()
                || !short(name)
                || !rule_texts.iter().all(|t| t.as_deref().is_none_or(short))
                || c.rule.rating_below.is_some_and(|r| !(1..=4000).contains(&r))
                || !year(c.rule.born_from)
                || !year(c.rule.born_until)
                // A tag is at most 30 characters: a longer one could never be a player's.
                || c
                    .rule
                    .tag
                    .as_deref()
                    .is_some_and(|t| t.chars().count() > crate::domain::MAX_TAG_CHARS)
            {
                return Err(ServiceError::invalid(
                    "categories",
                    ErrorCode::CategoryInvalid,
                ));
            }
        }
        Ok(())
    }
}

fn prize_of(input: &PrizeInput) -> Prize {
    match input {
        // In minor units (centimos); checked to be finite and bounded.
        PrizeInput::Amount(a) => Prize::Cash((a * 100.0).round() as i64),
        PrizeInput::Goods(g) => Prize::Goods(g.trim().to_string()),
    }
}

/// Stores the event's prize fund (organisers), replacing any earlier one.
pub(crate) fn set_fund(app: &App, access: &Access, fund: &Fund) -> Result<(), ServiceError> {
    access.require_organiser()?;
    fund.check()?;
    let json = serde_json::to_string(fund).map_err(|e| ServiceError::Internal(e.to_string()))?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        q::store_prize_fund(conn, access.event.id, &json, fund.published, db::now())?;
        q::bump_event(conn, access.event.id, db::now())?;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, access.user_id(), AuditAction::PrizesSet).detail(
                audit::Detail::Prizes {
                    places: fund.places.len(),
                    categories: fund.categories.len(),
                },
            ),
        )?;
        Ok(())
    })
}

/// The event's prize fund as stored, for the organisers' form; `None` before one is set.
pub(crate) fn stored_fund(app: &App, access: &Access) -> Result<Option<Fund>, ServiceError> {
    access.require_organiser_reading()?;
    let mut conn = app.conn()?;
    let Some((json, _)) = q::prize_fund(&mut conn, access.event.id)? else {
        return Ok(None);
    };
    serde_json::from_str(&json)
        .map(Some)
        .map_err(|e| ServiceError::Internal(format!("stored prize fund: {e}")))
}

/// One prize won.
#[derive(Clone, Debug, Serialize)]
pub struct AwardView {
    /// `1st`, `Women 1st`, …; a shared prize is named by its first place.
    pub prize: String,
    /// The list: `null` for the places, else the category's name.
    pub category: Option<String>,
    /// The places (1-based) whose money this share comes from.
    pub places: Vec<usize>,
    pub player_id: PlayerId,
    pub name: String,
    /// In the currency's units, two decimals.
    pub amount: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goods: Option<String>,
    pub shared_by: usize,
}

/// The prize list.
#[derive(Clone, Debug, Serialize)]
pub struct PrizeListView {
    /// The event is not finished: the list follows the current standings.
    pub provisional: bool,
    pub currency: String,
    pub sharing: Sharing,
    pub awards: Vec<AwardView>,
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The event's prize list: public once the event is finished or the list is published,
/// provisional until the end; the organisers always see it. `NotFound` without a fund.
pub(crate) fn prize_list(app: &App, access: &Access) -> Result<PrizeListView, ServiceError> {
    let mut conn = app.conn()?;
    db::read_transaction(&mut conn, |conn| {
        let data = EventData::load_without_records(conn, access.event.clone())?;
        prize_list_in(conn, access, &data)?.ok_or(ServiceError::NotFound)
    })
}

/// The prize list inside a read, if there is one `access` may see.
pub(crate) fn prize_list_in(
    conn: &mut db::DbConnection,
    access: &Access,
    data: &EventData,
) -> Result<Option<PrizeListView>, ServiceError> {
    let Some((json, published)) = q::prize_fund(conn, access.event.id)? else {
        return Ok(None);
    };
    let finished = access.event.state == EventState::Finished;
    if !(finished || published || access.is_organiser()) {
        return Ok(None);
    }
    let fund: Fund = serde_json::from_str(&json)
        .map_err(|e| ServiceError::Internal(format!("stored prize fund: {e}")))?;
    let table = standings::stored(conn, data)?;
    let index = data.index();
    let knockout = table.final_ranking && data.event.format.has_knockout();
    // Withdrawn players and pending registrations win nothing.
    let ranking: Vec<Ranked> = table
        .rows
        .iter()
        .filter(|r| r.status == PlayerStatus::Active)
        .filter_map(|r| {
            // Level players share: on points, or, in a knockout's final ranking, in a band
            // of places (its points say nothing).
            let level = if knockout {
                u32::MAX - u32::try_from(r.rank).unwrap_or(u32::MAX)
            } else {
                (r.points * 10.0).round() as u32
            };
            Some(Ranked {
                player: *index.get(&r.player_id)?,
                points: level,
            })
        })
        .collect();
    let everyone = vec![true; data.players.len()];
    let mut lists = vec![PrizeList {
        prizes: fund.places.iter().map(prize_of).collect(),
        eligible: everyone,
    }];
    for c in &fund.categories {
        lists.push(PrizeList {
            prizes: c.prizes.iter().map(prize_of).collect(),
            eligible: data.players.iter().map(|p| c.rule.admits(p)).collect(),
        });
    }
    let rules = Rules {
        sharing: fund.sharing()?,
        one_prize_per_player: fund.one_prize_per_player,
        choice: if fund.by_list_order {
            Choice::ListOrder
        } else {
            Choice::MostValuable
        },
    };
    let awards = prizes::distribute(&ranking, &lists, rules)
        .into_iter()
        .filter_map(|a| {
            let player = data.players.get(a.player)?;
            let category = a
                .list
                .checked_sub(1)
                .map(|c| fund.categories[c].name.clone());
            let first = a.positions.first().copied().unwrap_or(0) + 1;
            Some(AwardView {
                prize: match &category {
                    Some(name) => format!("{name} {}", ordinal(first)),
                    None => ordinal(first),
                },
                category,
                places: a.positions.iter().map(|p| p + 1).collect(),
                player_id: player.id,
                name: player.name.clone(),
                amount: a.amount as f64 / 100.0,
                goods: a.goods,
                shared_by: a.shared_by,
            })
        })
        .collect();
    Ok(Some(PrizeListView {
        provisional: !finished,
        currency: fund.currency,
        sharing: rules.sharing,
        awards,
    }))
}

/// The prize list as CSV: prize, name, amount, currency, non-cash prize, how many shared it,
/// under `header` (in the reader's language), each prize named by `prize`.
#[must_use]
pub(crate) fn csv(
    list: &PrizeListView,
    header: &[String; 6],
    prize: &dyn Fn(&AwardView) -> String,
    style: super::csv::CsvStyle,
) -> String {
    let mut csv = super::csv::Csv::new(style);
    for h in header {
        csv.text(h);
    }
    csv.end_row();
    for a in &list.awards {
        csv.text(&prize(a))
            .text(&a.name)
            .number(format!("{:.2}", a.amount))
            .text(&list.currency)
            .text(a.goods.as_deref().unwrap_or(""))
            .number(a.shared_by)
            .end_row();
    }
    csv.finish()
}

#[cfg(test)]
mod tests {
    use super::{PrizeInput, ordinal};

    #[test]
    fn prizes_typed_on_a_line() {
        let read = |line: &str| PrizeInput::from_line(line);
        for (line, amount) in [
            ("1500", 1500.0),
            (" 1 500 ", 1500.0),
            ("1.500", 1500.0),
            ("1,500", 1500.0),
            ("1.500,50", 1500.5),
            ("1,500.50", 1500.5),
            ("1500,5", 1500.5),
            ("0", 0.0),
            ("1.234.567", 1_234_567.0),
        ] {
            assert_eq!(read(line), PrizeInput::Amount(amount), "{line}");
        }
        for line in ["Troféu", "1500 Kz", "1.50.0", ",50", "12,34,5", "1500.505"] {
            assert_eq!(read(line), PrizeInput::Goods(line.into()), "{line}");
        }
        assert_eq!(PrizeInput::Amount(1500.0).as_line(), "1500");
        assert_eq!(PrizeInput::Amount(12.5).as_line(), "12.50");
        assert_eq!(
            read(&PrizeInput::Amount(12.5).as_line()),
            PrizeInput::Amount(12.5)
        );
    }

    #[test]
    fn ordinals() {
        let shown: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).to_vec();
        assert_eq!(
            shown,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
