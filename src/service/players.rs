//! Players of an event: entries by hand, CSV import, self-registration, personal links,
//! check-in, withdrawals, requested byes and late entries.

use crate::domain::ErrorCode;
use serde::Serialize;

use super::access::{Access, EventRef, load_access};
use super::accounts::{Email, User};
use super::audit::Detail;
use super::entrant::{MAX_PLAYERS, PlayerInput, ValidPlayer};
use super::{App, ServiceError, audit, crypto};
use crate::db::events::{self as q, NewPlayer};
use crate::db::{self, DbConnection, event_transaction, write_transaction};
use crate::domain::{
    AccountVia, AuditAction, ByeKind, ClaimOnReissue, EventId, EventState, IssuedIds,
    Player as Entry, PlayerId, PlayerStatus, Sex, Tags, UserId,
};

/// A player as shown (the secret and e-mail only to the event's staff).
#[derive(Clone, Debug, Serialize)]
pub struct Player {
    pub id: PlayerId,
    pub number: i32,
    pub name: String,
    pub rating: i32,
    pub club: String,
    pub province: String,
    pub status: PlayerStatus,
    pub withdrawn_after: Option<i32>,
    pub joined_round: i32,
    pub checked_in: bool,
    pub user_id: Option<UserId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// Sex and year of birth: for the event's staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation_id: Option<String>,
    /// The organiser's labels: for the event's staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Tags>,
    /// For the organiser: an account with the entry's e-mail address that the entry is not
    /// linked to. The organiser may link it; it is never linked by itself.
    #[serde(skip)]
    pub account_suggestion: Option<AccountSuggestion>,
    /// For the organiser: how the entry came to be bound to its account (a claim through the
    /// personal link waits for the organiser's confirmation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account_via: Option<AccountVia>,
    /// For the organiser: the account the entry is bound to.
    #[serde(skip)]
    pub account: Option<AccountSuggestion>,
    /// For the organiser: the registered person the entry's account is bound to, when the
    /// entry names someone else (a registration the organiser should look at).
    #[serde(skip)]
    pub account_person: Option<AccountPerson>,
}

/// A registered person an account is bound to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountPerson {
    pub federation_id: String,
    pub name: String,
}

/// An account: one that may be this entry's player (same e-mail address), or the one it is
/// bound to; shown to the organiser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountSuggestion {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
}

impl Player {
    #[must_use]
    pub(crate) fn from_row(row: &Entry, staff: bool) -> Player {
        Player {
            id: row.id,
            number: row.number,
            name: row.name.clone(),
            rating: row.rating,
            club: row.club.clone(),
            province: row.province.clone(),
            status: row.status,
            withdrawn_after: row.withdrawn_after,
            joined_round: row.joined_round,
            checked_in: row.checked_in,
            user_id: row.user_id,
            email: if staff { row.email.clone() } else { None },
            secret: if staff {
                Some(row.secret.clone())
            } else {
                None
            },
            sex: row.sex.filter(|_| staff),
            birth_year: row.birth_year.filter(|_| staff),
            federation_id: row.federation_id.clone(),
            tags: Some(row.tags.clone()).filter(|_| staff),
            account_suggestion: None,
            account_via: row.account_via.filter(|_| staff),
            account: None,
            account_person: None,
        }
    }
}

/// The round a new entry starts in: the next one to be paired.
fn next_round(conn: &mut DbConnection, event_id: EventId) -> Result<i32, ServiceError> {
    Ok(q::rounds_of_event(conn, event_id)?
        .last()
        .map_or(1, |r| r.number + 1))
}

/// Writes a new entry, its person named in the registry; returns it with the registry's
/// warnings.
fn insert(
    conn: &mut DbConnection,
    issued: &IssuedIds,
    access: &Access,
    player: &ValidPlayer,
    status: PlayerStatus,
    user_id: Option<UserId>,
) -> Result<(Entry, Vec<super::duplicates::DuplicateWarning>), ServiceError> {
    let event_id = access.event.id;
    // Pairing numbers are allocated one writer at a time, on both backends.
    db::lock_event(conn, event_id)?;
    let number = q::next_player_number(conn, event_id)?;
    if usize::try_from(number).unwrap_or(usize::MAX) > MAX_PLAYERS {
        return Err(ServiceError::Conflict(ErrorCode::TooManyPlayers));
    }
    let joined_round = next_round(conn, event_id)?;
    let secret = crypto::random_token()?;
    let row = NewEntry {
        event_id,
        status,
        joined_round,
        created_at: db::now(),
    };
    let mut player = player.clone();
    let warnings = super::registry::enter(conn, issued, Some(event_id), &mut player, true)?;
    super::registry::refuse_second_entry(
        conn,
        event_id,
        player.details.federation_id.as_deref(),
        None,
    )?;
    let id = q::insert_player(conn, &row.of(&player, number, &secret, user_id))?;
    super::standings::changed(conn, event_id)?;
    let entry = q::player_by_id(conn, id)?.ok_or(ServiceError::NotFound)?;
    Ok((entry, warnings))
}

