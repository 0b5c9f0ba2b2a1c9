//! An archive taken in from the installation that ran its event: every record verified again,
//! every entry matched to this registry as the organiser decides (the review shows the
//! matches before anything is written), the event written read-only as that installation
//! showed it, and the same archive twice changing nothing.

use std::collections::HashMap;

use serde::Serialize;

use super::changes::{ArchiveChange, Decision};
use super::check::{self, Verified};
use super::format::{
    Archive, ArchiveGame, ArchivePlayer, ArchivePrizeFund, ArchiveSubmission, GamePlace,
    MatchDecision,
};
use crate::db::archive::{ArchivedGame, ArchivedLogLine, ArchivedRound, ArchivedSubmission};
use crate::db::{self, DbConnection};
use crate::domain::installation::is_local_id;
use crate::domain::{
    AuditAction, ErrorCode, Event, EventId, GameId, PlayerId, RegistryPlayer, RoundId, RoundState,
    Stage,
};
use crate::service::accounts::User;
use crate::service::entrant::{Details, ValidPlayer};
use crate::service::games::Reverified;
use crate::service::{App, ServiceError, audit, events, registry, standings};
use crate::tournament::names;

/// Why an entry is shown to the organiser before it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchReason {
    /// A national id registered here under the same name: the same person.
    SamePerson,
    /// A national id registered here under another name.
    OtherName,
    /// A venue's local id.
    LocalId,
    /// An id this registry does not hold.
    UnknownId,
    /// No id at all.
    NoId,
}

/// Who an entry will be in this registry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Matched {
    /// A registered person (by the review's rule or the organiser's choice).
    Person { federation_id: String, name: String },
    /// A new person, issued an id here.
    New,
}

/// A registered person the entry may be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub federation_id: String,
    pub name: String,
}

/// One entry of the archive and who it will be here.
#[derive(Clone, Debug, Serialize)]
pub struct EntryMatch {
    pub player: i32,
    pub name: String,
    /// The id the archive gives.
    pub federation_id: Option<String>,
    pub reason: MatchReason,
    /// Whether the organiser should look (anything but the same person).
    pub flagged: bool,
    /// Whether the organiser decided it (a decision in the archive).
    pub decided: bool,
    pub matched: Matched,
    pub candidates: Vec<Candidate>,
}

/// Something the organiser should know that does not stop the import.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ImportWarning {
    /// A Swiss round the Dutch system pairs otherwise (organisers may pair by hand).
    PairedDifferently {
        round: usize,
        differences: Vec<crate::tournament::trf_pairing::Difference>,
        /// Earlier rounds with a result corrected: corrected after this round was paired, it
        /// explains the difference (the check pairs the results as they are now).
        corrected_rounds: Vec<usize>,
    },
    /// An event too large to pair again within one request: `kiela check` on its TRF does it.
    PairingNotChecked { players: usize, rounds: usize },
}

/// The most entries × Swiss rounds an import pairs again.
const MAX_REPAIRED: usize = 10_000;

/// What an import does, or would do.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ImportAction {
    /// A new event.
    Created,
    /// The event imported before, written again from a later archive.
    Updated,
    /// The same archive as last time: nothing changes.
    Unchanged,
    /// A later archive that changes what was imported before (`changes`): held until the
    /// importing organiser confirms it.
    Held,
}

/// The review of an archive (and, once imported, the answer).
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub action: ImportAction,
    /// The installation that ran the event, and its id there.
    pub installation: String,
    pub installation_id: String,
    pub origin_event: i32,
    pub name: String,
    pub players: usize,
    pub rounds: usize,
    pub games: usize,
    pub records: usize,
    pub submissions: usize,
    pub digest: String,
    pub matches: Vec<EntryMatch>,
    pub warnings: Vec<ImportWarning>,
    /// What the archive changes in the event imported before (none for a new event): an
    /// import that changes something needs the organiser's confirmation of this digest.
    pub changes: Vec<ArchiveChange>,
    /// The results that stand on an arbiter's decision without a record: the rating list
    /// counts them only when this installation says so.
    pub decisions: Vec<Decision>,
    /// The fingerprint of the key the archive is signed with (the venue's, approved here).
    pub signed_by: String,
}

impl Review {
    /// The message naming what the import does.
    #[must_use]
    pub fn action_key(&self) -> String {
        let code = match self.action {
            ImportAction::Created => "created",
            ImportAction::Updated => "updated",
            ImportAction::Unchanged => "unchanged",
            ImportAction::Held => "held",
        };
        format!("archive-action-{code}")
    }

