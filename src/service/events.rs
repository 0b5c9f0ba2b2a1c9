//! Events: settings, creation and editing, who may do what, and staff.

use crate::domain::ErrorCode;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::access::Access;
use super::accounts::{Email, User};
use super::{App, ServiceError};
use crate::db::events::{self as q, EventSettings};
use crate::db::{
    self, DbConnection, accounts as account_queries, event_transaction, write_transaction,
};
use crate::domain::{
    AdjudicationFallback, AdjudicationRule, AuditAction, Stage, Tiebreaks, UserId, UtcOffset,
};
pub use crate::domain::{Event, EventState, Format, StaffRole};
use crate::rules::Variant;
use crate::tournament::history::Colour;
use crate::tournament::standings::Tiebreak;

/// Longest event name.
pub const MAX_EVENT_NAME: usize = 120;
/// Most rounds an event may plan.
pub const MAX_ROUNDS: i32 = 99;
/// The largest adjudication margin, in stones.
const MAX_ADJUDICATION_MARGIN: i64 = 99;

/// Settings as typed by an organiser or sent to the API, before checking. Omitted fields
/// take documented defaults.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SettingsInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub starts_on: Option<String>,
    #[serde(default)]
    pub ends_on: Option<String>,
    #[serde(default, alias = "venue")]
    pub location: Option<String>,
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub format: Option<String>,
    #[serde(default)]
    pub rounds: Option<i64>,
    #[serde(default)]
    pub games_per_match: Option<i64>,
    #[serde(default)]
    pub knockout_size: Option<i64>,
    #[serde(default)]
    pub third_place: Option<bool>,
    #[serde(default)]
    pub grand_final_reset: Option<bool>,
    /// Bounded as it is read: an archive carries settings as the API takes them.
    #[serde(
        default,
        deserialize_with = "crate::service::bounded::AtMost::<MAX_TIEBREAK_CODES>::option_vec"
    )]
    pub tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    pub points_win: Option<f64>,
    #[serde(default)]
    pub points_draw: Option<f64>,
    #[serde(default)]
    pub points_loss: Option<f64>,
    #[serde(default)]
    pub points_bye: Option<f64>,
    #[serde(default)]
    pub initial_colour: Option<String>,
    #[serde(default)]
    pub accelerated: Option<bool>,
    #[serde(default)]
    pub self_registration: Option<bool>,
    #[serde(default)]
    pub check_in: Option<bool>,
    /// The games count for the national rating list once a federation administrator puts
    /// the finished event into it.
    #[serde(default)]
    pub rated: Option<bool>,
    /// The venue's offset from UTC (`+01:00`); absent or empty: the installation's.
    #[serde(default)]
    pub utc_offset: Option<String>,
    /// Adjudication by the engine: the stones a side must be ahead by to be proposed the
    /// winner (0: only a proven win; default 10).
    #[serde(default)]
    pub adjudication_margin: Option<i64>,
    /// What is proposed below the margin: `arbiter` (the arbiter decides; the default) or `draw`.
    #[serde(default)]
    pub adjudication_otherwise: Option<String>,
    /// Minutes the public waits to see the moves of a game in play (0, the default, to
    /// [`MAX_LIVE_DELAY_MINUTES`]); the players and staff see them at once.
    #[serde(default)]
    pub live_delay_minutes: Option<i64>,
}

/// The longest delay of the public's view of games in play: a day.
pub const MAX_LIVE_DELAY_MINUTES: i64 = 24 * 60;

/// The most tie-break codes a list of settings may name (each of the ten, some twice).
pub const MAX_TIEBREAK_CODES: usize = 32;

fn date(text: Option<&str>, field: &'static str) -> Result<Option<NaiveDate>, ServiceError> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => NaiveDate::parse_from_str(t, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ServiceError::invalid(field, ErrorCode::DateInvalid)),
    }
}