/// What the entries written together share.
struct NewEntry {
    event_id: EventId,
    status: PlayerStatus,
    joined_round: i32,
    created_at: chrono::NaiveDateTime,
}

impl NewEntry {
    /// The row of `player`, numbered `number`.
    fn of<'a>(
        &self,
        player: &'a ValidPlayer,
        number: i32,
        secret: &'a str,
        user_id: Option<UserId>,
    ) -> NewPlayer<'a> {
        NewPlayer {
            event_id: self.event_id,
            number,
            name: &player.name,
            rating: player.rating,
            club: &player.club,
            province: &player.province,
            email: player.email.as_deref(),
            user_id,
            secret,
            status: self.status,
            joined_round: self.joined_round,
            missed_points: player.missed_points,
            created_at: self.created_at,
            sex: player.details.sex,
            birth_year: player.details.birth_year,
            federation_id: player.details.federation_id.as_deref(),
            tags: &player.details.tags,
            fide: crate::domain::FideDetails::default(),
            // Only a self-registration enters an entry bound to an account.
            account_via: user_id.map(|_| crate::domain::AccountVia::Registration),
        }
    }
}

/// Adds a player (organisers). During the event this is a late entry: the rounds already
/// played count as zero-point byes (or half-point byes, if the organiser says so).
pub(crate) fn add_player(
    app: &App,
    access: &Access,
    input: &PlayerInput,
) -> Result<(Player, Vec<super::duplicates::DuplicateWarning>), ServiceError> {
    access.require_organiser()?;
    if access.event.state == EventState::Finished {
        return Err(ServiceError::Conflict(ErrorCode::EventFinished));
    }
    let player = input.validate()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        add_in(conn, &app.installation.issued_ids(), access, &player)
    })
}

/// Adds a checked player inside the caller's transaction on the event (which holds its
/// lock), logged; returns the entry and the warnings.
pub(crate) fn add_in(
    conn: &mut DbConnection,
    issued: &IssuedIds,
    access: &Access,
    player: &ValidPlayer,
) -> Result<(Player, Vec<super::duplicates::DuplicateWarning>), ServiceError> {
    let existing = q::players_of_event(conn, access.event.id)?;
    let mut duplicates = super::duplicates::duplicates_of(player, &existing);
    let (row, registry) = insert(conn, issued, access, player, PlayerStatus::Active, None)?;
    duplicates.extend(registry);
    crate::service::notify::personal_link(conn, &row)?;
    audit::record(
        conn,
        audit::Entry::event(access.event.id, access.user_id(), AuditAction::PlayerAdded).detail(
            Detail::Player {
                name: row.name.clone(),
                number: row.number,
            },
        ),
    )?;
    Ok((Player::from_row(&row, true), duplicates))
}

/// The outcome of a CSV import.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ImportReport {
    pub added: usize,
    /// (line number, message key) for every rejected line; when there are any, nothing was
    /// imported.
    pub rejected: Vec<(usize, ErrorCode)>,
    /// Imported lines that look like an entry already there (when the organiser asked to
    /// enter them anyway) or an earlier line (same name and club, or e-mail address): (line
    /// number, the name it looks like).
    pub duplicates: Vec<(usize, String)>,
    /// Lines that look like players entered already (same name and club, or e-mail address):
    /// (line number, the entry's name and pairing number). Unless the organiser asked to
    /// enter them anyway, nothing was imported: a file sent twice does not double the field.
    pub already_entered: Vec<(usize, String, i32)>,
    /// Lines whose federation id named a registered person, entered as that person.
    pub registry_matched: usize,
    /// Lines to check against the registry: a federation id of a registered person of another
    /// name, or a new person who may be someone registered.
    pub registry: Vec<super::registry::ImportMatch>,
}

/// A column of a player import.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Name,
    Rating,
    Club,
    Province,
    Email,
    Sex,
    BirthYear,
    FederationId,
    Tags,
}

impl Column {
    /// The columns of a file without a header line.
    const POSITIONAL: [Column; 4] = [Column::Name, Column::Rating, Column::Club, Column::Province];

    /// A column named in English, Portuguese or French (case, accents, spaces and dashes
    /// aside: `Ano de nascimento`, `année-naissance`, `birth year`).
    fn from_header(name: &str) -> Option<Column> {
        let folded: String = name
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| match c {
                'á' | 'à' | 'â' | 'ã' => 'a',
                'é' | 'è' | 'ê' => 'e',
                'í' => 'i',
                'ó' | 'ô' | 'õ' => 'o',
                'ú' => 'u',
                'ç' => 'c',
                ' ' | '-' | '.' => '_',
                c => c,
            })
            .filter(|c| !matches!(c, 'º' | 'ª'))
            .collect();
        let folded = folded
            .split('_')
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("_");
        Some(match folded.as_str() {
            "name" | "nome" | "nom" => Column::Name,
            "rating" | "elo" => Column::Rating,
            "club" | "clube" => Column::Club,
            "province" | "provincia" => Column::Province,
            "email" | "e_mail" | "courriel" => Column::Email,
            "sex" | "sexo" | "sexe" => Column::Sex,
            "birth_year" | "ano_nascimento" | "ano_de_nascimento" | "annee_naissance"
            | "annee_de_naissance" => Column::BirthYear,
            "federation_id" | "n_federacao" | "n_na_federacao" | "id_federation" => {
                Column::FederationId
            }
            "tags" | "etiquetas" | "etiquettes" => Column::Tags,
            _ => return None,
        })
    }
}

