//! Events: settings, creation and editing, who may do what, and staff.

use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::accounts::{Email, Role, User};
use super::{App, ServiceError};
use crate::db::events::{self as q, EventRow, EventSettings};
use crate::db::{
    self, DbConnection, accounts as account_queries, event_transaction, write_transaction,
};
use crate::rules::Variant;
use crate::tournament::history::{Colour, PointSystem};
use crate::tournament::standings::Tiebreak;

/// Longest event name.
pub const MAX_EVENT_NAME: usize = 120;
/// Most rounds an event may plan.
pub const MAX_ROUNDS: i32 = 99;

/// How an event is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
    SingleElimination,
    DoubleElimination,
    SwissThenKnockout,
}

impl Format {
    pub const ALL: [Format; 6] = [
        Format::Swiss,
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::SingleElimination,
        Format::DoubleElimination,
        Format::SwissThenKnockout,
    ];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round_robin",
            Format::DoubleRoundRobin => "double_round_robin",
            Format::SingleElimination => "single_elimination",
            Format::DoubleElimination => "double_elimination",
            Format::SwissThenKnockout => "swiss_then_knockout",
        }
    }

    /// Whether the event has a knockout stage.
    #[must_use]
    pub fn has_knockout(self) -> bool {
        matches!(
            self,
            Format::SingleElimination | Format::DoubleElimination | Format::SwissThenKnockout
        )
    }

    /// Whether the event starts with Swiss rounds.
    #[must_use]
    pub fn has_swiss(self) -> bool {
        matches!(self, Format::Swiss | Format::SwissThenKnockout)
    }

    #[must_use]
    pub fn is_round_robin(self) -> bool {
        matches!(self, Format::RoundRobin | Format::DoubleRoundRobin)
    }

    /// The tie-breaks used when the organiser names none.
    #[must_use]
    pub fn default_tiebreaks(self) -> Vec<Tiebreak> {
        if self.is_round_robin() {
            vec![
                Tiebreak::DirectEncounter,
                Tiebreak::SonnebornBerger,
                Tiebreak::GamesWon,
                Tiebreak::Koya,
            ]
        } else {
            vec![
                Tiebreak::BuchholzCut1,
                Tiebreak::Buchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::DirectEncounter,
                Tiebreak::GamesWon,
            ]
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Format {
    type Err = ServiceError;

    fn from_str(text: &str) -> Result<Format, ServiceError> {
        Format::ALL
            .into_iter()
            .find(|f| f.as_str() == text.trim())
            .ok_or_else(|| ServiceError::invalid("format", "format_unknown"))
    }
}

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventState {
    Registration,
    Running,
    Finished,
}

impl EventState {
    fn parse(text: &str) -> EventState {
        match text {
            "running" => EventState::Running,
            "finished" => EventState::Finished,
            _ => EventState::Registration,
        }
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EventState::Registration => "registration",
            EventState::Running => "running",
            EventState::Finished => "finished",
        }
    }
}

/// An event, read into types.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub location: String,
    pub variant: Variant,
    pub format: Format,
    /// Swiss rounds planned (for a Swiss-then-knockout event, the Swiss part).
    pub rounds: i32,
    pub games_per_match: i32,
    pub knockout_size: i32,
    pub third_place: bool,
    pub grand_final_reset: bool,
    pub tiebreaks: Vec<Tiebreak>,
    /// Points in tenths.
    pub points: PointSystem,
    pub initial_colour: Colour,
    pub accelerated: bool,
    pub self_registration: bool,
    pub check_in: bool,
    pub state: EventState,
    pub owner_id: i32,
    pub version: i32,
    pub updated_at: chrono::NaiveDateTime,
}