fn tenths(value: Option<f64>, default: i32, field: &'static str) -> Result<i32, ServiceError> {
    match value {
        None => Ok(default),
        Some(v) if v.is_finite() && (0.0..=100.0).contains(&v) => {
            let t = (v * 10.0).round();
            if (t - v * 10.0).abs() > 1e-6 {
                return Err(ServiceError::invalid(field, ErrorCode::PointsInvalid));
            }
            Ok(t as i32)
        }
        Some(_) => Err(ServiceError::invalid(field, ErrorCode::PointsInvalid)),
    }
}

impl SettingsInput {
    /// The event's settings as they would be sent to create it.
    pub(crate) fn of_event(event: &Event) -> SettingsInput {
        let points = |tenths: u32| Some(f64::from(tenths) / 10.0);
        SettingsInput {
            name: event.name.clone(),
            starts_on: event.starts_on.map(|d| d.to_string()),
            ends_on: event.ends_on.map(|d| d.to_string()),
            location: Some(event.location.clone()),
            variant: Some(event.variant.as_str().to_string()),
            format: Some(event.format.as_str().to_string()),
            rounds: Some(i64::from(event.rounds)),
            games_per_match: Some(i64::from(event.games_per_match)),
            knockout_size: Some(i64::from(event.knockout_size)),
            third_place: Some(event.third_place),
            grand_final_reset: Some(event.grand_final_reset),
            tiebreaks: Some(
                event
                    .tiebreak_codes()
                    .into_iter()
                    .map(str::to_string)
                    .collect(),
            ),
            points_win: points(event.points.win),
            points_draw: points(event.points.draw),
            points_loss: points(event.points.loss),
            points_bye: points(event.points.pab),
            initial_colour: Some(
                match event.initial_colour {
                    Colour::White => "W",
                    Colour::Black => "B",
                }
                .to_string(),
            ),
            accelerated: Some(event.accelerated),
            self_registration: Some(event.self_registration),
            check_in: Some(event.check_in),
            rated: Some(event.rated),
            utc_offset: event.utc_offset.as_ref().map(|o| o.as_str().to_string()),
            adjudication_margin: Some(i64::from(event.adjudication.margin)),
            adjudication_otherwise: Some(event.adjudication.otherwise.as_str().to_string()),
            live_delay_minutes: Some(i64::from(event.live_delay_minutes)),
        }
    }