    /// The figures the review page says, as message arguments.
    #[must_use]
    pub fn counts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("players", self.players.to_string()),
            ("rounds", self.rounds.to_string()),
            ("games", self.games.to_string()),
            ("records", self.records.to_string()),
            ("submissions", self.submissions.to_string()),
        ]
    }
}

impl EntryMatch {
    /// The message naming why the entry is shown.
    #[must_use]
    pub fn reason_key(&self) -> String {
        let code = match self.reason {
            MatchReason::SamePerson => "same_person",
            MatchReason::OtherName => "other_name",
            MatchReason::LocalId => "local_id",
            MatchReason::UnknownId => "unknown_id",
            MatchReason::NoId => "no_id",
        };
        format!("archive-match-{code}")
    }

    /// Whether the entry will be a new person.
    #[must_use]
    pub fn is_new(&self) -> bool {
        self.matched == Matched::New
    }

    /// Whether the entry will be the registered person `federation_id`.
    #[must_use]
    pub fn is(&self, federation_id: &str) -> bool {
        matches!(&self.matched, Matched::Person { federation_id: id, .. } if id == federation_id)
    }
}

/// An import done: the event here, the review it followed, and who each entry is here.
#[derive(Clone, Debug)]
pub struct Imported {
    pub event: Event,
    pub review: Review,
    pub people: Vec<super::format::Person>,
}

/// Each entry of the event: the id the archive gave it and the id its person has here.
fn people_of(
    app: &App,
    event: &Event,
    verified: &Verified,
) -> Result<Vec<super::format::Person>, ServiceError> {
    let given: HashMap<i32, Option<String>> = verified
        .archive
        .players
        .iter()
        .map(|p| (p.number, p.federation_id.clone()))
        .collect();
    let mut conn = app.conn()?;
    Ok(db::events::players_of_event(&mut conn, event.id)?
        .into_iter()
        .filter_map(|p| {
            Some(super::format::Person {
                given: given.get(&p.number).cloned().flatten(),
                player: p.number,
                federation_id: p.federation_id?,
            })
        })
        .collect())
}

/// How an import ends inside its transaction: written, or undone after its review (a dry
/// run writes everything, reviews it, and rolls it back).
enum Ending {
    Failed(ServiceError),
    DryRun(Box<(Review, Option<crate::service::event_data::EventData>)>),
}

impl From<diesel::result::Error> for Ending {
    fn from(e: diesel::result::Error) -> Ending {
        Ending::Failed(e.into())
    }
}

impl From<ServiceError> for Ending {
    fn from(e: ServiceError) -> Ending {
        Ending::Failed(e)
    }
}

/// What the importing organiser asks with an archive: their decisions on who each entry is
/// (replacing the archive's own for the same entries), and their confirmation of the changes
/// a later archive makes (the archive's digest, as the review gave it).
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked<'a> {
    pub decisions: &'a [MatchDecision],
    pub confirm: Option<&'a str>,
}

/// Reads, verifies and reviews an archive without writing anything.
pub(crate) fn review(
    app: &App,
    user: &User,
    bytes: &[u8],
    asked: &Asked<'_>,
) -> Result<Review, ServiceError> {
    match run(app, user, bytes, asked, true) {
        Ok(imported) => Ok(imported.review),
        Err(Ending::DryRun(reviewed)) => Ok(reviewed.0),
        Err(Ending::Failed(e)) => Err(e),
    }
}

/// Imports an archive (organisers of this installation), as the organiser asked. A later
/// archive of an event that changes what was there, without the organiser's confirmation of
/// its digest, is held (`Held`) and writes nothing else.
pub(crate) fn import(
    app: &App,
    user: &User,
    bytes: &[u8],
    asked: &Asked<'_>,
) -> Result<Imported, ServiceError> {
    match run(app, user, bytes, asked, false) {
        Ok(imported) => {
            app.standings.nudge(app, imported.event.id);
            Ok(imported)
        }
        Err(Ending::DryRun(reviewed)) => Err(ServiceError::Internal(format!(
            "an import ended as a dry run ({})",
            reviewed.0.digest
        ))),
        Err(Ending::Failed(e)) => Err(e),
    }
}

/// What an import's transaction ends with: the event, the review, and (when it was written)
/// the event as the Dutch system is asked about it.
type Written = (Event, Review, Option<crate::service::event_data::EventData>);

/// How long an import waits for one of the server's import slots.
const IMPORT_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

