//! A demonstration event played out with random legal games: for trying the application, for
//! training arbiters, and as the fixture of the load benchmark.

use super::accounts::User;
use super::events::{self, Event, EventRef, SettingsInput};
use super::games::{self, Actor, SubmitError};
use super::players::{self, PlayerInput};
use super::rounds;
use super::{App, ServiceError};
use crate::domain::ErrorCode;
use crate::rules::playout::random_game;
use crate::rules::{Game, Record, Side, Variant};

const GIVEN_NAMES: [&str; 16] = [
    "Ana", "Bento", "Carla", "Domingos", "Eva", "Fausto", "Graça", "Helena", "Isabel", "João",
    "Kiluanji", "Luzia", "Mário", "Nzinga", "Osvaldo", "Paula",
];
const FAMILY_NAMES: [&str; 16] = [
    "Kiala",
    "Lunda",
    "Muxima",
    "Neto",
    "Quissama",
    "Ribeiro",
    "Soba",
    "Tchissola",
    "Ukuma",
    "Vunge",
    "Xavier",
    "Zua",
    "Bungo",
    "Cassule",
    "Dembo",
    "Ngola",
];

/// What to create.
#[derive(Clone, Debug)]
pub struct DemoSpec {
    pub name: String,
    pub players: usize,
    /// The rounds of the Swiss.
    pub rounds: usize,
    /// The first rounds paired and played (at most `rounds`).
    pub played: usize,
    /// The round after those played is paired and published, and left for the players to play
    /// (a round-end rush to rehearse).
    pub open_round: bool,
    pub seed: u64,
}

/// A finished random game from the start of `variant`, as a record with its tags and result:
/// the first seed from `seed` on (in steps of 1,000, at most 1,000 tries) whose random game
/// ends within 3,000 plies. For demonstration events and tests.
#[must_use]
pub fn random_finished_record(variant: Variant, first: Side, seed: u64) -> Option<Record> {
    let mut seed = seed;
    for _ in 0..1000 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let playout = random_game(Game::start(variant, first), 3000, |n| rng.usize(..n));
        if let Some((result, _)) = playout.end.result() {
            let tags = vec![
                ("Variant".to_string(), variant.as_str().to_string()),
                ("First".to_string(), first.letter().to_string()),
                ("Result".to_string(), result.as_str().to_string()),
            ];
            return Record::from_parts(tags, playout.moves, Some(result)).ok();
        }
        seed = seed.wrapping_add(1000);
    }
    None
}

/// Creates a Swiss event owned by `owner`, registers the players and plays the first `played`
/// rounds, every result entered by the organiser (so final at once).
pub fn create_demo_event(app: &App, owner: &User, spec: &DemoSpec) -> Result<Event, ServiceError> {
    let settings = SettingsInput {
        name: spec.name.clone(),
        location: Some("Luanda".into()),
        format: Some("swiss".into()),
        rounds: Some(i64::try_from(spec.rounds).unwrap_or(i64::MAX)),
        ..SettingsInput::default()
    };
    let event = events::create_event(app, owner, &settings)?;
    let access = events::access(app, EventRef::Id(event.id), Some(owner))?;
    let mut rng = fastrand::Rng::with_seed(spec.seed);
    for i in 0..spec.players {
        let name = format!(
            "{} {} {}",
            GIVEN_NAMES[rng.usize(..GIVEN_NAMES.len())],
            FAMILY_NAMES[rng.usize(..FAMILY_NAMES.len())],
            i + 1
        );
        players::add_player(
            app,
            &access,
            &PlayerInput {
                name,
                rating: Some(rng.i64(1200..2400)),
                ..PlayerInput::default()
            },
        )?;
    }
    let role = access.role().ok_or(ServiceError::Forbidden)?;
    let actor = Actor::Staff {
        user_id: owner.id,
        role,
    };
    if spec.played + usize::from(spec.open_round) > spec.rounds {
        return Err(ServiceError::invalid("rounds", ErrorCode::RoundsInvalid));
    }
    for _ in 0..spec.played {
        let access = events::access(app, EventRef::Id(event.id), Some(owner))?;
        let round = rounds::pair_and_publish(app, &access)?;
        for board in round.boards.iter().filter(|b| b.second.is_some()) {
            let record = random_finished_record(event.variant, Side::South, rng.u64(..))
                .ok_or_else(|| ServiceError::Internal("no finished random game".into()))?
                .to_string();
            match games::submit_record(app, board.game_id, &actor, &record) {
                Ok(_) => {}
                Err(SubmitError::Service(e)) => return Err(e),
                Err(SubmitError::Refused(r)) => {
                    return Err(ServiceError::Internal(format!(
                        "a random record was refused: {}",
                        r.code
                    )));
                }
            }
        }
    }
    if spec.open_round {
        let access = events::access(app, EventRef::Id(event.id), Some(owner))?;
        rounds::pair_and_publish(app, &access)?;
    }
    events::access(app, EventRef::Id(event.id), Some(owner)).map(|a| a.event)
}