    /// These settings with the named fields replaced. A name the settings do not have is
    /// refused (`unknown_fields`, naming them), as is a value of the wrong kind
    /// (`field_invalid`, naming the field): a misspelt setting must not pass as a change.
    pub(crate) fn with_changes(
        &self,
        changes: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<SettingsInput, ServiceError> {
        let serde_json::Value::Object(mut fields) =
            serde_json::to_value(self).map_err(|e| ServiceError::Internal(e.to_string()))?
        else {
            return Err(ServiceError::Internal("settings are not an object".into()));
        };
        let unknown: Vec<&str> = changes
            .keys()
            .map(String::as_str)
            .filter(|k| *k != "venue" && !fields.contains_key(*k))
            .collect();
        if !unknown.is_empty() {
            return Err(ServiceError::Unusable {
                code: ErrorCode::UnknownFields,
                detail: unknown.join(", ").chars().take(200).collect(),
            });
        }
        for (name, value) in changes {
            let name = if name == "venue" { "location" } else { name };
            // Each value is read alone first, so a wrong one is named.
            let mut alone = serde_json::Map::new();
            alone.insert(name.to_string(), value.clone());
            if serde_json::from_value::<SettingsInput>(serde_json::Value::Object(alone)).is_err() {
                return Err(ServiceError::Unusable {
                    code: ErrorCode::FieldInvalid,
                    detail: name.to_string(),
                });
            }
            fields.insert(name.to_string(), value.clone());
        }
        serde_json::from_value(serde_json::Value::Object(fields))
            .map_err(|e| ServiceError::Internal(e.to_string()))
    }

    /// Checks the settings and fills in the defaults.
    pub(crate) fn validate(&self) -> Result<EventSettings, ServiceError> {
        let name = self.checked_name()?;
        let (format, variant) = self.checked_format()?;
        let (rounds, games_per_match) = self.checked_rounds(format)?;
        let knockout_size = self.checked_knockout_size(format)?;
        let tiebreaks = self.checked_tiebreaks(format)?;
        let (starts_on, ends_on) = self.checked_dates()?;
        let location = self.checked_location()?;
        let (points_win, points_draw, points_loss, points_bye) = self.checked_points()?;
        let initial_colour = self.checked_initial_colour()?;
        let (adjudication_margin, adjudication_otherwise) = self.checked_adjudication()?;
        let utc_offset = self.checked_utc_offset()?;
        self.checked_live_delay()?;
        Ok(EventSettings {
            adjudication_margin: adjudication_margin as i32,
            adjudication_otherwise,
            name: name.to_string(),
            starts_on,
            ends_on,
            location,
            variant,
            format,
            rounds: rounds as i32,
            games_per_match: games_per_match as i32,
            knockout_size: knockout_size as i32,
            third_place: self.third_place.unwrap_or(false),
            grand_final_reset: self.grand_final_reset.unwrap_or(false),
            tiebreaks: Tiebreaks::new(&tiebreaks),
            points_win,
            points_draw,
            points_loss,
            points_bye,
            initial_colour,
            accelerated: self.accelerated.unwrap_or(false),
            self_registration: self.self_registration.unwrap_or(false),
            check_in: self.check_in.unwrap_or(false),
            rated: self.rated.unwrap_or(false),
            utc_offset,
        })
    }

    /// The minutes the public waits to see the games in play (0 when absent).
    pub(crate) fn checked_live_delay(&self) -> Result<i32, ServiceError> {
        match self.live_delay_minutes {
            None => Ok(0),
            Some(m) if (0..=MAX_LIVE_DELAY_MINUTES).contains(&m) => Ok(m as i32),
            Some(_) => Err(ServiceError::invalid(
                "live_delay_minutes",
                ErrorCode::LiveDelayInvalid,
            )),
        }
    }

    /// The event's name, trimmed.
    fn checked_name(&self) -> Result<&str, ServiceError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(ServiceError::invalid("name", ErrorCode::NameEmpty));
        }
        if name.chars().count() > MAX_EVENT_NAME || name.chars().any(char::is_control) {
            return Err(ServiceError::invalid("name", ErrorCode::NameTooLong));
        }
        Ok(name)
    }

    /// The pairing format and the game's variant.
    fn checked_format(&self) -> Result<(Format, Variant), ServiceError> {
        let format = Format::from_code(self.format.as_deref().unwrap_or("swiss").trim())
            .ok_or_else(|| ServiceError::invalid("format", ErrorCode::FormatUnknown))?;
        let variant: Variant = self
            .variant
            .as_deref()
            .unwrap_or("advanced")
            .parse()
            .map_err(|_| ServiceError::invalid("variant", ErrorCode::VariantUnknown))?;
        Ok((format, variant))
    }

    /// The number of rounds and of games in a match.
    fn checked_rounds(&self, format: Format) -> Result<(i64, i64), ServiceError> {
        let rounds = self
            .rounds
            .unwrap_or(if format.has_swiss() { 5 } else { 0 });
        if !(0..=i64::from(MAX_ROUNDS)).contains(&rounds) || (format.has_swiss() && rounds < 1) {
            return Err(ServiceError::invalid("rounds", ErrorCode::RoundsInvalid));
        }
        let games_per_match = self.games_per_match.unwrap_or(1);
        if !(1..=9).contains(&games_per_match) {
            return Err(ServiceError::invalid(
                "games_per_match",
                ErrorCode::GamesPerMatchInvalid,
            ));
        }
        Ok((rounds, games_per_match))
    }

    /// How many players the knockout stage takes.
    fn checked_knockout_size(&self, format: Format) -> Result<i64, ServiceError> {
        let knockout_size = self
            .knockout_size
            .unwrap_or(if format == Format::SwissThenKnockout {
                8
            } else {
                0
            });
        if format == Format::SwissThenKnockout && !(2..=256).contains(&knockout_size) {
            return Err(ServiceError::invalid(
                "knockout_size",
                ErrorCode::KnockoutSizeInvalid,
            ));
        }
        if !(0..=256).contains(&knockout_size) {
            return Err(ServiceError::invalid(
                "knockout_size",
                ErrorCode::KnockoutSizeInvalid,
            ));
        }
        Ok(knockout_size)
    }

    /// The tie-breaks in order, each once (the format's own when none are given).
    fn checked_tiebreaks(&self, format: Format) -> Result<Vec<Tiebreak>, ServiceError> {
        Ok(match &self.tiebreaks {
            None => format.default_tiebreaks(),
            Some(list) => {
                let mut out = Vec::new();
                for code in list.iter().filter(|c| !c.trim().is_empty()) {
                    let t: Tiebreak = code.parse().map_err(|_| ServiceError::Unusable {
                        code: ErrorCode::TiebreakUnknown,
                        // The code as typed, so the organiser sees which one.
                        detail: code.trim().chars().take(20).collect(),
                    })?;
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
                out
            }
        })
    }

    /// The first and last days of the event.
    fn checked_dates(&self) -> Result<(Option<NaiveDate>, Option<NaiveDate>), ServiceError> {
        let starts_on = date(self.starts_on.as_deref(), "starts_on")?;
        let ends_on = date(self.ends_on.as_deref(), "ends_on")?;
        if let (Some(s), Some(e)) = (starts_on, ends_on)
            && e < s
        {
            return Err(ServiceError::invalid("ends_on", ErrorCode::DatesReversed));
        }
        Ok((starts_on, ends_on))
    }

    /// Where the event is played, trimmed.
    fn checked_location(&self) -> Result<String, ServiceError> {
        let location = self.location.as_deref().unwrap_or("").trim().to_string();
        if location.chars().count() > MAX_EVENT_NAME || location.chars().any(char::is_control) {
            return Err(ServiceError::invalid(
                "location",
                ErrorCode::LocationInvalid,
            ));
        }
        Ok(location)
    }

    /// The points, in tenths, for a win, a draw, a loss and a bye.
    fn checked_points(&self) -> Result<(i32, i32, i32, i32), ServiceError> {
        let points_win = tenths(self.points_win, 10, "points_win")?;
        let points_draw = tenths(self.points_draw, 5, "points_draw")?;
        let points_loss = tenths(self.points_loss, 0, "points_loss")?;
        let points_bye = tenths(self.points_bye, points_win, "points_bye")?;
        if points_win <= points_loss || points_draw > points_win || points_draw < points_loss {
            return Err(ServiceError::invalid("points_win", ErrorCode::PointsOrder));
        }
        Ok((points_win, points_draw, points_loss, points_bye))
    }

    /// The colour the first player of the first round has.
    fn checked_initial_colour(&self) -> Result<Colour, ServiceError> {
        match self.initial_colour.as_deref().map(str::trim) {
            None | Some("" | "W" | "w" | "white" | "S") => Ok(Colour::White),
            Some("B" | "b" | "black" | "N") => Ok(Colour::Black),
            Some(_) => Err(ServiceError::invalid(
                "initial_colour",
                ErrorCode::ColourInvalid,
            )),
        }
    }

    /// The adjudication margin and what is decided when no side reaches it.
    fn checked_adjudication(&self) -> Result<(i64, AdjudicationFallback), ServiceError> {
        let rule = AdjudicationRule::default();
        let adjudication_margin = self.adjudication_margin.unwrap_or(i64::from(rule.margin));
        if !(0..=MAX_ADJUDICATION_MARGIN).contains(&adjudication_margin) {
            return Err(ServiceError::invalid(
                "adjudication_margin",
                ErrorCode::AdjudicationMarginInvalid,
            ));
        }
        let adjudication_otherwise = match self.adjudication_otherwise.as_deref().map(str::trim) {
            None | Some("") => rule.otherwise,
            Some(code) => AdjudicationFallback::from_code(code).ok_or_else(|| {
                ServiceError::invalid(
                    "adjudication_otherwise",
                    ErrorCode::AdjudicationFallbackUnknown,
                )
            })?,
        };
        Ok((adjudication_margin, adjudication_otherwise))
    }

    /// The event's offset from UTC, when given.
    fn checked_utc_offset(&self) -> Result<Option<UtcOffset>, ServiceError> {
        match self.utc_offset.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => Ok(Some(UtcOffset::parse(text).ok_or_else(|| {
                ServiceError::invalid("utc_offset", ErrorCode::UtcOffsetInvalid)
            })?)),
        }
    }
}