fn run(
    app: &App,
    user: &User,
    bytes: &[u8],
    asked: &Asked<'_>,
    dry_run: bool,
) -> Result<Imported, Ending> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden.into());
    }
    // A few imports at once on a server (each reads a whole archive), the rest told to come
    // back (503 with `Retry-After`).
    let _slot = app.imports.take(IMPORT_WAIT)?;
    let mut archive = check::decode(bytes).map_err(ServiceError::from)?;
    for decision in asked.decisions {
        archive.matches.retain(|d| d.player != decision.player);
        archive.matches.push(decision.clone());
    }
    let verified = check::verify(archive).map_err(ServiceError::from)?;
    let origin = &verified.archive.installation;
    if origin.id == app.installation.id {
        return Err(ServiceError::Conflict(ErrorCode::ArchiveOwnEvent).into());
    }
    // Only the venue's own key writes its events here.
    crate::service::venues::admit(app, &origin.id, &origin.name, &verified.signer)?;
    let kept = crate::service::bounded::gzip(bytes)?;
    let mut conn = app.conn()?;
    let written = db::write_transaction(&mut conn, |conn| {
        write_or_hold(conn, app, user, &verified, asked, &kept, dry_run)
    });
    // The connection goes back to the pool before the pairing and the answer's reads.
    drop(conn);
    let (event, mut review, data) = match written {
        Ok(done) => done,
        Err(Ending::DryRun(reviewed)) => {
            let (mut review, data) = *reviewed;
            review.warnings = data.as_ref().map(pairing_warnings).unwrap_or_default();
            return Err(Ending::DryRun(Box::new((review, None))));
        }
        Err(e) => return Err(e),
    };
    review.warnings = data.as_ref().map(pairing_warnings).unwrap_or_default();
    let people = people_of(app, &event, &verified)?;
    Ok(Imported {
        event,
        review,
        people,
    })
}

/// The import's transaction: the event written (a new one, or its earlier import rewritten),
/// left as it is (the same archive), or, for a later archive that changes what was there
/// without the organiser's confirmation, the archive held.
fn write_or_hold(
    conn: &mut DbConnection,
    app: &App,
    user: &User,
    verified: &Verified,
    asked: &Asked<'_>,
    kept: &[u8],
    dry_run: bool,
) -> Result<Written, Ending> {
    let origin = &verified.archive.installation;
    db::lock_key(conn, &format!("archive {}", origin.id))?;
    let origin_event = verified.archive.event.id;
    if db::archive::withdrawn(conn, &origin.id, origin_event)? {
        // An administrator's own import takes it back.
        if !user.is_admin() {
            return Err(ServiceError::Blocked {
                code: ErrorCode::EventWithdrawn,
                detail: format!("{} {origin_event}", origin.id),
            }
            .into());
        }
        db::archive::clear_withdrawn(conn, &origin.id, origin_event)?;
    }
    let before = db::archive::imported_event(conn, &origin.id, origin_event)?;
    if let Some((event_id, _)) = &before {
        // Only the imported event's own organisers (and administrators) write it again.
        let access = crate::service::access::load_access(
            conn,
            crate::service::access::EventRef::Id(*event_id),
            Some(user),
        )?;
        if !access.is_organiser() {
            return Err(ServiceError::NotAllowed(ErrorCode::EventHeldByOther).into());
        }
    }
    // An event imported before keeps the people its entries were matched to.
    let earlier: Vec<(i32, String, String)> = match &before {
        Some((event_id, _)) => db::events::players_of_event(conn, *event_id)?
            .into_iter()
            .filter_map(|p| Some((p.number, p.name, p.federation_id?)))
            .collect(),
        None => Vec::new(),
    };
    let changes = match &before {
        Some((event_id, _)) => changes_since(conn, *event_id, &verified.archive)?,
        None => Vec::new(),
    };
    let matches = match_entries(conn, &verified.archive, &earlier)?;
    let mut review = review_of(verified, matches, before.as_ref(), changes);
    if let Some((event_id, digest)) = &before
        && *digest == verified.digest
    {
        let event = db::events::event_by_id(conn, *event_id)?.ok_or(ServiceError::NotFound)?;
        return Ok((event, review, None));
    }
    if let Some((event_id, _)) = &before
        && !review.changes.is_empty()
        && asked.confirm != Some(verified.digest.as_str())
    {
        // What was there changes: the organiser sees it and confirms it first.
        review.action = ImportAction::Held;
        let event = db::events::event_by_id(conn, *event_id)?.ok_or(ServiceError::NotFound)?;
        if dry_run {
            return Err(Ending::DryRun(Box::new((review, None))));
        }
        db::archive::hold(
            conn,
            *event_id,
            &verified.digest,
            kept,
            Some(user.id),
            db::now(),
        )?;
        log_held(conn, user, *event_id, verified, &review)?;
        return Ok((event, review, None));
    }
    let event = write(
        conn,
        app,
        user,
        verified,
        &review,
        before.map(|b| b.0),
        kept,
    )?;
    // The event as written: its state and version after its rounds and results (the answer's
    // `event`), not as first inserted.
    let event = db::events::event_by_id(conn, event.id)?.ok_or(ServiceError::NotFound)?;
    // What the Dutch system is asked about is read here; it pairs after the transaction,
    // holding no lock.
    let data = crate::service::event_data::EventData::load_without_records(conn, event)?;
    if dry_run {
        return Err(Ending::DryRun(Box::new((review, Some(data)))));
    }
    Ok((data.event.clone(), review, Some(data)))
}

