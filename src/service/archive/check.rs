//! An archive from another installation read as untrusted input: bounded in size, decoded
//! (JSON, gzip allowed), its structure checked, and every record verified again with the rules
//! engine. Anything wrong refuses the whole archive, naming the game and the reason.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::format::{
    Archive, ArchiveGame, ArchivePlayer, ArchiveRound, ArchiveSubmission, FORMAT, GamePlace,
    VERSION,
};
use crate::db::events::EventSettings;
use crate::domain::{ErrorCode, GameStatus, StoredResult};
use crate::rules::{Termination, Variant, VerdictKind};
use crate::service::ServiceError;
use crate::service::games::{Reverified, reverify};
use crate::service::signing::PublicKey;

/// The most an archive may hold once decompressed: a 500-player, 9-round event with every
/// record twice is some 20 MB.
pub const MAX_ARCHIVE_BYTES: usize = 64 << 20;

/// Games of one knockout match (its games and deciders).
const MAX_GAMES_PER_MATCH: i32 = 50;

/// Why an archive is refused: the code, where (a round, a board), and the specifics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArchiveFault {
    pub code: ErrorCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<i32>,
    pub detail: FaultDetail,
}

/// The specifics of a fault, said in the reader's language (the message
/// `archive-detail-<key>`); what the archive holds is quoted as it is (a field's name, a
/// pairing number, a key's fingerprint).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FaultDetail {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl FaultDetail {
    pub(crate) fn of(key: &'static str) -> FaultDetail {
        FaultDetail {
            key,
            args: Vec::new(),
        }
    }

    pub(crate) fn with(mut self, name: &'static str, value: impl std::fmt::Display) -> FaultDetail {
        self.args.push((name, value.to_string()));
        self
    }
}

impl ArchiveFault {
    fn new(code: ErrorCode, detail: FaultDetail) -> ArchiveFault {
        ArchiveFault {
            code,
            round: None,
            board: None,
            detail,
        }
    }

    fn at(mut self, round: i32, board: Option<i32>) -> ArchiveFault {
        self.round = Some(round);
        self.board = board;
        self
    }
}

impl From<ArchiveFault> for ServiceError {
    fn from(fault: ArchiveFault) -> ServiceError {
        ServiceError::Archive(Box::new(fault))
    }
}

/// An archive read and verified: what each record says, by game and by submission.
#[derive(Debug)]
pub(crate) struct Verified {
    pub archive: Archive,
    /// The archive's digest (its content without the moment it was written).
    pub digest: String,
    /// The key that signed it.
    pub signer: PublicKey,
    /// What each game's record says, by place.
    pub games: HashMap<GamePlace, Reverified>,
    /// What each submission's record says, by place and order; `None`: refused again.
    pub submissions: HashMap<(GamePlace, usize), Option<Reverified>>,
}

/// Reads an archive: gzip or JSON, at most [`MAX_ARCHIVE_BYTES`] once decompressed, every
/// list within its bound as it is read ([`crate::service::bounded`]): a compressed file of
/// millions of empty items is refused at the first item past its list's bound.
pub(crate) fn decode(bytes: &[u8]) -> Result<Archive, ArchiveFault> {
    use crate::service::bounded::{Unread, read_document};
    let unread = |e: Unread| match e {
        Unread::TooLarge => ArchiveFault::new(
            ErrorCode::ArchiveTooLarge,
            FaultDetail::of("too_large").with("mb", MAX_ARCHIVE_BYTES >> 20),
        ),
        Unread::PastBound(at) => ArchiveFault::new(
            ErrorCode::ArchiveTooLarge,
            FaultDetail::of("as_read").with("at", at),
        ),
        Unread::Malformed(at) => ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("as_read").with("at", at),
        ),
    };
    // The format and version first: a later version may not parse as this one. (The rest of
    // the document is passed over, not kept.)
    #[derive(serde::Deserialize)]
    struct Head {
        format: Option<String>,
        version: Option<u64>,
    }
    let head: Head = read_document(bytes, MAX_ARCHIVE_BYTES).map_err(unread)?;
    if head.format.as_deref() != Some(FORMAT) {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("not_the_format").with("format", FORMAT),
        ));
    }
    match head.version {
        Some(v) if v == u64::from(VERSION) => {}
        Some(1) => {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveUnsigned,
                FaultDetail::of("version_unsigned"),
            ));
        }
        Some(v) if v > u64::from(VERSION) => {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveVersion,
                FaultDetail::of("version_later")
                    .with("version", v)
                    .with("reads", VERSION),
            ));
        }
        _ => {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveMalformed,
                FaultDetail::of("no_version"),
            ));
        }
    }
    read_document(bytes, MAX_ARCHIVE_BYTES).map_err(unread)
}