/// The columns a header line names, or why it is refused.
fn header_columns(fields: &[&str]) -> Result<Vec<Column>, ErrorCode> {
    let mut columns: Vec<Column> = Vec::with_capacity(fields.len());
    for f in fields {
        let column = Column::from_header(f).ok_or(ErrorCode::CsvUnknownColumn)?;
        if columns.contains(&column) {
            return Err(ErrorCode::CsvUnknownColumn);
        }
        columns.push(column);
    }
    Ok(columns)
}

/// One line of an import as a player input.
fn input_of_line(columns: &[Column], fields: &[&str]) -> Result<PlayerInput, ErrorCode> {
    if fields.len() > columns.len() {
        return Err(ErrorCode::CsvTooManyFields);
    }
    let number = |text: &str, code: ErrorCode| match text {
        "" => Ok(None),
        t => t.parse::<i64>().map(Some).map_err(|_| code),
    };
    let text = |t: &str| Some(t.to_string()).filter(|t| !t.is_empty());
    let mut input = PlayerInput::default();
    for (column, field) in columns.iter().zip(fields.iter().copied()) {
        match column {
            Column::Name => input.name = field.to_string(),
            Column::Rating => input.rating = number(field, ErrorCode::RatingInvalid)?,
            Column::Club => input.club = text(field),
            Column::Province => input.province = text(field),
            Column::Email => input.email = text(field),
            Column::Sex => input.sex = text(field),
            Column::BirthYear => input.birth_year = number(field, ErrorCode::BirthYearInvalid)?,
            Column::FederationId => input.federation_id = text(field),
            Column::Tags => input.tags = Some(field.split(',').map(str::to_string).collect()),
        }
    }
    Ok(input)
}

/// Reads a player list: `name,rating,club,province` lines, or, after a header line naming
/// them (in English, Portuguese or French), any of the columns `name`, `rating`, `club`, `province`, `email`, `sex`,
/// `birth_year`, `federation_id`, `tags` in any order. Either every line is imported or none
/// is, with a report of each rejected line.
pub(crate) fn import_csv(
    app: &App,
    access: &Access,
    text: &str,
    also_entered: bool,
) -> Result<ImportReport, ServiceError> {
    access.require_organiser()?;
    let (players, mut report) = read_import_lines(text);
    if !report.rejected.is_empty() || players.is_empty() {
        if players.is_empty() && report.rejected.is_empty() {
            report.rejected.push((0, ErrorCode::CsvEmpty));
        }
        return Ok(report);
    }
    let lines: Vec<ValidPlayer> = players.iter().map(|(_, p)| p.clone()).collect();
    for (later, earlier) in super::duplicates::duplicates_within(&lines) {
        report
            .duplicates
            .push((players[later].0, players[earlier].1.name.clone()));
    }
    let mut conn = app.conn()?;
    reject_persons_entered(&mut conn, access, &players, &mut report)?;
    if !report.rejected.is_empty() {
        return Ok(report);
    }
    match_import_registry(&mut conn, &players, &mut report)?;
    // The entries already there are read and compared outside the write transaction; the
    // transaction only checks that they did not change meanwhile (else they are read again)
    // and writes the new ones in a few statements.
    for _ in 0..IMPORT_ATTEMPTS {
        let existing = q::players_of_event(&mut conn, access.event.id)?;
        let like_existing = lines_like_existing(&existing, &players, &report);
        if !like_existing.is_empty() && !also_entered {
            report.already_entered = like_existing;
            report.registry.clear();
            report.registry_matched = 0;
            return Ok(report);
        }
        let written = event_transaction(&mut conn, access.event.id, |conn| {
            write_import(conn, app, access, existing.len(), &lines)
        })?;
        if written {
            report.duplicates.extend(
                like_existing
                    .into_iter()
                    .map(|(line, name, _)| (line, name)),
            );
            report.added = players.len();
            return Ok(report);
        }
    }
    Err(ServiceError::Stale)
}

/// The checked lines of an import (with their line numbers) and the report of those rejected.
fn read_import_lines(text: &str) -> (Vec<(usize, ValidPlayer)>, ImportReport) {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut players = Vec::new();
    let mut report = ImportReport::default();
    let mut columns: Vec<Column> = Column::POSITIONAL.to_vec();
    for (index, record) in reader.records().enumerate() {
        let line = index + 1;
        let Ok(record) = record else {
            report.rejected.push((line, ErrorCode::CsvUnreadable));
            continue;
        };
        let fields: Vec<&str> = record.iter().collect();
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        // A first line whose first field names a column is the header.
        if line == 1
            && fields
                .first()
                .is_some_and(|f| Column::from_header(f).is_some())
        {
            match header_columns(&fields) {
                Ok(named) => columns = named,
                Err(code) => report.rejected.push((line, code)),
            }
            continue;
        }
        let checked = input_of_line(&columns, &fields)
            .and_then(|input| input.validate().map_err(|e| e.code()));
        match checked {
            Ok(p) => players.push((line, p)),
            Err(code) => report.rejected.push((line, code)),
        }
        // No event takes more: the rest of a longer file is not even read.
        if players.len() > MAX_PLAYERS {
            report.rejected.push((line, ErrorCode::TooManyPlayers));
            break;
        }
    }
    (players, report)
}