/// What `archive` changes in the imported event `event_id`, against the archive it was last
/// written from (none kept, for an event imported before archives were kept: nothing to
/// compare).
fn changes_since(
    conn: &mut DbConnection,
    event_id: EventId,
    archive: &Archive,
) -> Result<Vec<ArchiveChange>, ServiceError> {
    let Some(kept) = db::archive::last_archive(conn, event_id)? else {
        return Ok(Vec::new());
    };
    let before = check::decode(&kept).map_err(ServiceError::from)?;
    Ok(super::changes::changes(&before, archive))
}

/// The held archive's line in the event's log: what it would change, for the organiser.
fn log_held(
    conn: &mut DbConnection,
    user: &User,
    event_id: EventId,
    verified: &Verified,
    review: &Review,
) -> Result<(), ServiceError> {
    audit::record(
        conn,
        audit::Entry::event(event_id, Some(user.id), AuditAction::ArchiveHeld).detail(
            audit::Detail::ArchiveHeld {
                digest: verified.digest.chars().take(16).collect(),
                changes: review.changes.len(),
            },
        ),
    )
}

fn review_of(
    verified: &Verified,
    matches: Vec<EntryMatch>,
    before: Option<&(EventId, String)>,
    changes: Vec<ArchiveChange>,
) -> Review {
    let archive = &verified.archive;
    let games = archive.rounds.iter().map(|r| r.games.len()).sum();
    let submissions = archive
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .map(|g| g.submissions.len())
        .sum();
    Review {
        action: match before {
            None => ImportAction::Created,
            Some((_, digest)) if *digest == verified.digest => ImportAction::Unchanged,
            Some(_) => ImportAction::Updated,
        },
        installation: archive.installation.name.clone(),
        installation_id: archive.installation.id.clone(),
        origin_event: archive.event.id,
        name: archive.event.name.clone(),
        players: archive.players.len(),
        rounds: archive.rounds.len(),
        games,
        records: verified.games.len(),
        submissions,
        digest: verified.digest.clone(),
        matches,
        warnings: Vec::new(),
        changes,
        decisions: super::changes::decisions(archive),
        signed_by: verified.signer.fingerprint(),
    }
}

/// Who each entry is here: a national id registered under the same name (accents and
/// spellings aside) is that person; every other entry is a new person unless the archive
/// carries the organiser's decision, and is flagged with the registered people it may be.
fn match_entries(
    conn: &mut DbConnection,
    archive: &super::format::Archive,
    earlier: &[(i32, String, String)],
) -> Result<Vec<EntryMatch>, ServiceError> {
    let decisions: HashMap<i32, &MatchDecision> =
        archive.matches.iter().map(|d| (d.player, d)).collect();
    let mut chosen: HashMap<String, i32> = HashMap::new();
    let mut out = Vec::with_capacity(archive.players.len());
    for p in &archive.players {
        let given = p.federation_id.as_deref().map(str::to_ascii_uppercase);
        let registered = match given.as_deref() {
            Some(id) if !is_local_id(id) => {
                let id = db::registry::resolve(conn, id)?;
                db::registry::by_federation_id(conn, &id)?
            }
            _ => None,
        };
        let reason = match (&given, &registered) {
            (Some(_), Some(person)) if names::may_be_same(&person.name, &p.name) => {
                MatchReason::SamePerson
            }
            (Some(_), Some(_)) => MatchReason::OtherName,
            (Some(id), None) if is_local_id(id) => MatchReason::LocalId,
            (Some(_), None) => MatchReason::UnknownId,
            (None, _) => MatchReason::NoId,
        };
        let candidates = candidates_for(conn, &p.name, reason, registered.as_ref())?;
        let default = default_match(p, reason, registered.as_ref(), earlier);
        let decision = decisions.get(&p.number);
        let matched = match decision {
            None => default,
            Some(d) => decided_match(conn, d)?,
        };
        if let Matched::Person { federation_id, .. } = &matched
            && let Some(other) = chosen.insert(federation_id.clone(), p.number)
        {
            return Err(ServiceError::Unusable {
                code: ErrorCode::PersonAlreadyEntered,
                detail: format!("{other}, {}: {federation_id}", p.number),
            });
        }
        out.push(EntryMatch {
            player: p.number,
            name: p.name.clone(),
            federation_id: p.federation_id.clone(),
            reason,
            flagged: reason != MatchReason::SamePerson,
            decided: decision.is_some(),
            matched,
            candidates,
        });
    }
    Ok(out)
}