/// A message quoted back, cut short: it may hold whatever the file held.
fn clipped(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(300).collect()
}

/// The digest that names an archive's content: the same event in the same state, written at
/// another moment, has the same digest. The importing organiser's decisions are not the event
/// (the venue's next push of the same event is the same archive), nor is the signature, which
/// signs this digest. Hashed as it is written: nothing of the size of the archive is copied.
pub(crate) fn digest(archive: &mut Archive) -> String {
    use sha2::{Digest, Sha256};
    /// Hashes what is written to it.
    struct Hashing(Sha256);
    impl std::io::Write for Hashing {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.update(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let exported_at = std::mem::take(&mut archive.exported_at);
    let matches = std::mem::take(&mut archive.matches);
    let signature = archive.signature.take();
    let mut hashing = Hashing(Sha256::new());
    // Writing a document of plain data to a hasher cannot fail.
    let _ = serde_json::to_writer(&mut hashing, &*archive);
    archive.exported_at = exported_at;
    archive.matches = matches;
    archive.signature = signature;
    hex::encode(hashing.0.finalize())
}

/// What an installation signs of an archive: the format, its version and the digest.
pub(crate) fn signed_message(digest: &str) -> Vec<u8> {
    format!("{FORMAT}/{VERSION}/{digest}").into_bytes()
}

/// Signs the archive with this installation's key.
pub(crate) fn sign(archive: &mut Archive, key: &crate::service::signing::InstallationKey) {
    let digest = digest(archive);
    archive.signature = Some(super::format::ArchiveSignature {
        key: key.public().to_hex(),
        value: key.sign(&signed_message(&digest)),
    });
}

/// The key that signed the archive, whose digest is `digest`: refused unsigned, or signed
/// otherwise than by the key it names.
fn signer(archive: &Archive, digest: &str) -> Result<PublicKey, ArchiveFault> {
    let Some(signature) = &archive.signature else {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveUnsigned,
            FaultDetail::of("no_signature"),
        ));
    };
    let key = PublicKey::parse(&signature.key).ok_or_else(|| {
        ArchiveFault::new(
            ErrorCode::ArchiveSignatureInvalid,
            FaultDetail::of("not_a_key"),
        )
    })?;
    if !key.verifies(&signed_message(digest), &signature.value) {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveSignatureInvalid,
            FaultDetail::of("not_signed_by").with("fingerprint", key.fingerprint()),
        ));
    }
    Ok(key)
}

/// Checks the archive's structure and verifies every record again.
pub(crate) fn verify(mut archive: Archive) -> Result<Verified, ArchiveFault> {
    // The signature first: nothing of a changed archive is worth reading further.
    let digest = digest(&mut archive);
    let signer = signer(&archive, &digest)?;
    let settings = check_event(&archive)?;
    let names = check_entries(&archive)?;
    let asked = check_byes(&archive, &settings, &names)?;
    check_round_order(&archive, &settings)?;
    let checker = Checker::new(&archive, settings.variant, names, asked);
    let records = checker.check_rounds()?;
    checker.check_log()?;
    Ok(Verified {
        archive,
        digest,
        signer,
        games: records.games,
        submissions: records.submissions,
    })
}

/// The event's settings, the installation's and the event's names, and the archive's size.
fn check_event(archive: &Archive) -> Result<EventSettings, ArchiveFault> {
    let settings = archive.event.settings.validate().map_err(|e| {
        ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("settings").with("error", e.code()),
        )
    })?;
    if !crate::domain::installation::is_code(&archive.installation.id) {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("not_an_installation_code"),
        ));
    }
    check_text("installation.name", &archive.installation.name, 120)?;
    check_text("event.name", &archive.event.name, 120)?;
    Ok(settings)
}

