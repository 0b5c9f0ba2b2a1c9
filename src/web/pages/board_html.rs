//! A position drawn as the board pages draw it: the four rows of holes, each with its stones,
//! the move marked and its path, for the game, live and practice pages.

use crate::rules::{Hole, Position, Side};
use crate::service::board::{self};
use crate::service::games::{self};

/// One hole as drawn.
pub struct Cell {
    pub name: String,
    pub count: u8,
    /// The hole of a move being pointed at (the failing move of a refused record, say).
    pub marked: bool,
    /// A link that plays this hole (board entry only).
    pub link: Option<String>,
    /// A button of the board's form that plays this hole (the practice board).
    pub button: bool,
    pub south: bool,
    pub inner: bool,
    /// What the last ply did here: played from it, sowed into it, relayed from it, dropped
    /// its last stone here, or emptied it by a capture.
    pub played: bool,
    pub sown: bool,
    pub relay: bool,
    pub last: bool,
    pub captured: bool,
}

/// Stones drawn in a hole at most (more are counted, not drawn).
const DRAWN_STONES: u8 = 12;

impl Cell {
    /// The stones drawn in the hole.
    #[must_use]
    pub(crate) fn drawn(&self) -> u8 {
        self.count.min(DRAWN_STONES)
    }

    /// The hole's rank (`4` of `a4`), for the board's edge.
    #[must_use]
    pub(crate) fn rank(&self) -> &str {
        self.name.get(1..).unwrap_or_default()
    }

    /// Whether the last ply touched the hole at all.
    #[must_use]
    pub(crate) fn touched(&self) -> bool {
        self.played || self.sown || self.relay || self.last || self.captured
    }
}

/// A board as drawn: rank 4 at the top.
pub struct BoardHtml {
    pub rows: Vec<Vec<Cell>>,
    pub to_move: Side,
    pub south: u32,
    pub north: u32,
    /// The players' names, beside their rows (a game's board).
    pub south_name: Option<String>,
    pub north_name: Option<String>,
    /// The holes the last ply sowed, in order (`a1 b1 …`), for the animation.
    pub path: String,
    /// What a marked hole is, said to a screen reader: the ply in question, or the engine's
    /// last move on the practice board.
    pub marked_label: &'static str,
    /// The game is over on this board: nobody is to move.
    pub over: bool,
}

impl BoardHtml {
    pub(super) fn new(position: &Position, link: impl Fn(Hole) -> Option<String>) -> BoardHtml {
        BoardHtml {
            rows: board::rows(position)
                .into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|(hole, count)| Cell {
                            name: hole.to_string(),
                            count,
                            marked: false,
                            link: link(hole),
                            button: false,
                            south: hole.side() == Side::South,
                            inner: hole.is_inner(),
                            played: false,
                            sown: false,
                            relay: false,
                            last: false,
                            captured: false,
                        })
                        .collect()
                })
                .collect(),
            to_move: position.to_move,
            south: position.board.stones(Side::South),
            north: position.board.stones(Side::North),
            south_name: None,
            north_name: None,
            path: String::new(),
            marked_label: "board-marked",
            over: false,
        }
    }

    /// Marks the hole a move was played from (a board of the round's live page).
    pub(super) fn mark_hole(&mut self, name: &str) {
        for cell in self.rows.iter_mut().flatten() {
            cell.played = cell.name == name;
        }
    }

    /// A board whose `playable` holes are buttons of the form around it.
    pub(super) fn with_buttons(position: &Position, playable: &[Hole]) -> BoardHtml {
        let mut board = BoardHtml::new(position, |_| None);
        let names: Vec<String> = playable.iter().map(ToString::to_string).collect();
        for cell in board.rows.iter_mut().flatten() {
            cell.button = names.contains(&cell.name);
        }
        board
    }

    /// Marks what a ply did: the hole played, the path of its laps, the relays, where its
    /// last stone fell and the holes it captured.
    pub(super) fn show_ply(&mut self, marks: &games::PlyMarks) {
        let named = |hole: &Option<crate::rules::Hole>| hole.map(|h| h.to_string());
        let played = named(&marks.played);
        let last = named(&marks.last);
        let path: Vec<String> = marks.path.iter().map(ToString::to_string).collect();
        let relays: Vec<String> = marks.relays.iter().map(ToString::to_string).collect();
        let captured: Vec<String> = marks.captured.iter().map(ToString::to_string).collect();
        for cell in self.rows.iter_mut().flatten() {
            cell.played = played.as_deref() == Some(cell.name.as_str());
            cell.last = last.as_deref() == Some(cell.name.as_str());
            cell.sown = path.contains(&cell.name);
            cell.relay = relays.contains(&cell.name);
            cell.captured = captured.contains(&cell.name);
        }
        self.path = path.join(" ");
    }

    /// Marks the hole a move starts from (`c3`, `c3+`, `R:…` marks nothing), said to a screen
    /// reader as `label` (a message key).
    pub(super) fn mark_as(&mut self, mv: &str, label: &'static str) {
        self.marked_label = label;
        self.mark(mv);
    }

    /// Marks the hole a move starts from (`c3`, `c3+`, `R:…` marks nothing).
    pub(super) fn mark(&mut self, mv: &str) {
        let hole: String = mv.chars().take_while(char::is_ascii_alphanumeric).collect();
        for cell in self.rows.iter_mut().flatten() {
            if cell.name == hole {
                cell.marked = true;
            }
        }
    }

    #[must_use]
    pub(crate) fn to_move_is_south(&self) -> bool {
        self.to_move == Side::South
    }
}