/// The registered people an entry named `name` may be, shown unless it is the same person as
/// its id's.
fn candidates_for(
    conn: &mut DbConnection,
    name: &str,
    reason: MatchReason,
    registered: Option<&RegistryPlayer>,
) -> Result<Vec<Candidate>, ServiceError> {
    let mut candidates: Vec<Candidate> = Vec::new();
    if reason != MatchReason::SamePerson {
        if let Some(person) = registered {
            candidates.push(Candidate {
                federation_id: person.federation_id.clone(),
                name: person.name.clone(),
            });
        }
        for alike in registry::similar(conn, name)? {
            if let Some(id) = alike.federation_id
                && !candidates.iter().any(|c| c.federation_id == id)
            {
                candidates.push(Candidate {
                    federation_id: id,
                    name: alike.name,
                });
            }
        }
    }
    Ok(candidates)
}

/// Who an entry is when the organiser has not decided.
fn default_match(
    p: &ArchivePlayer,
    reason: MatchReason,
    registered: Option<&RegistryPlayer>,
    earlier: &[(i32, String, String)],
) -> Matched {
    // The same entry of the same event, imported before under the same name, stays the
    // person it was matched to then (a venue's local id not replaced yet is not a new
    // person again at each import).
    // By pairing number, else by name (pairing numbers change when round 1 is paired).
    let before = earlier
        .iter()
        .find(|(n, name, _)| *n == p.number && names::may_be_same(name, &p.name))
        .or_else(|| {
            let alike: Vec<_> = earlier
                .iter()
                .filter(|(_, name, _)| names::fold(name) == names::fold(&p.name))
                .collect();
            (alike.len() == 1).then(|| alike[0])
        })
        .map(|(_, name, id)| (name, id));
    match (registered, reason, before) {
        (Some(person), MatchReason::SamePerson, _) => Matched::Person {
            federation_id: person.federation_id.clone(),
            name: person.name.clone(),
        },
        (_, _, Some((name, federation_id))) => Matched::Person {
            federation_id: federation_id.clone(),
            name: name.clone(),
        },
        _ => Matched::New,
    }
}

/// Who the organiser decided an entry is: a new person, or a registered one.
fn decided_match(conn: &mut DbConnection, d: &MatchDecision) -> Result<Matched, ServiceError> {
    if d.person.eq_ignore_ascii_case("new") {
        return Ok(Matched::New);
    }
    let id = db::registry::resolve(conn, &d.person.to_ascii_uppercase())?;
    let person =
        db::registry::by_federation_id(conn, &id)?.ok_or_else(|| ServiceError::Unusable {
            code: ErrorCode::RegistryPlayerUnknown,
            detail: d.person.chars().take(30).collect(),
        })?;
    Ok(Matched::Person {
        federation_id: person.federation_id,
        name: person.name,
    })
}

/// The ids given here to the archive's entries (by pairing number), rounds (by number) and
/// games (by place).
#[derive(Default)]
struct NewIds {
    entries: HashMap<i32, PlayerId>,
    rounds: HashMap<i32, RoundId>,
    games: HashMap<GamePlace, GameId>,
}

impl NewIds {
    /// The id here of the entry with pairing number `n`, if any.
    fn entry(&self, n: Option<i32>) -> Option<PlayerId> {
        n.and_then(|n| self.entries.get(&n).copied())
    }
}