/// The entries, each once: their names by pairing number.
fn check_entries(archive: &Archive) -> Result<HashMap<i32, &str>, ArchiveFault> {
    let mut names: HashMap<i32, &str> = HashMap::new();
    let mut people: HashSet<&str> = HashSet::new();
    for p in &archive.players {
        check_text("players.name", &p.name, crate::service::entrant::MAX_FIELD)?;
        check_text("players.club", &p.club, crate::service::entrant::MAX_FIELD)?;
        check_text(
            "players.province",
            &p.province,
            crate::service::entrant::MAX_FIELD,
        )?;
        let max_players = i32::try_from(crate::service::entrant::MAX_PLAYERS).unwrap_or(i32::MAX);
        let rounds = i32::try_from(archive.rounds.len()).unwrap_or(i32::MAX);
        if p.name.trim().is_empty() || !(1..=max_players).contains(&p.number) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveMalformed,
                FaultDetail::of("entry_unnamed").with("number", p.number),
            ));
        }
        // Every number an entry carries stays within the event: a round far past the last
        // would make every later computation as long as it says.
        let in_event = (1..=rounds + 1).contains(&p.joined_round)
            && p.withdrawn_after.is_none_or(|w| (0..=rounds).contains(&w))
            && p.seed.is_none_or(|s| (1..=max_players).contains(&s))
            && (0..=4000).contains(&p.rating)
            && p.birth_year.is_none_or(|y| (1900..=9999).contains(&y));
        if !in_event {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveMalformed,
                FaultDetail::of("entry_out_of_range").with("number", p.number),
            ));
        }
        if names.insert(p.number, &p.name).is_some() {
            return Err(ArchiveFault::new(
                ErrorCode::ArchivePlayerTwice,
                FaultDetail::of("number_twice").with("number", p.number),
            ));
        }
        if let Some(id) = &p.federation_id {
            let valid = !id.is_empty()
                && id.len() <= 30
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
            if !valid {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveMalformed,
                    FaultDetail::of("entry_federation_id").with("number", p.number),
                ));
            }
            if !people.insert(id) {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchivePlayerTwice,
                    FaultDetail::of("federation_id_twice").with("id", clipped(id)),
                ));
            }
        }
        if crate::domain::Tags::new(&p.tags).is_err() {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveMalformed,
                FaultDetail::of("entry_tags").with("number", p.number),
            ));
        }
    }
    Ok(names)
}

/// A pairing number, if any, of one of the archive's entries.
fn entered(names: &HashMap<i32, &str>, n: Option<i32>) -> Result<(), ArchiveFault> {
    match n {
        Some(n) if !names.contains_key(&n) => Err(ArchiveFault::new(
            ErrorCode::ArchivePlayerUnknown,
            FaultDetail::of("unknown_number").with("number", n),
        )),
        _ => Ok(()),
    }
}

/// The byes asked ahead, each once: (pairing number, round).
fn check_byes(
    archive: &Archive,
    settings: &EventSettings,
    names: &HashMap<i32, &str>,
) -> Result<HashSet<(i32, i32)>, ArchiveFault> {
    let last_round = i32::try_from(archive.rounds.len()).unwrap_or(i32::MAX);
    let mut asked = HashSet::new();
    for bye in &archive.byes {
        entered(names, Some(bye.player))?;
        // Byes are asked for the rounds played or planned.
        let planned = last_round.max(settings.rounds) + 1;
        if !(1..=planned).contains(&bye.round) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveRoundInvalid,
                FaultDetail::of("bye_round").with("round", bye.round),
            ));
        }
        if !asked.insert((bye.player, bye.round)) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchivePlayerTwice,
                FaultDetail::of("two_byes")
                    .with("number", bye.player)
                    .with("round", bye.round),
            ));
        }
    }
    Ok(asked)
}

/// The rounds' numbers, and the Swiss rounds against those planned.
fn check_round_order(archive: &Archive, settings: &EventSettings) -> Result<(), ArchiveFault> {
    // The rounds are 1, 2, … in order, none missing.
    for (i, round) in archive.rounds.iter().enumerate() {
        if usize::try_from(round.number).ok() != Some(i + 1) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveRoundInvalid,
                FaultDetail::of("round_not_due")
                    .with("number", round.number)
                    .with("due", i + 1),
            ));
        }
    }
    // The Swiss (or round-robin) rounds paired are within those planned, as the settings form
    // keeps them.
    let league = archive
        .rounds
        .iter()
        .filter(|r| r.stage == crate::domain::Stage::Swiss)
        .count();
    if settings.format.has_swiss() && i32::try_from(league).unwrap_or(i32::MAX) > settings.rounds {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveRoundInvalid,
            FaultDetail::of("swiss_rounds")
                .with("paired", league)
                .with("planned", settings.rounds),
        ));
    }
    Ok(())
}