/// A slug from a name: lower-case ASCII letters and digits separated by dashes.
#[must_use]
pub(crate) fn slugify(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        let c = match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' | 'Á' | 'À' | 'Â' | 'Ã' | 'Ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' | 'Ó' | 'Ò' | 'Ô' | 'Õ' | 'Ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Ù' | 'Û' | 'Ü' => 'u',
            'ç' | 'Ç' => 'c',
            'ñ' | 'Ñ' => 'n',
            other => other,
        };
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 60 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-').to_string();
    if slug.is_empty() {
        "event".to_string()
    } else {
        slug
    }
}

/// Creates an event; its creator becomes its organiser.
pub(crate) fn create_event(
    app: &App,
    user: &User,
    input: &SettingsInput,
) -> Result<Event, ServiceError> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden);
    }
    let settings = input.validate()?;
    let delay = input.checked_live_delay()?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let event = insert_event(conn, user, &settings)?;
        q::set_live_delay(conn, event.id, delay)?;
        q::event_by_id(conn, event.id)?.ok_or(ServiceError::NotFound)
    })
}

/// Creates an event inside the caller's transaction, with a slug of its own. Two events of the
/// same name created at the same moment must not both take one slug: the slugs are handed out
/// one at a time (a transaction lock on PostgreSQL; SQLite's write lock already does).
pub(crate) fn insert_event(
    conn: &mut DbConnection,
    user: &User,
    settings: &EventSettings,
) -> Result<Event, ServiceError> {
    db::lock_key(conn, "event slugs")?;
    let base = slugify(&settings.name);
    let mut slug = base.clone();
    let mut n = 2;
    while q::slug_taken(conn, &slug)? {
        slug = format!("{base}-{n}");
        n += 1;
    }
    let id = q::insert_event(conn, &slug, settings, user.id, db::now())?;
    q::set_staff(conn, id, user.id, StaffRole::Organiser)?;
    q::event_by_id(conn, id)?.ok_or(ServiceError::NotFound)
}

