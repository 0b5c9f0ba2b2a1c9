//! Game pages: the record, result and a replay at any ply; submitting a record (pasted or
//! entered on the board), confirming, disputing and deciding. Players reach their games
//! signed in, or through their personal link (`/p/{secret}`), which needs no account.
//!
//! `page` draws a game (its record, result, replay and the desk's tools), `actions` are the
//! forms on it, `board` enters a record move by move, `personal` is the same reached through a
//! player's personal link.

mod actions;
mod board;
mod page;
mod personal;

pub(crate) use actions::{accept, confirm, correct, decide, dispute, submit_record, upload_record};
pub(crate) use board::{board, board_submit};
pub(crate) use page::show;
pub(crate) use personal::{
    personal, personal_board, personal_board_submit, personal_claim, personal_confirm,
    personal_dispute, personal_record, personal_show, personal_upload,
};

use crate::domain::GameId;
use crate::service::access::Access;
use crate::service::games::Actor;

pub(in crate::web::pages) use actions::{shown_at_form, staff_action};
pub(in crate::web::pages) use page::{
    Problem, ReplayChoice, load_game, names, render, session_place,
};

/// Where a game's pages live, and who acts there.
#[derive(Clone)]
pub(super) struct Place {
    /// `/events/{slug}/games/{id}` or `/p/{secret}/games/{id}`.
    base: String,
    actor: Option<Actor>,
}

/// A game as one viewer reaches it: its event (with the viewer's role), its id, and where and
/// as whom the viewer acts.
pub(super) struct GameAt {
    pub(super) access: Access,
    pub(super) game_id: GameId,
    pub(super) place: Place,
}