/// The games the log names under `action`.
fn logged(archive: &Archive, action: crate::domain::AuditAction) -> HashSet<GamePlace> {
    archive
        .audit
        .iter()
        .filter(|line| line.action == action)
        .filter_map(|line| line.game)
        .collect()
}

/// What each game of an archive is checked against: its entries, the byes asked, and its log.
struct Checker<'a> {
    archive: &'a Archive,
    variant: Variant,
    /// Each entry's name, by pairing number.
    names: HashMap<i32, &'a str>,
    entries: HashMap<i32, &'a ArchivePlayer>,
    /// The byes asked: (pairing number, round).
    asked: HashSet<(i32, i32)>,
    from_trf: bool,
    decided: HashSet<GamePlace>,
    corrected: HashSet<GamePlace>,
}

/// What the records an archive holds say: each game's, and each sent (`None`: refused again
/// or set aside).
#[derive(Default)]
struct Records {
    games: HashMap<GamePlace, Reverified>,
    submissions: HashMap<(GamePlace, usize), Option<Reverified>>,
}

impl<'a> Checker<'a> {
    /// The checker of `archive`, its entries and byes checked.
    fn new(
        archive: &'a Archive,
        variant: Variant,
        names: HashMap<i32, &'a str>,
        asked: HashSet<(i32, i32)>,
    ) -> Checker<'a> {
        let entries = archive.players.iter().map(|p| (p.number, p)).collect();
        // The event's results came from a TRF file: those without a record are its own.
        let from_trf = archive
            .audit
            .iter()
            .any(|line| line.action == crate::domain::AuditAction::TrfImported);
        // The games the log says an arbiter decided or corrected.
        let decided = logged(archive, crate::domain::AuditAction::ArbiterDecision);
        let corrected = logged(archive, crate::domain::AuditAction::ResultCorrected);
        Checker {
            archive,
            variant,
            names,
            entries,
            asked,
            from_trf,
            decided,
            corrected,
        }
    }

    /// A pairing number, if any, of one of the archive's entries.
    fn entered(&self, n: Option<i32>) -> Result<(), ArchiveFault> {
        entered(&self.names, n)
    }

    /// Every round and its games: what their records say.
    fn check_rounds(&self) -> Result<Records, ArchiveFault> {
        let mut round_numbers = HashSet::new();
        let mut places = HashSet::new();
        let mut records = Records::default();
        for round in &self.archive.rounds {
            if round.number < 1 || !round_numbers.insert(round.number) {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveRoundInvalid,
                    FaultDetail::of("round_number").with("number", round.number),
                ));
            }
            let mut seated: HashMap<i32, (i32, Option<&str>)> = HashMap::new();
            for game in &round.games {
                self.check_game(round, game, &mut places, &mut seated, &mut records)
                    .map_err(|fault| fault.at(round.number, Some(game.board)))?;
            }
        }
        Ok(records)
    }

    /// A game of `round`: its pairing, the arbiter's part, its record and those sent for it.
    fn check_game(
        &self,
        round: &ArchiveRound,
        game: &'a ArchiveGame,
        places: &mut HashSet<GamePlace>,
        seated: &mut HashMap<i32, (i32, Option<&'a str>)>,
        records: &mut Records,
    ) -> Result<(), ArchiveFault> {
        let place = GamePlace {
            round: round.number,
            board: game.board,
            game_no: game.game_no,
        };
        self.check_pairing(round, game, place, places, seated)?;
        self.check_arbiter(game, place)?;
        let first = game.first.and_then(|n| self.names.get(&n).copied());
        let second = game.second.and_then(|n| self.names.get(&n).copied());
        if let Some(checked) = self.check_record(game, place, first, second)? {
            records.games.insert(place, checked);
        }
        check_stood_behind(game)?;
        for (i, sent) in game.submissions.iter().enumerate() {
            let again = self.check_submission(game, i, sent, first, second)?;
            records.submissions.insert((place, i), again);
        }
        Ok(())
    }

    /// Where a game of `round` is and who plays it.
    fn check_pairing(
        &self,
        round: &ArchiveRound,
        game: &'a ArchiveGame,
        place: GamePlace,
        places: &mut HashSet<GamePlace>,
        seated: &mut HashMap<i32, (i32, Option<&'a str>)>,
    ) -> Result<(), ArchiveFault> {
        // Only a knockout match has games after its first, under a bracket code.
        if round.stage != crate::domain::Stage::Knockout
            && (game.bracket_code.is_some() || game.game_no != 1)
        {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveRoundInvalid,
                FaultDetail::of("match_outside_knockout"),
            ));
        }
        // Who plays a round joined before it, had not withdrawn, and asked no bye for it.
        for n in [game.first, game.second].into_iter().flatten() {
            let Some(p) = self.entries.get(&n) else {
                continue;
            };
            let absent = p.joined_round > round.number
                || p.status == crate::domain::PlayerStatus::Withdrawn
                    && p.withdrawn_after.is_some_and(|w| w < round.number)
                || self.asked.contains(&(n, round.number));
            if absent {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchivePlayerTwice,
                    FaultDetail::of("plays_round_not_in").with("number", n),
                ));
            }
        }
        if !places.insert(place) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveRoundInvalid,
                FaultDetail::of("two_games_one_board"),
            ));
        }
        self.entered(game.first)?;
        self.entered(game.second)?;
        let max_boards = i32::try_from(crate::service::entrant::MAX_PLAYERS).unwrap_or(i32::MAX);
        if !(1..=max_boards).contains(&game.board)
            || !(1..=MAX_GAMES_PER_MATCH).contains(&game.game_no)
            || game.plies.is_some_and(|p| p < 0)
        {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveRoundInvalid,
                FaultDetail::of("board_out_of_range"),
            ));
        }
        check_text(
            "games.correction_reason",
            game.correction_reason.as_deref().unwrap_or(""),
            1000,
        )?;
        // A player sits at one board a round (a knockout match's games share a board and
        // its match).
        for n in [game.first, game.second].into_iter().flatten() {
            let here = (game.board, game.bracket_code.as_deref());
            if let Some(other) = seated.insert(n, here)
                && (other != here || here.1.is_none())
            {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchivePlayerTwice,
                    FaultDetail::of("twice_in_round").with("number", n),
                ));
            }
        }
        if game.first.is_some() && game.first == game.second {
            return Err(ArchiveFault::new(
                ErrorCode::ArchivePlayerTwice,
                FaultDetail::of("against_themself"),
            ));
        }
        Ok(())
    }

    /// The arbiter's decision or correction of a game, as the log holds it.
    fn check_arbiter(&self, game: &ArchiveGame, place: GamePlace) -> Result<(), ArchiveFault> {
        // A decision and a correction are the arbiter's, said in the log with a reason.
        if game.termination == Some(Termination::Adjudication) && !self.decided.contains(&place) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveResultDisagrees,
                FaultDetail::of("decision_not_logged"),
            ));
        }
        if game.corrected_from.is_some()
            && (game
                .correction_reason
                .as_deref()
                .is_none_or(|r| r.trim().is_empty())
                || !self.corrected.contains(&place))
        {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveResultDisagrees,
                FaultDetail::of("correction_not_logged"),
            ));
        }
        Ok(())
    }

    /// What a game's record says, verified again (`None`: it has none), between the players
    /// named `first` and `second`.
    fn check_record(
        &self,
        game: &ArchiveGame,
        place: GamePlace,
        first: Option<&str>,
        second: Option<&str>,
    ) -> Result<Option<Reverified>, ArchiveFault> {
        if let Some(record) = &game.record {
            let (Some(first), Some(second)) = (first, second) else {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveRecordIllegal,
                    FaultDetail::of("record_without_players"),
                ));
            };
            let checked = reverified(record, self.variant, first, second)?;
            agrees(game, &checked)?;
            return Ok(Some(checked));
        }
        if game.status == GameStatus::Final
            && game.second.is_some()
            && game.result.is_some_and(|r| r != StoredResult::Bye)
        {
            // A result with no record stands on an arbiter's decision (a forfeit, an
            // adjudication), said in the log, or came from a TRF file.
            let on_decision = self.decided.contains(&place)
                && game
                    .termination
                    .is_none_or(|t| t == Termination::Adjudication);
            if !on_decision && !self.from_trf {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveResultDisagrees,
                    FaultDetail::of("result_unfounded"),
                ));
            }
        }
        Ok(None)
    }

    /// The `i`th record sent for a game (from 0), verified again: what it says (`None`: set
    /// aside, or refused again).
    fn check_submission(
        &self,
        game: &ArchiveGame,
        i: usize,
        sent: &ArchiveSubmission,
        first: Option<&str>,
        second: Option<&str>,
    ) -> Result<Option<Reverified>, ArchiveFault> {
        self.entered(sent.player)?;
        if sent.player.is_some() && sent.player != game.first && sent.player != game.second {
            return Err(ArchiveFault::new(
                ErrorCode::ArchivePlayerUnknown,
                FaultDetail::of("sent_by_outsider").with("record", i + 1),
            ));
        }
        check_sent_size(i, sent)?;
        check_text("submissions.by", sent.by.as_deref().unwrap_or(""), 200)?;
        let (Some(first), Some(second)) = (first, second) else {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveRecordIllegal,
                FaultDetail::of("sent_without_players"),
            ));
        };
        // Records set aside (a round withdrawn and paired again, a replay ordered)
        // were sent for another pairing: they are kept, not checked against this one.
        if sent.status == crate::domain::SubmissionStatus::Superseded {
            check_set_aside(i, sent, self.variant)?;
            return Ok(None);
        }
        let again = reverify(&sent.record, self.variant, first, second).ok();
        let accepted = !matches!(sent.verdict, VerdictKind::Invalid);
        // A refused record is kept cut short; one kept whole that verifies and ends
        // the game was not refused by the rules.
        let whole = usize::try_from(sent.record_bytes).is_ok_and(|b| b <= sent.record.len());
        if !accepted && whole && again.as_ref().is_some_and(|v| v.result.is_some()) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveResultDisagrees,
                FaultDetail::of("sent_refused_yet_verifies").with("record", i + 1),
            ));
        }
        match &again {
            None if accepted => {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveRecordIllegal,
                    FaultDetail::of("sent_does_not_verify").with("record", i + 1),
                ));
            }
            Some(v) if accepted && v.verdict != sent.verdict => {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveResultDisagrees,
                    FaultDetail::of("sent_verdict").with("record", i + 1),
                ));
            }
            Some(v) if accepted && sent.result.is_some() && v.result != sent.result => {
                return Err(ArchiveFault::new(
                    ErrorCode::ArchiveResultDisagrees,
                    FaultDetail::of("sent_result").with("record", i + 1),
                ));
            }
            _ => {}
        }
        Ok(again)
    }

    /// The log's lines and the organiser's decisions on who each entry is.
    fn check_log(&self) -> Result<(), ArchiveFault> {
        for line in &self.archive.audit {
            self.entered(line.player)?;
            check_lines("audit.detail", &line.detail, 64 << 10)?;
            check_text("audit.account", line.account.as_deref().unwrap_or(""), 200)?;
            // A state the log keeps is read back by its action: one of another kind would make
            // the event's log unreadable here.
            for state in [&line.from_state, &line.to_state].into_iter().flatten() {
                if crate::domain::AuditState::read(line.action, state).is_none() {
                    return Err(ArchiveFault::new(
                        ErrorCode::ArchiveMalformed,
                        FaultDetail::of("log_state")
                            .with("state", state)
                            .with("action", line.action),
                    ));
                }
            }
        }
        for decision in &self.archive.matches {
            self.entered(Some(decision.player))?;
        }
        Ok(())
    }
}