impl Event {
    pub(crate) fn from_row(row: EventRow) -> Event {
        let tiebreaks = row
            .tiebreaks
            .split(',')
            .filter_map(|t| t.parse().ok())
            .collect();
        let tenths = |v: i32| u32::try_from(v).unwrap_or(0);
        Event {
            id: row.id,
            slug: row.slug,
            name: row.name,
            starts_on: row.starts_on,
            ends_on: row.ends_on,
            location: row.location,
            variant: row.variant.parse().unwrap_or_default(),
            format: row.format.parse().unwrap_or(Format::Swiss),
            rounds: row.rounds,
            games_per_match: row.games_per_match,
            knockout_size: row.knockout_size,
            third_place: row.third_place,
            grand_final_reset: row.grand_final_reset,
            tiebreaks,
            points: PointSystem {
                win: tenths(row.points_win),
                draw: tenths(row.points_draw),
                loss: tenths(row.points_loss),
                zero_bye: 0,
                forfeit_loss: tenths(row.points_loss),
                pab: tenths(row.points_bye),
                half_bye: tenths(row.points_draw),
                full_bye: tenths(row.points_win),
            },
            initial_colour: if row.initial_colour == "B" {
                Colour::Black
            } else {
                Colour::White
            },
            accelerated: row.accelerated,
            self_registration: row.self_registration,
            check_in: row.check_in,
            state: EventState::parse(&row.state),
            owner_id: row.owner_id,
            version: row.version,
            updated_at: row.updated_at,
        }
    }

    /// The tie-break codes, for display.
    #[must_use]
    pub fn tiebreak_codes(&self) -> Vec<&'static str> {
        self.tiebreaks.iter().map(|t| t.code()).collect()
    }
}

/// Settings as typed by an organiser or sent to the API, before checking. Omitted fields
/// take documented defaults.
#[derive(Clone, Debug, Default, Deserialize)]
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
    #[serde(default)]
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
}

fn date(text: Option<&str>, field: &'static str) -> Result<Option<NaiveDate>, ServiceError> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => NaiveDate::parse_from_str(t, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ServiceError::invalid(field, "date_invalid")),
    }
}

fn tenths(value: Option<f64>, default: i32, field: &'static str) -> Result<i32, ServiceError> {
    match value {
        None => Ok(default),
        Some(v) if v.is_finite() && (0.0..=100.0).contains(&v) => {
            let t = (v * 10.0).round();
            if (t - v * 10.0).abs() > 1e-6 {
                return Err(ServiceError::invalid(field, "points_invalid"));
            }
            Ok(t as i32)
        }
        Some(_) => Err(ServiceError::invalid(field, "points_invalid")),
    }
}

impl SettingsInput {
    /// Checks the settings and fills in the defaults.
    pub fn validate(&self) -> Result<EventSettings, ServiceError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(ServiceError::invalid("name", "name_empty"));
        }
        if name.chars().count() > MAX_EVENT_NAME || name.chars().any(char::is_control) {
            return Err(ServiceError::invalid("name", "name_too_long"));
        }
        let format: Format = self.format.as_deref().unwrap_or("swiss").parse()?;
        let variant: Variant = self
            .variant
            .as_deref()
            .unwrap_or("advanced")
            .parse()
            .map_err(|_| ServiceError::invalid("variant", "variant_unknown"))?;
        let rounds = self
            .rounds
            .unwrap_or(if format.has_swiss() { 5 } else { 0 });
        if !(0..=i64::from(MAX_ROUNDS)).contains(&rounds) || (format.has_swiss() && rounds < 1) {
            return Err(ServiceError::invalid("rounds", "rounds_invalid"));
        }
        let games_per_match = self.games_per_match.unwrap_or(1);
        if !(1..=9).contains(&games_per_match) {
            return Err(ServiceError::invalid(
                "games_per_match",
                "games_per_match_invalid",
            ));
        }
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
                "knockout_size_invalid",
            ));
        }
        if !(0..=256).contains(&knockout_size) {
            return Err(ServiceError::invalid(
                "knockout_size",
                "knockout_size_invalid",
            ));
        }
        let tiebreaks: Vec<Tiebreak> = match &self.tiebreaks {
            None => format.default_tiebreaks(),
            Some(list) => {
                let mut out = Vec::new();
                for code in list.iter().filter(|c| !c.trim().is_empty()) {
                    let t: Tiebreak = code
                        .parse()
                        .map_err(|_| ServiceError::invalid("tiebreaks", "tiebreak_unknown"))?;
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
                out
            }
        };
        let starts_on = date(self.starts_on.as_deref(), "starts_on")?;
        let ends_on = date(self.ends_on.as_deref(), "ends_on")?;
        if let (Some(s), Some(e)) = (starts_on, ends_on)
            && e < s
        {
            return Err(ServiceError::invalid("ends_on", "dates_reversed"));
        }
        let location = self.location.as_deref().unwrap_or("").trim().to_string();
        if location.chars().count() > MAX_EVENT_NAME || location.chars().any(char::is_control) {
            return Err(ServiceError::invalid("location", "location_invalid"));
        }
        let points_win = tenths(self.points_win, 10, "points_win")?;
        let points_draw = tenths(self.points_draw, 5, "points_draw")?;
        let points_loss = tenths(self.points_loss, 0, "points_loss")?;
        let points_bye = tenths(self.points_bye, points_win, "points_bye")?;
        if points_win <= points_loss || points_draw > points_win || points_draw < points_loss {
            return Err(ServiceError::invalid("points_win", "points_order"));
        }
        let initial_colour = match self.initial_colour.as_deref().map(str::trim) {
            None | Some("" | "W" | "w" | "white" | "S") => "W",
            Some("B" | "b" | "black" | "N") => "B",
            Some(_) => return Err(ServiceError::invalid("initial_colour", "colour_invalid")),
        };
        Ok(EventSettings {
            name: name.to_string(),
            starts_on,
            ends_on,
            location,
            variant: variant.as_str().to_string(),
            format: format.as_str().to_string(),
            rounds: rounds as i32,
            games_per_match: games_per_match as i32,
            knockout_size: knockout_size as i32,
            third_place: self.third_place.unwrap_or(false),
            grand_final_reset: self.grand_final_reset.unwrap_or(false),
            tiebreaks: tiebreaks
                .iter()
                .map(|t| t.code())
                .collect::<Vec<_>>()
                .join(","),
            points_win,
            points_draw,
            points_loss,
            points_bye,
            initial_colour: initial_colour.to_string(),
            accelerated: self.accelerated.unwrap_or(false),
            self_registration: self.self_registration.unwrap_or(false),
            check_in: self.check_in.unwrap_or(false),
        })
    }
}