/// Edits an event's settings. The format, variant and rounds are fixed once play starts.
pub(crate) fn update_event(
    app: &App,
    access: &Access,
    input: &SettingsInput,
) -> Result<Event, ServiceError> {
    access.require_organiser()?;
    let settings = input.validate()?;
    let delay = input.checked_live_delay()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let current = q::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
        save_settings(conn, &current, &settings, delay)
    })
}

/// Changes only the settings named in `changes` (the API's `PATCH`): each is read as the
/// creation's field of that name, over the event's current settings, and the whole is then
/// checked as the form's.
pub(crate) fn patch_event(
    app: &App,
    access: &Access,
    changes: &serde_json::Map<String, serde_json::Value>,
) -> Result<Event, ServiceError> {
    // An imported event stays as the installation that ran it kept it; only whether it counts
    // for the rating list is this installation's to say.
    if access.event.origin.is_some() && changes.keys().all(|k| k == "rated") {
        access.require_organiser_reading()?;
    } else {
        access.require_organiser()?;
    }
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let current = q::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
        let input = SettingsInput::of_event(&current).with_changes(changes)?;
        let settings = input
            .validate()
            .map_err(|e| as_state_conflict(e, changes))?;
        save_settings(conn, &current, &settings, input.checked_live_delay()?)
    })
}