/// A game's record is the one its players or the staff stood behind.
fn check_stood_behind(game: &ArchiveGame) -> Result<(), ArchiveFault> {
    if let Some(record) = &game.record {
        let behind: Vec<&str> = game
            .submissions
            .iter()
            .filter(|s| {
                matches!(
                    s.status,
                    crate::domain::SubmissionStatus::Confirmed
                        | crate::domain::SubmissionStatus::Final
                )
            })
            .map(|s| s.record.as_str())
            .collect();
        if !behind.is_empty() && !behind.contains(&record.as_str()) {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveResultDisagrees,
                FaultDetail::of("record_not_stood_behind"),
            ));
        }
    }
    Ok(())
}

/// The `i`th record sent (from 0): its size, and its digest when it is kept whole.
fn check_sent_size(i: usize, sent: &ArchiveSubmission) -> Result<(), ArchiveFault> {
    // A record kept whole is what was sent: its size and digest say so.
    let whole_bytes = usize::try_from(sent.record_bytes).ok();
    if whole_bytes == Some(sent.record.len()) {
        use sha2::{Digest, Sha256};
        if hex::encode(Sha256::digest(sent.record.as_bytes())) != sent.record_sha256 {
            return Err(ArchiveFault::new(
                ErrorCode::ArchiveResultDisagrees,
                FaultDetail::of("sent_digest").with("record", i + 1),
            ));
        }
    } else if whole_bytes.is_none_or(|b| b < sent.record.len()) {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("sent_size").with("record", i + 1),
        ));
    }
    Ok(())
}