/// A slug from a name: lower-case ASCII letters and digits separated by dashes.
#[must_use]
pub fn slugify(name: &str) -> String {
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
pub fn create_event(app: &App, user: &User, input: &SettingsInput) -> Result<Event, ServiceError> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden);
    }
    let settings = input.validate()?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| insert_event(conn, user, &settings))
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
    q::set_staff(conn, id, user.id, "organiser")?;
    let row = q::event_by_id(conn, id)?.ok_or(ServiceError::NotFound)?;
    Ok(Event::from_row(row))
}

/// Edits an event's settings. The format, variant and rounds are fixed once play starts.
pub fn update_event(
    app: &App,
    access: &Access,
    input: &SettingsInput,
) -> Result<Event, ServiceError> {
    access.require_organiser()?;
    let settings = input.validate()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let current = q::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
        let started = !q::rounds_of_event(conn, current.id)?.is_empty();
        if started
            && (settings.format != current.format
                || settings.variant != current.variant
                || settings.initial_colour != current.initial_colour
                || settings.rounds < q::rounds_of_event(conn, current.id)?.len() as i32
                    && Format::from_str(&settings.format).is_ok_and(Format::has_swiss))
        {
            return Err(ServiceError::Conflict("event_started"));
        }
        q::update_event(conn, current.id, &settings, db::now())?;
        let row = q::event_by_id(conn, current.id)?.ok_or(ServiceError::NotFound)?;
        Ok(Event::from_row(row))
    })
}

/// A role in one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    Arbiter,
    Organiser,
}

impl StaffRole {
    fn parse(text: &str) -> Option<StaffRole> {
        match text {
            "organiser" => Some(StaffRole::Organiser),
            "arbiter" => Some(StaffRole::Arbiter),
            _ => None,
        }
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            StaffRole::Arbiter => "arbiter",
            StaffRole::Organiser => "organiser",
        }
    }
}

/// An event together with what the current user may do in it.
#[derive(Clone, Debug)]
pub struct Access {
    pub event: Event,
    pub user: Option<User>,
    pub role: Option<StaffRole>,
}

impl Access {
    /// Organiser of the event (its owner, an added organiser, or an administrator).
    #[must_use]
    pub fn is_organiser(&self) -> bool {
        self.role == Some(StaffRole::Organiser)
    }