/// Rejects the lines naming a person twice in the file or a person entered already.
fn reject_persons_entered(
    conn: &mut DbConnection,
    access: &Access,
    players: &[(usize, ValidPlayer)],
    report: &mut ImportReport,
) -> Result<(), ServiceError> {
    // A person has one entry: a federation id twice in the file, or of someone entered
    // already, is a line to correct (nothing is imported).
    let mut named = std::collections::HashSet::new();
    for (line, p) in players {
        if let Some(id) = &p.details.federation_id
            && (!named.insert(id.clone())
                || db::registry::entry_in_event(conn, access.event.id, id, None)?.is_some())
        {
            report
                .rejected
                .push((*line, ErrorCode::PersonAlreadyEntered));
        }
    }
    Ok(())
}

/// Reports how the lines of an import match the registry's persons.
fn match_import_registry(
    conn: &mut DbConnection,
    players: &[(usize, ValidPlayer)],
    report: &mut ImportReport,
) -> Result<(), ServiceError> {
    let matches = super::registry::match_import(conn, players)?;
    report.registry_matched = matches
        .iter()
        .filter(|m| m.code == crate::domain::Resemblance::Matched)
        .count();
    report.registry = matches
        .into_iter()
        .filter(|m| m.code != crate::domain::Resemblance::Matched)
        .collect();
    Ok(())
}

/// The lines, not already reported as duplicates, that look like an entry already there.
fn lines_like_existing(
    existing: &[Entry],
    players: &[(usize, ValidPlayer)],
    report: &ImportReport,
) -> Vec<(usize, String, i32)> {
    let index = super::duplicates::DuplicateIndex::of(existing);
    players
        .iter()
        .filter(|(line, _)| !report.duplicates.iter().any(|(l, _)| l == line))
        .filter_map(|(line, p)| {
            index
                .first_like(p)
                .map(|e| (*line, e.name.clone(), e.number))
        })
        .collect()
}

/// Inside the import's transaction: writes the lines unless the entries changed since read.
fn write_import(
    conn: &mut DbConnection,
    app: &App,
    access: &Access,
    entered_before: usize,
    lines: &[ValidPlayer],
) -> Result<bool, ServiceError> {
    let now = q::players_of_event_count(conn, access.event.id)?;
    if now != entered_before as i64 {
        return Ok(false);
    }
    if entered_before + lines.len() > MAX_PLAYERS {
        return Err(ServiceError::Conflict(ErrorCode::TooManyPlayers));
    }
    insert_many(conn, &app.installation.issued_ids(), access, lines)?;
    // The new entries are numbered after every earlier one: the players with an address
    // among them get their personal links.
    let mut entered = q::players_of_event(conn, access.event.id)?;
    entered.sort_by_key(|p| p.number);
    let new = entered.split_off(entered.len().saturating_sub(lines.len()));
    crate::service::notify::personal_links(conn, access.event.id, &new)?;
    super::standings::changed(conn, access.event.id)?;
    audit::record(
        conn,
        audit::Entry::event(
            access.event.id,
            access.user_id(),
            AuditAction::PlayersImported,
        )
        .detail(Detail::PlayersImported { count: lines.len() }),
    )?;
    Ok(true)
}

/// How often an import reads the event's entries again when they changed while it compared.
const IMPORT_ATTEMPTS: usize = 3;

/// Writes new active entries numbered after the last one, in a few statements.
fn insert_many(
    conn: &mut DbConnection,
    issued_ids: &IssuedIds,
    access: &Access,
    players: &[ValidPlayer],
) -> Result<(), ServiceError> {
    let event_id = access.event.id;
    let first = q::next_player_number(conn, event_id)?;
    let joined_round = next_round(conn, event_id)?;
    let secrets = players
        .iter()
        .map(|_| crypto::random_token())
        .collect::<Result<Vec<_>, _>>()?;
    let entry = NewEntry {
        event_id,
        status: PlayerStatus::Active,
        joined_round,
        created_at: db::now(),
    };
    let mut players = players.to_vec();
    let mut named = std::collections::HashSet::new();
    for player in &mut players {
        // A line without a federation id is a new person, issued an id no entry can have.
        let issued = player.details.federation_id.is_none();
        super::registry::enter(conn, issued_ids, Some(event_id), player, false)?;
        let id = player.details.federation_id.clone();
        if !issued {
            super::registry::refuse_second_entry(conn, event_id, id.as_deref(), None)?;
        }
        if let Some(id) = id
            && !named.insert(id)
        {
            return Err(ServiceError::invalid(
                "federation_id",
                ErrorCode::PersonAlreadyEntered,
            ));
        }
    }
    let rows: Vec<NewPlayer<'_>> = players
        .iter()
        .zip(&secrets)
        .zip(first..)
        .map(|((player, secret), number)| entry.of(player, number, secret, None))
        .collect();
    q::insert_players(conn, &rows)?;
    Ok(())
}