/// A change refused only because of a setting it leaves as it was (a first day after the last
/// day kept, no rounds for the event's Swiss) conflicts with the event's state (409): the same
/// change is right for another event. Refused within the change itself, it stays the
/// request's fault.
fn as_state_conflict(
    error: ServiceError,
    changes: &serde_json::Map<String, serde_json::Value>,
) -> ServiceError {
    let named = |field: &str| changes.contains_key(field);
    match &error {
        ServiceError::Invalid(invalid)
            if invalid.code == ErrorCode::DatesReversed
                && !(named("starts_on") && named("ends_on")) =>
        {
            ServiceError::Conflict(ErrorCode::DatesReversed)
        }
        ServiceError::Invalid(invalid)
            if invalid.code == ErrorCode::RoundsInvalid
                && !named("format")
                && changes.get("rounds").and_then(serde_json::Value::as_i64) == Some(0) =>
        {
            ServiceError::Conflict(ErrorCode::RoundsInvalid)
        }
        _ => error,
    }
}

/// Writes checked settings over the event's, within the rules of a started event: the format,
/// variant and first mover are fixed once a round is paired, the Swiss rounds cannot be fewer
/// than the Swiss rounds paired, and the knockout's size and match length are fixed once it
/// has begun. Only the Swiss (or round-robin) rounds are compared with `rounds`: in a
/// Swiss-then-knockout event the knockout's rounds come after them.
fn save_settings(
    conn: &mut DbConnection,
    current: &Event,
    settings: &EventSettings,
    live_delay: i32,
) -> Result<Event, ServiceError> {
    let rounds = q::rounds_of_event(conn, current.id)?;
    let league_paired = rounds.iter().filter(|r| r.stage != Stage::Knockout).count();
    let knockout_begun = rounds.iter().any(|r| r.stage == Stage::Knockout);
    let refused = !rounds.is_empty()
        && (settings.format != current.format
            || settings.variant != current.variant
            || settings.initial_colour != current.initial_colour
            || settings.format.has_swiss() && (settings.rounds as usize) < league_paired)
        || knockout_begun
            && (settings.knockout_size != current.knockout_size
                || settings.games_per_match != current.games_per_match);
    if refused {
        return Err(ServiceError::Conflict(ErrorCode::EventStarted));
    }
    // The list rates the event's games: it stops counting only when an administrator
    // takes it out (and the list is rated again without it).
    if current.rating_period.is_some() && !settings.rated {
        return Err(ServiceError::Conflict(ErrorCode::EventRatedInList));
    }
    q::update_event(conn, current.id, settings, db::now())?;
    q::set_live_delay(conn, current.id, live_delay)?;
    q::event_by_id(conn, current.id)?.ok_or(ServiceError::NotFound)
}

/// All events, newest first.
pub(crate) fn list_events(app: &App) -> Result<Vec<Event>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::list_events(&mut conn)?)
}

/// The events the home page shows: running (with how far each round has got), open for
/// entries, recently finished; and whether the installation is new (no account yet: the
/// first one made becomes its administrator).
#[derive(Clone, Debug, Default)]
pub struct HomeEvents {
    pub running: Vec<super::event_list::Listed>,
    pub upcoming: Vec<Event>,
    pub finished: Vec<Event>,
    pub new_installation: bool,
}

/// Events shown per list on the home page.
const HOME_EVENTS: i64 = 6;