/// The `i`th record sent (from 0), set aside: legal if it was accepted.
fn check_set_aside(
    i: usize,
    sent: &ArchiveSubmission,
    variant: Variant,
) -> Result<(), ArchiveFault> {
    // Still a record the rules accepted, when it says so.
    let legal = crate::rules::parse_record(&sent.record).is_ok_and(|r| {
        matches!(
            crate::rules::Verdict::of(Ok(&r.with_default_variant(variant))),
            crate::rules::Verdict::Accepted(_)
        )
    });
    if sent.verdict != VerdictKind::Invalid && !legal {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveRecordIllegal,
            FaultDetail::of("set_aside_does_not_verify").with("record", i + 1),
        ));
    }
    Ok(())
}

/// A record verified again, or the fault naming why not.
fn reverified(
    record: &str,
    variant: Variant,
    first: &str,
    second: &str,
) -> Result<Reverified, ArchiveFault> {
    reverify(record, variant, first, second).map_err(|refusal| {
        let (reason, ply) = refusal.reason();
        ArchiveFault::new(
            ErrorCode::ArchiveRecordIllegal,
            match ply {
                Some(ply) => FaultDetail::of("illegal_at")
                    .with("reason", reason)
                    .with("ply", ply),
                None => FaultDetail::of("illegal").with("reason", reason),
            },
        )
    })
}