/// A signed-in user enters an event that allows self-registration; the organiser approves.
/// What a player says of themselves when registering: what the organiser's form asks, all
/// optional but the club.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct Registration {
    pub club: String,
    pub province: String,
    pub rating: Option<i64>,
    /// `F` or `M`.
    pub sex: Option<String>,
    pub birth_year: Option<i64>,
}

pub(crate) fn self_register(
    app: &App,
    event: EventRef<'_>,
    user: &User,
    given: &Registration,
) -> Result<Player, ServiceError> {
    if given.club.trim().is_empty() {
        return Err(ServiceError::invalid("club", ErrorCode::ClubEmpty));
    }
    let mut typed = PlayerInput {
        name: user.display_name.clone(),
        rating: given.rating,
        club: Some(given.club.clone()),
        province: Some(given.province.clone()),
        sex: given.sex.clone(),
        birth_year: given.birth_year,
        ..PlayerInput::default()
    }
    .validate()?;
    typed.email = Some(user.email.clone());
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let access = load_access(conn, event, Some(user))?;
        db::lock_event(conn, access.event.id)?;
        if !access.event.self_registration {
            return Err(ServiceError::Conflict(ErrorCode::RegistrationClosed));
        }
        if access.event.state == EventState::Finished {
            return Err(ServiceError::Conflict(ErrorCode::EventFinished));
        }
        let already = q::players_of_event(conn, access.event.id)?
            .into_iter()
            .any(|p| p.user_id == Some(user.id));
        if already {
            return Err(ServiceError::Conflict(ErrorCode::AlreadyRegistered));
        }
        let mut player = typed.clone();
        // The person an organiser bound the account to, if the registry knows one and the
        // registration gives their name; otherwise the entry waits for the organiser with
        // the warning that the account is bound to someone of another name.
        player.details.federation_id = super::registry::of_user(conn, user.id)?
            .filter(|person| crate::tournament::names::may_be_same(&person.name, &player.name))
            .map(|person| person.federation_id);
        let (row, _) = insert(
            conn,
            &app.installation.issued_ids(),
            &access,
            &player,
            PlayerStatus::Pending,
            Some(user.id),
        )?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                Some(user.id),
                AuditAction::PlayerRegistered,
            )
            .detail(Detail::Registrant {
                name: row.name.clone(),
            }),
        )?;
        Ok(Player::from_row(&row, false))
    })
}

fn player_of_event(
    conn: &mut DbConnection,
    access: &Access,
    player_id: PlayerId,
) -> Result<Entry, ServiceError> {
    q::player_by_id(conn, player_id)?
        .filter(|p| p.event_id == access.event.id)
        .ok_or(ServiceError::NotFound)
}

/// Approves a self-registration.
pub(crate) fn approve(app: &App, access: &Access, player_id: PlayerId) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        // The registry's lock before any row is written, as every writer of the registry
        // takes it (a merge running at the same moment comes first or after).
        crate::db::ratings::lock(conn)?;
        let player = player_of_event(conn, access, player_id)?;
        if player.status != PlayerStatus::Pending {
            return Err(ServiceError::Conflict(ErrorCode::NotPending));
        }
        q::set_player_status(conn, player.id, PlayerStatus::Active, None)?;
        if let Some(user) = player.user_id {
            // Approving a registration is the organiser's act: the entry's person is the
            // account's from now on.
            super::registry::bind(conn, player.federation_id.as_deref(), user)?;
        }
        super::standings::changed(conn, access.event.id)?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::PlayerApproved,
            )
            .detail(Detail::Registrant { name: player.name }),
        )?;
        Ok(())
    })
}

/// Withdraws a player: he is not paired any more; his games so far stand.
pub(crate) fn withdraw(
    app: &App,
    access: &Access,
    player_id: PlayerId,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let player = player_of_event(conn, access, player_id)?;
        if player.status == PlayerStatus::Withdrawn {
            return Err(ServiceError::Conflict(ErrorCode::AlreadyWithdrawn));
        }
        let last = q::rounds_of_event(conn, access.event.id)?
            .last()
            .map_or(0, |r| r.number);
        q::set_player_status(conn, player.id, PlayerStatus::Withdrawn, Some(last))?;
        super::standings::changed(conn, access.event.id)?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::PlayerWithdrawn,
            )
            .states(player.status, PlayerStatus::Withdrawn)
            .detail(Detail::PlayerWithdrawn {
                name: player.name.clone(),
                round: last,
            }),
        )?;
        Ok(())
    })
}

/// A bye's points as typed: `"half"` or `"zero"`.
pub(crate) fn bye_kind(text: &str) -> Result<ByeKind, ServiceError> {
    ByeKind::from_code(text.trim())
        .ok_or_else(|| ServiceError::invalid("points", ErrorCode::ByeKindInvalid))
}