/// Writes the event as the archive holds it (in place of its earlier import, if any).
fn write(
    conn: &mut DbConnection,
    app: &App,
    user: &User,
    verified: &Verified,
    review: &Review,
    before: Option<EventId>,
    kept: &[u8],
) -> Result<Event, ServiceError> {
    let archive = &verified.archive;
    let event = write_event_row(conn, user, archive, before)?;
    let mut ids = NewIds {
        entries: write_entries(conn, app, event.id, archive, review)?,
        ..NewIds::default()
    };
    write_byes(conn, archive, &ids)?;
    write_rounds(conn, event.id, verified, &mut ids)?;
    write_log(conn, event.id, archive, &ids)?;
    if let Some(fund) = &archive.event.prize_fund {
        write_prize_fund(conn, event.id, fund)?;
    }
    db::events::set_event_state(conn, event.id, archive.event.state, db::now())?;
    db::archive::set_origin(
        conn,
        event.id,
        &db::archive::Origin {
            installation: &archive.installation.id,
            name: &archive.installation.name,
            event: archive.event.id,
            digest: &verified.digest,
            archive: kept,
        },
    )?;
    // Whatever was held for confirmation is superseded by what is written now.
    db::archive::release_held(conn, event.id)?;
    log_import(conn, user, event.id, verified, review)?;
    standings::changed(conn, event.id)?;
    Ok(event)
}

/// The event's row: a new event, or its earlier import's, emptied, with the archive's settings.
fn write_event_row(
    conn: &mut DbConnection,
    user: &User,
    archive: &Archive,
    before: Option<EventId>,
) -> Result<Event, ServiceError> {
    let settings = archive.event.settings.validate()?;
    Ok(match before {
        Some(id) => {
            let event = db::events::event_by_id(conn, id)?.ok_or(ServiceError::NotFound)?;
            // The list counts an event's games as they went in; a later archive of an event in
            // it would change them behind the administrator's back.
            if event.rating_period.is_some() {
                return Err(ServiceError::Conflict(ErrorCode::EventInRatingList));
            }
            db::archive::clear_event(conn, id)?;
            // Whether it counts for the list is this installation's to say.
            let settings = crate::db::events::EventSettings {
                rated: event.rated,
                ..settings
            };
            db::events::update_event(conn, id, &settings, db::now())?;
            event
        }
        None => events::insert_event(conn, user, &settings)?,
    })
}

/// The entries, as the review matched them: their ids here, by pairing number.
fn write_entries(
    conn: &mut DbConnection,
    app: &App,
    event_id: EventId,
    archive: &Archive,
    review: &Review,
) -> Result<HashMap<i32, PlayerId>, ServiceError> {
    let issued = app.installation.issued_ids();
    let mut entries: HashMap<i32, PlayerId> = HashMap::new();
    for (p, m) in archive.players.iter().zip(&review.matches) {
        let mut player = ValidPlayer {
            name: p.name.trim().to_string(),
            rating: p.rating.clamp(0, 4000),
            club: p.club.trim().to_string(),
            province: p.province.trim().to_string(),
            email: None,
            missed_points: p.missed_points,
            details: Details {
                sex: p.sex,
                birth_year: p.birth_year,
                federation_id: match &m.matched {
                    Matched::Person { federation_id, .. } => Some(federation_id.clone()),
                    Matched::New => None,
                },
                tags: crate::domain::Tags::new(&p.tags)
                    .map_err(|_| ServiceError::invalid("tags", ErrorCode::TagsInvalid))?,
            },
        };
        registry::enter(conn, &issued, Some(event_id), &mut player, false)?;
        let id = insert_archived(conn, event_id, p, &player)?;
        entries.insert(p.number, id);
    }
    Ok(entries)
}

/// The byes asked ahead.
fn write_byes(
    conn: &mut DbConnection,
    archive: &Archive,
    ids: &NewIds,
) -> Result<(), ServiceError> {
    for bye in &archive.byes {
        if let Some(player) = ids.entry(Some(bye.player)) {
            db::archive::insert_bye(conn, player, bye.round, bye.kind)?;
        }
    }
    Ok(())
}

/// The rounds and their games, then every record sent for them.
fn write_rounds(
    conn: &mut DbConnection,
    event_id: EventId,
    verified: &Verified,
    ids: &mut NewIds,
) -> Result<(), ServiceError> {
    let mut sent: Vec<ArchivedSubmission<'_>> = Vec::new();
    for round in &verified.archive.rounds {
        let round_id = db::archive::insert_round(
            conn,
            &ArchivedRound {
                event_id,
                number: round.number,
                stage: round.stage,
                state: if round.published {
                    RoundState::Published
                } else {
                    RoundState::Draft
                },
                starts_at: round.starts_at,
                created_at: round.created_at,
                published_at: round.published_at,
            },
        )?;
        ids.rounds.insert(round.number, round_id);
        for game in &round.games {
            let place = GamePlace {
                round: round.number,
                board: game.board,
                game_no: game.game_no,
            };
            let game_id = write_game(conn, event_id, round_id, game, ids)?;
            ids.games.insert(place, game_id);
            for (i, s) in game.submissions.iter().enumerate() {
                let again = verified
                    .submissions
                    .get(&(place, i))
                    .and_then(Option::as_ref);
                sent.push(submission_row(game_id, ids.entry(s.player), s, again));
            }
        }
    }
    db::archive::insert_submissions(conn, &sent)?;
    Ok(())
}

