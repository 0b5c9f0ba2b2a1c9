//! The state an audit entry records before and after a change: a game's, a round's or an
//! entry's. The database keeps its code; the entry's action says whose state it is.

use serde::Serialize;

use super::kinds::{AuditAction, GameStatus, PlayerStatus, RoundState};

/// A state before or after a logged change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AuditState {
    Game(GameStatus),
    Round(RoundState),
    Player(PlayerStatus),
}

impl AuditState {
    /// The state's code, as stored.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            AuditState::Game(state) => state.as_str(),
            AuditState::Round(state) => state.as_str(),
            AuditState::Player(state) => state.as_str(),
        }
    }

    /// The state an entry of `action` recorded as `code`, if `code` is one of that kind's.
    #[must_use]
    pub fn read(action: AuditAction, code: &str) -> Option<AuditState> {
        match action {
            AuditAction::PlayerWithdrawn | AuditAction::RegistrationRejected => {
                PlayerStatus::from_code(code).map(AuditState::Player)
            }
            AuditAction::RoundPublished | AuditAction::RoundWithdrawn => {
                RoundState::from_code(code).map(AuditState::Round)
            }
            _ => GameStatus::from_code(code).map(AuditState::Game),
        }
    }
}

impl From<GameStatus> for AuditState {
    fn from(state: GameStatus) -> AuditState {
        AuditState::Game(state)
    }
}

impl From<RoundState> for AuditState {
    fn from(state: RoundState) -> AuditState {
        AuditState::Round(state)
    }
}

impl From<PlayerStatus> for AuditState {
    fn from(state: PlayerStatus) -> AuditState {
        AuditState::Player(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_read_back_as_the_action_says() {
        for (action, state) in [
            (
                AuditAction::PlayerWithdrawn,
                AuditState::Player(PlayerStatus::Withdrawn),
            ),
            (
                AuditAction::RoundPublished,
                AuditState::Round(RoundState::Published),
            ),
            (
                AuditAction::RecordFinal,
                AuditState::Game(GameStatus::Final),
            ),
        ] {
            assert_eq!(AuditState::read(action, state.as_str()), Some(state));
        }
        assert_eq!(AuditState::read(AuditAction::RoundPublished, "final"), None);
    }
}