/// A requested bye for a round not yet paired: `"half"` or `"zero"` points.
pub(crate) fn request_bye(
    app: &App,
    access: &Access,
    player_id: PlayerId,
    round: i32,
    kind: ByeKind,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let player = player_of_event(conn, access, player_id)?;
        let next = next_round(conn, access.event.id)?;
        if !(1..=super::events::MAX_ROUNDS).contains(&round) {
            return Err(ServiceError::invalid("round", ErrorCode::ByeRoundInvalid));
        }
        // A round already paired is the event's state, not the request's fault: the same
        // request is right before that round is paired.
        if round < next {
            return Err(ServiceError::Conflict(ErrorCode::ByeRoundInvalid));
        }
        q::set_bye(conn, player.id, round, kind)?;
        q::bump_event(conn, access.event.id, db::now())?;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, access.user_id(), AuditAction::ByeRequested)
                .detail(Detail::Bye {
                    name: player.name.clone(),
                    round,
                    points: kind,
                }),
        )?;
        Ok(())
    })
}

/// Checks a player in (or out) before the next round.
pub(crate) fn check_in(
    app: &App,
    access: &Access,
    player_id: PlayerId,
    present: bool,
) -> Result<(), ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let player = player_of_event(conn, access, player_id)?;
        q::set_checked_in(conn, player.id, present)?;
        // Pages that show the player's own check-in follow the event's version.
        q::bump_event(conn, access.event.id, db::now())?;
        Ok(())
    })
}

/// The players of an event. The organiser also sees, for each entry not linked to an account,
/// the account that has the entry's e-mail address, if any.
pub(crate) fn list(app: &App, access: &Access) -> Result<Vec<Player>, ServiceError> {
    let mut conn = app.conn()?;
    let rows = q::players_of_event(&mut conn, access.event.id)?;
    shown(&mut conn, access, &rows)
}

/// The entries as `access`'s viewer sees them (inside the caller's transaction).
pub(crate) fn shown(
    conn: &mut DbConnection,
    access: &Access,
    rows: &[Entry],
) -> Result<Vec<Player>, ServiceError> {
    let mut players: Vec<Player> = rows
        .iter()
        .map(|p| Player::from_row(p, access.is_organiser()))
        .collect();
    if access.is_organiser() {
        let emails: Vec<&str> = rows
            .iter()
            .filter(|p| p.user_id.is_none())
            .filter_map(|p| p.email.as_deref())
            .collect();
        let accounts = crate::db::accounts::users_by_emails(conn, &emails)?;
        for (player, row) in players.iter_mut().zip(rows) {
            if row.user_id.is_some() {
                continue;
            }
            player.account_suggestion = row.email.as_deref().and_then(|email| {
                accounts
                    .iter()
                    .find(|u| u.email == email)
                    .map(|u| AccountSuggestion {
                        user_id: u.id,
                        name: u.display_name.clone(),
                        email: u.email.clone(),
                    })
            });
        }
        let bound: Vec<UserId> = rows.iter().filter_map(|p| p.user_id).collect();
        let accounts = crate::db::accounts::users_by_ids(conn, &bound)?;
        let people = crate::db::registry::by_users(conn, &bound)?;
        for (player, row) in players.iter_mut().zip(rows) {
            let Some(user) = row.user_id else {
                continue;
            };
            player.account = accounts
                .iter()
                .find(|u| u.id == user)
                .map(|u| AccountSuggestion {
                    user_id: u.id,
                    name: u.display_name.clone(),
                    email: u.email.clone(),
                });
            player.account_person = people
                .iter()
                .filter(|person| person.user_id == Some(user))
                .find(|person| row.federation_id.as_ref() != Some(&person.federation_id))
                .map(|person| AccountPerson {
                    federation_id: person.federation_id.clone(),
                    name: person.name.clone(),
                });
        }
    }
    Ok(players)
}

/// Binds an entry to an account, after the checks both ways of binding share: the entry is
/// nobody else's, and the account has no other entry in the event. Whether it bound it (false:
/// it was bound to this account already).
fn bind(
    conn: &mut DbConnection,
    player: &Entry,
    user_id: UserId,
    via: AccountVia,
) -> Result<bool, ServiceError> {
    match player.user_id {
        Some(bound) if bound == user_id => return Ok(false),
        Some(_) => return Err(ServiceError::Conflict(ErrorCode::EntryTaken)),
        None => {}
    }
    let other_entry = q::players_of_event(conn, player.event_id)?
        .iter()
        .any(|p| p.user_id == Some(user_id));
    if other_entry {
        return Err(ServiceError::Conflict(ErrorCode::AccountHasEntry));
    }
    if q::bind_player_user(conn, player.id, user_id, via)? == 0 {
        return Err(ServiceError::Conflict(ErrorCode::EntryTaken));
    }
    q::bump_event(conn, player.event_id, db::now())?;
    Ok(true)
}