/// A game of the round `round_id`: its id here.
fn write_game(
    conn: &mut DbConnection,
    event_id: EventId,
    round_id: RoundId,
    game: &ArchiveGame,
    ids: &NewIds,
) -> Result<GameId, ServiceError> {
    Ok(db::archive::insert_game(
        conn,
        &ArchivedGame {
            event_id,
            round_id,
            board: game.board,
            game_no: game.game_no,
            bracket_code: game.bracket_code.as_deref(),
            first_id: ids.entry(game.first),
            second_id: ids.entry(game.second),
            status: game.status,
            result: game.result,
            termination: game.termination,
            plies: game.plies,
            record: game.record.as_deref(),
            final_position: game.final_position.as_deref(),
            updated_at: game.updated_at,
            corrected_from: game.corrected_from,
            correction_reason: game.correction_reason.as_deref(),
        },
    )?)
}

/// The row of a record sent for the game `game_id` by the entry `player_id` (none: the staff),
/// with what it says when verified again.
fn submission_row<'a>(
    game_id: GameId,
    player_id: Option<PlayerId>,
    s: &'a ArchiveSubmission,
    again: Option<&'a Reverified>,
) -> ArchivedSubmission<'a> {
    ArchivedSubmission {
        game_id,
        player_id,
        by_name: s.by.as_deref(),
        role: s.role,
        record: &s.record,
        record_hash: again.map_or(s.record_sha256.as_str(), |v| v.fingerprint.as_str()),
        verdict: s.verdict,
        reason: s.reason.as_deref(),
        ply: s.ply,
        result: s.result,
        termination: s.termination,
        plies: s.plies,
        status: s.status,
        created_at: s.created_at,
        record_bytes: s.record_bytes,
        record_sha256: &s.record_sha256,
    }
}

/// The event's log, naming its rounds, games and entries as they are here.
fn write_log(
    conn: &mut DbConnection,
    event_id: EventId,
    archive: &Archive,
    ids: &NewIds,
) -> Result<(), ServiceError> {
    // What the venue logged, as any archive may carry it: never an address, even from a
    // venue that wrote one.
    let details: Vec<String> = archive
        .audit
        .iter()
        .map(|line| crate::service::audit::Said::carried(line.detail.clone()))
        .collect();
    let log: Vec<ArchivedLogLine<'_>> = archive
        .audit
        .iter()
        .zip(&details)
        .map(|(line, detail)| ArchivedLogLine {
            event_id,
            round_id: line.round.and_then(|r| ids.rounds.get(&r).copied()),
            game_id: line.game.and_then(|g| ids.games.get(&g).copied()),
            actor_player: ids.entry(line.player),
            actor_name: line.account.as_deref(),
            action: line.action,
            from_state: line.from_state.as_deref(),
            to_state: line.to_state.as_deref(),
            detail,
            created_at: line.at,
        })
        .collect();
    db::archive::insert_log(conn, &log)?;
    Ok(())
}

/// The event's prize fund.
fn write_prize_fund(
    conn: &mut DbConnection,
    event_id: EventId,
    fund: &ArchivePrizeFund,
) -> Result<(), ServiceError> {
    let text =
        serde_json::to_string(&fund.fund).map_err(|e| ServiceError::Internal(e.to_string()))?;
    // The fund must be one the prize editor would take.
    let malformed = |detail: String| {
        ServiceError::from(check::ArchiveFault {
            code: ErrorCode::ArchiveMalformed,
            round: None,
            board: None,
            detail: check::FaultDetail::of("prize_fund")
                .with("problem", detail.chars().take(300).collect::<String>()),
        })
    };
    // Read as the prize editor's API reads it: an array where the fund has an object is
    // refused, so what is stored reads back as what was checked.
    let read = <crate::service::prizes::Fund as serde::Deserialize>::deserialize(
        crate::service::objects_only::ObjectsOnly(&fund.fund),
    )
    .map_err(|e| malformed(format!("prize fund: {e}")))?;
    read.check()
        .map_err(|e| malformed(format!("prize fund: {}", e.code())))?;
    db::events::store_prize_fund(conn, event_id, &text, fund.published, db::now())?;
    Ok(())
}