pub(crate) fn home_events(app: &App) -> Result<HomeEvents, ServiceError> {
    let mut conn = app.conn()?;
    db::read_transaction(&mut conn, |conn| {
        let running = q::events_in_state(conn, EventState::Running, HOME_EVENTS)?
            .into_iter()
            .map(|event| {
                let progress = super::event_list::progress(conn, &event)?;
                Ok(super::event_list::Listed { event, progress })
            })
            .collect::<Result<Vec<_>, ServiceError>>()?;
        Ok(HomeEvents {
            new_installation: crate::db::accounts::count_users(conn)? == 0,
            running,
            upcoming: q::events_in_state(conn, EventState::Registration, HOME_EVENTS)?,
            finished: q::events_in_state(conn, EventState::Finished, HOME_EVENTS)?,
        })
    })
}

/// A staff member as listed.
#[derive(Clone, Debug, Serialize)]
pub struct StaffMember {
    pub user_id: UserId,
    pub role: StaffRole,
    pub name: String,
    pub email: String,
}

pub(crate) fn staff_in(
    conn: &mut DbConnection,
    access: &Access,
) -> Result<Vec<StaffMember>, ServiceError> {
    access.require_organiser_reading()?;
    Ok(q::staff_of_event(conn, access.event.id)?
        .into_iter()
        .map(|r| StaffMember {
            user_id: r.user_id,
            role: r.role,
            name: r.display_name,
            email: r.email,
        })
        .collect())
}

/// Gives the account with this e-mail address a role in the event.
/// A staff role as typed (`organiser`, `arbiter`).
pub(crate) fn staff_role(text: &str) -> Result<StaffRole, ServiceError> {
    StaffRole::from_code(text.trim())
        .ok_or_else(|| ServiceError::invalid("role", ErrorCode::RoleUnknown))
}

pub fn add_staff(
    app: &App,
    access: &Access,
    email: &str,
    role: StaffRole,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let email = Email::parse(email)?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        db::lock_event(conn, access.event.id)?;
        let user = account_queries::user_by_email(conn, email.as_str())?
            .ok_or_else(|| ServiceError::invalid("email", ErrorCode::AccountUnknown))?;
        q::set_staff(conn, access.event.id, user.id, role)?;
        super::audit::record(
            conn,
            super::audit::Entry::event(access.event.id, access.user_id(), AuditAction::StaffAdded)
                .detail(super::audit::Detail::Staff {
                    email: email.as_str().to_string(),
                    role,
                }),
        )?;
        Ok(())
    })
}

pub(crate) fn remove_staff(
    app: &App,
    access: &Access,
    user_id: UserId,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    if user_id == access.event.owner_id {
        return Err(ServiceError::Conflict(ErrorCode::OwnerIsOrganiser));
    }
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        q::remove_staff(conn, access.event.id, user_id)?;
        super::audit::record(
            conn,
            super::audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::StaffRemoved,
            )
            .detail(super::audit::Detail::Account { account: user_id }),
        )?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_readable() {
        assert_eq!(
            slugify("Prémio Kiela 2026 — Luanda"),
            "premio-kiela-2026-luanda"
        );
        assert_eq!(slugify("  !!! "), "event");
    }

    #[test]
    fn settings_get_defaults_and_checks() {
        let input = SettingsInput {
            name: "Open".into(),
            ..SettingsInput::default()
        };
        let s = input.validate().unwrap();
        assert_eq!(s.format, Format::Swiss);
        assert_eq!(s.rounds, 5);
        assert_eq!(s.tiebreaks.as_str(), "BH-C1,BH,SB,DE,WON");
        assert_eq!(s.points_win, 10);
        let bad = SettingsInput {
            name: "Open".into(),
            tiebreaks: Some(vec!["XYZ".into()]),
            ..SettingsInput::default()
        };
        assert!(bad.validate().is_err());
        let bad = SettingsInput {
            name: "Open".into(),
            starts_on: Some("2026-13-01".into()),
            ..SettingsInput::default()
        };
        assert!(bad.validate().is_err());
    }
}