/// Ends the binding of an entry to its account (logged by the caller), and the binding of its
/// person to that account when the organiser's act made it: a claim through the personal link
/// bound no person, so ending it leaves a binding another organiser made alone.
fn unbind(conn: &mut DbConnection, player: &Entry) -> Result<(), ServiceError> {
    let Some(old) = player.user_id else {
        return Ok(());
    };
    q::unbind_player_user(conn, player.id)?;
    if player.account_via != Some(AccountVia::Link) {
        super::registry::unbind(conn, player.federation_id.as_deref(), old)?;
    }
    q::bump_event(conn, player.event_id, db::now())?;
    Ok(())
}

/// An organiser does not change the binding of their own entry (bound to them, or carrying
/// their address): unbinding it would lift the rule that staff never decide their own games.
/// Another organiser must.
fn refuse_own_entry(access: &Access, player: &Entry) -> Result<(), ServiceError> {
    let Some(user) = access.user() else {
        return Ok(());
    };
    if player.user_id == Some(user.id) || player.email.as_deref() == Some(user.email.as_str()) {
        return Err(ServiceError::NotAllowed(ErrorCode::OwnEntry));
    }
    Ok(())
}

/// "This is me": the holder of an entry's personal link, signed in, binds the entry to their
/// account. From then on the account acts for the entry too (pages and API).
pub(crate) fn claim(app: &App, secret: &str, user: &User) -> Result<Player, ServiceError> {
    let secret = valid_secret(secret)?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let event_id = q::player_by_secret(conn, secret)?
            .ok_or(ServiceError::NotFound)?
            .event_id;
        db::lock_event(conn, event_id)?;
        // Read again under the lock: a claim or a reissue may have come first.
        let player = q::player_by_secret(conn, secret)?.ok_or(ServiceError::NotFound)?;
        // The account acts for the entry from now on; its person in the registry is bound to
        // the account only when the organiser confirms the claim.
        if bind(conn, &player, user.id, AccountVia::Link)? {
            audit::record(
                conn,
                audit::Entry::event(player.event_id, Some(user.id), AuditAction::PlayerClaimed)
                    .by_player(Some(player.id))
                    .detail(Detail::PlayerAccount {
                        name: player.name.clone(),
                        number: player.number,
                        email: user.email.clone(),
                    }),
            )?;
        }
        let row = q::player_by_id(conn, player.id)?.ok_or(ServiceError::NotFound)?;
        Ok(Player::from_row(&row, false))
    })
}

/// The organiser links an entry to the account with this e-mail address.
pub(crate) fn link_account(
    app: &App,
    access: &Access,
    player_id: PlayerId,
    email: &str,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let email = Email::parse(email)?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        // The registry's lock before any row is written, as every writer of the registry
        // takes it (a merge running at the same moment comes first or after).
        crate::db::ratings::lock(conn)?;
        db::lock_event(conn, access.event.id)?;
        let player = player_of_event(conn, access, player_id)?;
        refuse_own_entry(access, &player)?;
        let user = crate::db::accounts::user_by_email(conn, email.as_str())?
            .ok_or_else(|| ServiceError::invalid("email", ErrorCode::AccountUnknown))?;
        // Linking the account the entry is bound to already confirms the binding: a claim
        // through the personal link, or a registration.
        let confirmed = player.user_id == Some(user.id)
            && player.account_via != Some(AccountVia::Organiser)
            && q::confirm_player_user(conn, player.id, user.id)? > 0;
        let bound = bind(conn, &player, user.id, AccountVia::Organiser)?;
        if bound || confirmed {
            // The organiser's act: the entry's person is the account's.
            super::registry::bind(conn, player.federation_id.as_deref(), user.id)?;
            q::bump_event(conn, access.event.id, db::now())?;
            audit::record(
                conn,
                audit::Entry::event(access.event.id, access.user_id(), AuditAction::PlayerLinked)
                    .by_player(Some(player.id))
                    .detail(Detail::PlayerAccount {
                        name: player.name.clone(),
                        number: player.number,
                        email: email.as_str().to_string(),
                    }),
            )?;
        }
        Ok(())
    })
}

/// The organiser removes an entry's link to its account.
pub(crate) fn unlink_account(
    app: &App,
    access: &Access,
    player_id: PlayerId,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        // The registry's lock before any row is written, as every writer of the registry
        // takes it (a merge running at the same moment comes first or after).
        crate::db::ratings::lock(conn)?;
        db::lock_event(conn, access.event.id)?;
        let player = player_of_event(conn, access, player_id)?;
        refuse_own_entry(access, &player)?;
        if player.user_id.is_none() {
            return Ok(());
        }
        unbind(conn, &player)?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::PlayerUnlinked,
            )
            .by_player(Some(player.id))
            .detail(Detail::Player {
                name: player.name.clone(),
                number: player.number,
            }),
        )?;
        Ok(())
    })
}