    /// Arbiter or organiser of the event.
    #[must_use]
    pub fn is_arbiter(&self) -> bool {
        self.role.is_some()
    }

    pub fn require_organiser(&self) -> Result<(), ServiceError> {
        if self.is_organiser() {
            Ok(())
        } else {
            Err(ServiceError::Forbidden)
        }
    }

    pub fn require_arbiter(&self) -> Result<(), ServiceError> {
        if self.is_arbiter() {
            Ok(())
        } else {
            Err(ServiceError::Forbidden)
        }
    }

    /// The acting user's id, for the audit log.
    #[must_use]
    pub fn user_id(&self) -> Option<i32> {
        self.user.as_ref().map(|u| u.id)
    }
}

/// How an event is named in a request.
#[derive(Clone, Copy, Debug)]
pub enum EventRef<'a> {
    Id(i32),
    Slug(&'a str),
}

pub(crate) fn load_access(
    conn: &mut DbConnection,
    event: EventRef<'_>,
    user: Option<&User>,
) -> Result<Access, ServiceError> {
    let row = match event {
        EventRef::Id(id) => q::event_by_id(conn, id)?,
        EventRef::Slug(slug) => q::event_by_slug(conn, slug)?,
    }
    .ok_or(ServiceError::NotFound)?;
    let role = match user {
        None => None,
        Some(u) if u.role == Role::Admin || u.id == row.owner_id => Some(StaffRole::Organiser),
        Some(u) => q::staff_role(conn, row.id, u.id)?
            .as_deref()
            .and_then(StaffRole::parse),
    };
    Ok(Access {
        event: Event::from_row(row),
        user: user.cloned(),
        role,
    })
}

/// Loads an event and the user's role in it.
pub fn access(app: &App, event: EventRef<'_>, user: Option<&User>) -> Result<Access, ServiceError> {
    let mut conn = app.conn()?;
    load_access(&mut conn, event, user)
}

/// All events, newest first.
pub fn list_events(app: &App) -> Result<Vec<Event>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::list_events(&mut conn)?
        .into_iter()
        .map(Event::from_row)
        .collect())
}

/// A staff member as listed.
#[derive(Clone, Debug, Serialize)]
pub struct StaffMember {
    pub user_id: i32,
    pub role: StaffRole,
    pub name: String,
    pub email: String,
}

pub fn staff(app: &App, access: &Access) -> Result<Vec<StaffMember>, ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    Ok(q::staff_of_event(&mut conn, access.event.id)?
        .into_iter()
        .filter_map(|r| {
            StaffRole::parse(&r.role).map(|role| StaffMember {
                user_id: r.user_id,
                role,
                name: r.display_name,
                email: r.email,
            })
        })
        .collect())
}

/// Gives the account with this e-mail address a role in the event.
pub fn add_staff(app: &App, access: &Access, email: &str, role: &str) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let role = StaffRole::parse(role.trim())
        .ok_or_else(|| ServiceError::invalid("role", "role_unknown"))?;
    let email = Email::parse(email)?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        db::lock_event(conn, access.event.id)?;
        let user = account_queries::user_by_email(conn, email.as_str())?
            .ok_or_else(|| ServiceError::invalid("email", "account_unknown"))?;
        q::set_staff(conn, access.event.id, user.id, role.as_str())?;
        super::audit::record(
            conn,
            super::audit::Entry::event(access.event.id, access.user_id(), "staff_added")
                .detail(format!("{} as {}", email.as_str(), role.as_str())),
        )?;
        Ok(())
    })
}

pub fn remove_staff(app: &App, access: &Access, user_id: i32) -> Result<(), ServiceError> {
    access.require_organiser()?;
    if user_id == access.event.owner_id {
        return Err(ServiceError::Conflict("owner_is_organiser"));
    }
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        q::remove_staff(conn, access.event.id, user_id)?;
        super::audit::record(
            conn,
            super::audit::Entry::event(access.event.id, access.user_id(), "staff_removed")
                .detail(format!("account {user_id}")),
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
        assert_eq!(s.format, "swiss");
        assert_eq!(s.rounds, 5);
        assert_eq!(s.tiebreaks, "BH-C1,BH,SB,DE,WON");
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