/// The game's stated result, ending, length and final position agree with its record; a
/// decided or corrected result keeps its record, which must still be legal and end where the
/// game says.
fn agrees(game: &super::format::ArchiveGame, record: &Reverified) -> Result<(), ArchiveFault> {
    let disagrees = |what: &'static str| {
        Err(ArchiveFault::new(
            ErrorCode::ArchiveResultDisagrees,
            FaultDetail::of(what),
        ))
    };
    if game
        .plies
        .is_some_and(|p| i64::from(p) != i64::from(record.plies))
    {
        return disagrees("stated_plies");
    }
    if game
        .final_position
        .as_deref()
        .is_some_and(|p| p != record.final_position)
    {
        return disagrees("stated_position");
    }
    // Only a final game stands on a record.
    if game.status != GameStatus::Final {
        return disagrees("stated_status");
    }
    // An adjudication's record is the moves played: not over, or over with the result the
    // arbiter gave.
    if game.termination == Some(Termination::Adjudication) {
        return match record.result {
            Some(r) if Some(r) != game.result => disagrees("stated_result"),
            _ => Ok(()),
        };
    }
    // A corrected result keeps the record, which gives the result it was corrected from.
    if let Some(before) = game.corrected_from {
        if record.result.is_some() && record.result != Some(before) && record.result != game.result
        {
            return disagrees("stated_result_before");
        }
        return Ok(());
    }
    if game.result != record.result {
        return disagrees("stated_result");
    }
    if game.termination != record.termination {
        return disagrees("stated_ending");
    }
    Ok(())
}

/// A text the archive gives for a page: within `max` characters, on one line.
fn check_text(field: &str, text: &str, max: usize) -> Result<(), ArchiveFault> {
    check_lines(field, text, max)?;
    if text.contains('\n') {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("line_break").with("field", field),
        ));
    }
    Ok(())
}

/// A text the archive gives, lines allowed (a log line's detail).
fn check_lines(field: &str, text: &str, max: usize) -> Result<(), ArchiveFault> {
    if text.chars().count() > max || text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(ArchiveFault::new(
            ErrorCode::ArchiveMalformed,
            FaultDetail::of("too_long").with("field", field),
        ));
    }
    Ok(())
}