/// A new personal link for an entry (a lost or photographed slip): the old one stops working
/// at once. An account the entry is bound to through a claim made with the old link ("this is
/// me") is unbound unless the organiser keeps it (`claim`); an account the organiser linked,
/// or that registered itself, is kept unless the organiser ends it. Both logged. Returns the
/// new secret.
pub(crate) fn reissue_link(
    app: &App,
    access: &Access,
    player_id: PlayerId,
    claim: Option<ClaimOnReissue>,
) -> Result<String, ServiceError> {
    access.require_organiser()?;
    let secret = crypto::random_token()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        // The registry's lock before any row is written, as every writer of the registry
        // takes it (a merge running at the same moment comes first or after).
        crate::db::ratings::lock(conn)?;
        let player = player_of_event(conn, access, player_id)?;
        q::set_player_secret(conn, player.id, &secret)?;
        crate::service::notify::personal_link(conn, &player)?;
        let choice = claim.unwrap_or(match player.account_via {
            Some(AccountVia::Link) => ClaimOnReissue::End,
            _ => ClaimOnReissue::Keep,
        });
        // An organiser's own entry stays bound (its binding is another organiser's to change).
        let choice = if refuse_own_entry(access, &player).is_err() {
            ClaimOnReissue::Keep
        } else {
            choice
        };
        let ended = player.user_id.is_some() && choice == ClaimOnReissue::End;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, access.user_id(), AuditAction::LinkReissued)
                .by_player(Some(player.id))
                .detail(Detail::Reissued {
                    name: player.name.clone(),
                    number: player.number,
                    account: if player.user_id.is_none() {
                        None
                    } else {
                        Some(choice)
                    },
                }),
        )?;
        if ended {
            unbind(conn, &player)?;
            audit::record(
                conn,
                audit::Entry::event(
                    access.event.id,
                    access.user_id(),
                    AuditAction::PlayerUnlinked,
                )
                .by_player(Some(player.id))
                .detail(Detail::Player {
                    name: player.name.clone(),
                    number: player.number,
                }),
            )?;
        }
        Ok::<_, ServiceError>(())
    })?;
    Ok(secret)
}

/// The personal link's secret of an entry (organisers).
pub(crate) fn personal_secret(
    app: &App,
    access: &Access,
    player_id: PlayerId,
) -> Result<String, ServiceError> {
    access.require_organiser_reading()?;
    let mut conn = app.conn()?;
    Ok(player_of_event(&mut conn, access, player_id)?.secret)
}

/// A secret as personal links carry it: 64 hex digits (anything else is unknown).
fn valid_secret(secret: &str) -> Result<&str, ServiceError> {
    if secret.len() != 64 || !secret.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ServiceError::NotFound);
    }
    Ok(secret)
}

/// The entry behind a personal link.
pub(crate) fn by_secret(app: &App, secret: &str) -> Result<(Access, Entry), ServiceError> {
    let secret = valid_secret(secret)?;
    let mut conn = app.conn()?;
    let player = q::player_by_secret(&mut conn, secret)?.ok_or(ServiceError::NotFound)?;
    let access = load_access(&mut conn, EventRef::Id(player.event_id), None)?;
    Ok((access, player))
}

/// One page of an event's entries after a search, as the organiser's list shows them.
#[derive(Debug)]
pub struct EntriesPage {
    /// The search as applied: trimmed, at most 100 characters.
    pub search: String,
    pub shown: Vec<Player>,
    /// Entries in the event, and of those the ones the search found.
    pub total: usize,
    pub found: usize,
    /// The page shown (1-based, within the pages there are) and how many there are (at least 1).
    pub page: usize,
    pub pages: usize,
}

/// The entries of `list` that answer `search`, page `page` of them at `per_page` a page; a page
/// past the last shows the last.
#[must_use]
pub(crate) fn entries_page(
    list: Vec<Player>,
    search: &str,
    page: usize,
    per_page: usize,
) -> EntriesPage {
    let search: String = search.trim().chars().take(100).collect();
    let total = list.len();
    let found: Vec<Player> = list
        .into_iter()
        .filter(|p| matches_search(p, &search))
        .collect();
    let pages = found.len().div_ceil(per_page).max(1);
    let page = page.clamp(1, pages);
    EntriesPage {
        total,
        found: found.len(),
        shown: found
            .into_iter()
            .skip((page - 1) * per_page)
            .take(per_page)
            .collect(),
        search,
        page,
        pages,
    }
}

/// Whether an entry answers the search: its pairing number, or the text in its name, club or
/// province, without regard to case or accents.
fn matches_search(player: &Player, search: &str) -> bool {
    if search.is_empty() {
        return true;
    }
    if let Ok(number) = search.parse::<i32>() {
        return player.number == number;
    }
    let wanted = folded(search);
    [&player.name, &player.club, &player.province]
        .iter()
        .any(|field| folded(field).contains(&wanted))
}

/// Lowercase without the accents of Portuguese and French, for searching.
fn folded(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Column;

    #[test]
    fn import_columns_are_named_in_each_language() {
        for (header, column) in [
            ("Name", Column::Name),
            ("Nome", Column::Name),
            ("nom", Column::Name),
            ("Elo", Column::Rating),
            ("Província", Column::Province),
            ("Ano de nascimento", Column::BirthYear),
            ("année-naissance", Column::BirthYear),
            ("birth year", Column::BirthYear),
            ("Etiquetas", Column::Tags),
            ("N.º na federação", Column::FederationId),
        ] {
            assert_eq!(Column::from_header(header), Some(column), "{header}");
        }
        assert_eq!(Column::from_header("Ana Kiala"), None);
    }
}