/// The import's line in the event's log: the archive, and who the entries shown to the
/// organiser became.
fn log_import(
    conn: &mut DbConnection,
    user: &User,
    event_id: EventId,
    verified: &Verified,
    review: &Review,
) -> Result<(), ServiceError> {
    let archive = &verified.archive;
    let entries: Vec<audit::ImportedEntry> = review
        .matches
        .iter()
        .filter(|m| m.flagged)
        .map(|m| audit::ImportedEntry {
            number: m.player,
            name: m.name.clone(),
            federation_id: m.federation_id.clone(),
            became: match &m.matched {
                Matched::Person { federation_id, .. } => Some(federation_id.clone()),
                Matched::New => None,
            },
            decided: m.decided,
        })
        .collect();
    audit::record(
        conn,
        audit::Entry::event(event_id, Some(user.id), AuditAction::ArchiveImported).detail(
            audit::Detail::ArchiveImported {
                installation: archive.installation.name.clone(),
                code: archive.installation.id.clone(),
                venue_event: i64::from(archive.event.id),
                archive: verified.digest[..16.min(verified.digest.len())].to_string(),
                entries,
            },
        ),
    )
}

/// The Swiss rounds the Dutch system pairs otherwise than the event did, from the event as
/// written (its TRF, checked as `kiela check` does).
fn pairing_warnings(data: &crate::service::event_data::EventData) -> Vec<ImportWarning> {
    if !data.event.format.has_swiss() {
        return Vec::new();
    }
    let swiss = data
        .rounds
        .iter()
        .filter(|r| r.stage == Stage::Swiss)
        .count();
    // Pairing every round again takes time that grows with the entries and the rounds: past
    // a national open's size (500 players, 9 rounds is 4,500) it is left to `kiela check`.
    if data.players.len() * swiss > MAX_REPAIRED {
        return vec![ImportWarning::PairingNotChecked {
            players: data.players.len(),
            rounds: swiss,
        }];
    }
    let trf = crate::service::exports::trf_text(data);
    let Ok(tournament) = crate::tournament::trf::parse(&trf) else {
        return Vec::new();
    };
    let mut corrected: Vec<usize> = data
        .games
        .iter()
        .filter(|g| g.corrected_from.is_some())
        .filter_map(|g| data.rounds.iter().find(|r| r.id == g.round_id))
        .filter_map(|r| usize::try_from(r.number).ok())
        .collect();
    corrected.sort_unstable();
    corrected.dedup();
    crate::tournament::trf_pairing::check_rounds(&tournament)
        .into_iter()
        .filter(|c| c.round <= swiss && !c.differences.is_empty())
        .map(|c| ImportWarning::PairedDifferently {
            round: c.round,
            differences: c.differences,
            corrected_rounds: corrected.iter().copied().filter(|&r| r < c.round).collect(),
        })
        .collect()
}

/// Writes an entry of an imported archive as the installation that ran the event kept it
/// (its pairing number, state and moment), named in the registry as `player` says; returns its
/// id here. A new personal link is made, never used: the event is read-only here.
fn insert_archived(
    conn: &mut DbConnection,
    event_id: EventId,
    archived: &ArchivePlayer,
    player: &crate::service::entrant::ValidPlayer,
) -> Result<PlayerId, ServiceError> {
    let secret = crate::service::crypto::random_token()?;
    let id = crate::db::events::insert_player(
        conn,
        &crate::db::events::NewPlayer {
            event_id,
            number: archived.number,
            name: &player.name,
            rating: player.rating,
            club: &player.club,
            province: &player.province,
            email: None,
            user_id: None,
            secret: &secret,
            status: archived.status,
            joined_round: archived.joined_round,
            missed_points: archived.missed_points,
            created_at: archived.entered_at,
            sex: player.details.sex,
            birth_year: player.details.birth_year,
            federation_id: player.details.federation_id.as_deref(),
            tags: &player.details.tags,
            fide: crate::domain::FideDetails {
                fide_title: archived.fide_title.clone(),
                fide_federation: archived.fide_federation.clone(),
                fide_id: archived.fide_id.clone(),
            },
            account_via: None,
        },
    )?;
    crate::db::archive::set_entry_state(
        conn,
        id,
        archived.withdrawn_after,
        archived.checked_in,
        archived.seed,
        archived.entered_at,
    )?;
    Ok(id)
}
