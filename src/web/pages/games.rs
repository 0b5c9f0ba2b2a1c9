//! Game pages: the record, result and a replay at any ply; submitting a record (pasted or
//! entered on the board), confirming, disputing and deciding. Players reach their games
//! signed in, or through their personal link (`/p/{secret}`), which needs no account.

use crate::domain::ErrorCode;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{html, redirect_with_flash};
use crate::domain::{AuditAction, Game, GameId, GameState, GameStatus, Player, SubmissionId};
use crate::rules::{Hole, Position, Side, VerdictJson};
use crate::service::access::Access;
use crate::service::board::{self, Claim};
use crate::service::events::Event;
use crate::service::games::{self, Actor, GameView, SubmitError};
use crate::service::{App, ServiceError, players};
use crate::web::context::Empty;
use crate::web::context::{Chrome, CsrfForm, CsrfUpload, FlashLevel, SignedIn};
use crate::web::errors::WebError;
use crate::web::event_context::{ArbiterPage, EventPage, GameActor, GamePlayer};
use crate::web::page_cache::PageKey;
use crate::web::paths;
use crate::web::personal::{PersonalGame, PersonalLink};
use crate::web::words;

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
    fn new(position: &Position, link: impl Fn(Hole) -> Option<String>) -> BoardHtml {
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

#[derive(Template)]
#[template(path = "games/show.html")]
struct GamePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    game: GameView,
    /// The result (final, or waiting for confirmation) in words.
    outcome: Option<String>,
    pending_outcome: Option<String>,
    replay: Option<ReplayHtml>,
    /// The engine's review under the final record's replay.
    review: Option<super::review_graph::ReviewHtml>,
    /// The game is final with a record whose review is not computed yet.
    review_pending: bool,
    base: String,
    /// The game's stream, while it is to be played or in play: the page follows it.
    live_stream: Option<String>,
    /// The moves the adjudication form offers: as typed (a refused request), or those
    /// entered while the game was played.
    adjudication_moves: String,
    can_submit: bool,
    can_confirm: bool,
    can_dispute: bool,
    is_arbiter: bool,
    problem: Problem,
    desk: Option<Desk>,
}

impl GamePage<'_> {
    /// The results staff can decide or correct this game to, each said with the players'
    /// names (`Ana wins, Bento did not come`), so that a forfeit is never recorded the wrong
    /// way round: (value, words).
    fn result_choices(&self) -> Vec<(&'static str, String)> {
        let name = |p: &Option<crate::service::games::GamePlayer>| {
            p.as_ref().map(|p| p.name.clone()).unwrap_or_default()
        };
        let (first, second) = (name(&self.game.first), name(&self.game.second));
        let c = self.c;
        let wins = |winner: &str| c.t1("decision-wins", "winner", winner);
        let forfeit = |winner: &str, absent: &str| {
            c.t2("decision-forfeit-win", "winner", winner, "absent", absent)
        };
        vec![
            ("1-0", format!("1-0 · {}", wins(&first))),
            ("0-1", format!("0-1 · {}", wins(&second))),
            ("1/2-1/2", format!("½-½ · {}", c.t("decision-draw"))),
            ("+-", format!("+- · {}", forfeit(&first, &second))),
            ("-+", format!("-+ · {}", forfeit(&second, &first))),
            ("--", format!("-- · {}", c.t("decision-double-forfeit"))),
        ]
    }

    /// The board page with these moves already entered.
    fn board_link(&self, moves: &[String]) -> String {
        moves_link(&self.base, moves)
    }
}

/// The replay shown: the game's record, the record waiting for confirmation, or (for staff)
/// one submission's.
struct ReplayHtml {
    board: BoardHtml,
    ply: usize,
    plies: usize,
    /// Every ply's move, for the list beside the board.
    moves: Vec<String>,
    last_move: Option<String>,
    captured: u32,
    /// What the links keep besides the ply (`submission=7&`), already URL-safe.
    query: String,
    /// Whose record it is, when it is not the game's final record.
    source: Option<String>,
}

/// The arbiter's desk on a game: every submission, where the two latest part, the dispute's
/// reason and the game's log.
struct Desk {
    submissions: Vec<SubmittedHtml>,
    difference: Option<games::FirstDifference>,
    difference_board: Option<BoardHtml>,
    /// The names of the senders of the two records compared.
    difference_names: [String; 2],
    dispute_reason: Option<String>,
    log: Vec<crate::service::event_log::Shown>,
    /// The engine's latest adjudication proposal.
    proposal: Option<super::adjudication::ProposalHtml>,
}

/// A submission as the desk lists it.
struct SubmittedHtml {
    s: games::SubmissionView,
    outcome: Option<String>,
    /// Why it was refused, in words (a verifier's reason or a refusal's code).
    refusal: Option<String>,
    at: String,
    acceptable: bool,
}

#[derive(Deserialize)]
pub struct PlyQuery {
    #[serde(default)]
    ply: Option<usize>,
    /// Staff: replay this submission's record.
    #[serde(default)]
    submission: Option<SubmissionId>,
}

#[derive(Default)]
pub(super) struct Problem {
    error: Option<String>,
    verdict: Option<VerdictJson>,
    /// What in the record contradicts the pairing.
    mismatch: Option<crate::domain::Mismatch>,
    /// The verifier's fault, said in the page's language.
    explanation: Option<crate::rules::explain::Explanation>,
    record_text: String,
    /// The board at the failing ply of a refused record, its move marked.
    board: Option<BoardHtml>,
    /// The refused record's moves before the failing one, to take it up on the board page.
    fix_moves: Option<Vec<String>>,
    /// After a correction: later boards that would now pair differently.
    later_rounds: Vec<games::LaterRound>,
    /// The moves an arbiter sent for an adjudication, kept in its box.
    pub(super) adjudication_text: String,
}

fn no_problem() -> Problem {
    Problem::default()
}

impl Problem {
    /// A refused record: the message, the verifier's detail, and the board before the failing
    /// move with the move's hole marked.
    pub(super) fn refused(refusal: games::Refusal, text: String) -> Problem {
        let (board, fix_moves) = match &refusal.verdict {
            Some(VerdictJson::Invalid {
                position_before: Some(before),
                ply,
                r#move,
                ..
            }) => {
                let marked = r#move.as_deref().unwrap_or("").to_ascii_lowercase();
                let board = board::position_of(before).map(|p| {
                    let mut html = BoardHtml::new(&p, |_| None);
                    html.mark(&marked);
                    html
                });
                let kept = ply.and_then(|p| board::moves_before(&text, p as usize));
                (board, kept)
            }
            _ => (None, None),
        };
        Problem {
            error: Some(super::error_key(refusal.code)),
            verdict: refusal.verdict,
            mismatch: refusal.mismatch,
            explanation: refusal.explanation,
            record_text: text,
            board,
            fix_moves,
            later_rounds: Vec::new(),
            adjudication_text: String::new(),
        }
    }

    /// A refused staff action (a decision on a final game, say), shown on the form.
    pub(super) fn action(error: &ServiceError) -> Problem {
        Problem {
            error: Some(super::error_key(error.code())),
            ..Problem::default()
        }
    }
}

/// The game page, sent with `status` (a form sent back with what is wrong in it, say).
pub(super) async fn render(
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    query: ReplayChoice,
    problem: Problem,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let text = render_text(app, chrome, at, query, problem).await?.text;
    Ok(super::super::errors::rendered(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(text),
    ))
}

/// Which replay a game page shows, and at which ply.
#[derive(Clone, Copy, Default)]
pub(super) struct ReplayChoice {
    ply: Option<usize>,
    submission: Option<SubmissionId>,
}

impl From<&PlyQuery> for ReplayChoice {
    fn from(q: &PlyQuery) -> ReplayChoice {
        ReplayChoice {
            ply: q.ply,
            submission: q.submission,
        }
    }
}

/// A replay's plies, whichever record it is of.
#[derive(Clone, Copy)]
struct ReplayOf<'a> {
    positions: &'a [String],
    moves: &'a [String],
    captured: &'a [u32],
    marks: &'a [games::PlyMarks],
}

impl<'a> ReplayOf<'a> {
    fn of(replay: &'a games::Replay) -> ReplayOf<'a> {
        ReplayOf {
            positions: &replay.positions,
            moves: &replay.moves,
            captured: &replay.captured,
            marks: &replay.marks,
        }
    }
}

/// Who sits on which side of a game's board: (South, North), from who moved first.
fn sides(view: &GameView) -> (Option<String>, Option<String>) {
    let name = |p: &Option<games::GamePlayer>| p.as_ref().map(|p| p.name.clone());
    if view.first_side == "N" {
        (name(&view.second), name(&view.first))
    } else {
        (name(&view.first), name(&view.second))
    }
}

fn replay_html(
    replay: ReplayOf<'_>,
    ply: Option<usize>,
    query: String,
    source: Option<String>,
    sides: (Option<String>, Option<String>),
) -> Option<ReplayHtml> {
    let ReplayOf {
        positions,
        moves,
        captured,
        marks,
    } = replay;
    let plies = positions.len().checked_sub(1)?;
    let ply = ply.unwrap_or(plies).min(plies);
    let position = board::position_of(positions.get(ply)?)?;
    let mut board = BoardHtml::new(&position, |_| None);
    if let Some(m) = ply.checked_sub(1).and_then(|i| marks.get(i)) {
        board.show_ply(m);
    }
    (board.south_name, board.north_name) = sides;
    Some(ReplayHtml {
        board,
        ply,
        plies,
        moves: moves.to_vec(),
        last_move: ply.checked_sub(1).and_then(|i| moves.get(i).cloned()),
        captured: ply
            .checked_sub(1)
            .and_then(|i| captured.get(i).copied())
            .unwrap_or(0),
        query,
        source,
    })
}

pub(super) fn names(view: &GameView) -> (String, String) {
    let name =
        |p: &Option<games::GamePlayer>| p.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    (name(&view.first), name(&view.second))
}

fn desk(chrome: &Chrome, view: &GameView, staff: StaffView) -> Desk {
    let StaffView {
        submissions: shown,
        log,
        proposal,
    } = staff;
    let (first, second) = names(view);
    let open = view.status != GameState::Final;
    let named = |id: SubmissionId| {
        shown
            .submissions
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    let difference_names = shown
        .first_difference
        .as_ref()
        .map_or([String::new(), String::new()], |d| {
            [named(d.submissions[0]), named(d.submissions[1])]
        });
    let difference_board = shown.first_difference.as_ref().and_then(|d| {
        let position = board::position_of(&d.position_before)?;
        let mut html = BoardHtml::new(&position, |_| None);
        for m in d.moves.iter().flatten() {
            html.mark(&m.to_ascii_lowercase());
        }
        Some(html)
    });
    let dispute_reason = log
        .iter()
        .rev()
        .find(|e| e.action == AuditAction::DisputeReason)
        .filter(|_| view.status == GameState::Disputed)
        .and_then(|e| e.detail.text().map(str::to_string));
    let submissions = shown
        .submissions
        .into_iter()
        .map(|s| SubmittedHtml {
            refusal: s.reason.as_deref().map(|code| {
                let reason = format!("reason-{code}");
                if chrome.lang.has(&reason) {
                    chrome.t(&reason)
                } else {
                    chrome.t(&format!("error-{code}"))
                }
            }),
            outcome: s
                .result
                .map(|r| words::outcome(chrome.lang, r, s.termination, s.plies, &first, &second)),
            at: chrome.time(&s.submitted_at.naive_utc()),
            acceptable: open && s.replay.is_some() && s.result.is_some() && s.status.is_open(),
            s,
        })
        .collect();
    Desk {
        submissions,
        difference: shown.first_difference,
        difference_board,
        difference_names,
        dispute_reason,
        log,
        proposal: proposal.map(|p| super::adjudication::proposal_html(chrome, view, &p)),
    }
}

/// What staff see of a game beyond its page: the records sent, its log, the engine's latest
/// adjudication proposal.
struct StaffView {
    submissions: games::GameSubmissions,
    log: Vec<crate::service::event_log::Shown>,
    proposal: Option<games::Proposal>,
}

/// A game page rendered, and the last ply of the replay it shows (0 without one): a `ply`
/// past it shows what it shows.
struct RenderedGame {
    text: String,
    plies: u64,
    /// The game is to be played or in play: its page changes with every move, without the
    /// event changing.
    live: bool,
}

/// The game page's HTML.
async fn render_text(
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    choice: ReplayChoice,
    problem: Problem,
) -> Result<RenderedGame, WebError> {
    let reviews_on = app.config.review_nodes > 0;
    let GameAt { access, place, .. } = &at;
    // Staff acting as staff: a staff member who plays in this game acts as a player here.
    let staff = matches!(place.actor, Some(Actor::Staff { .. }));
    let (view, staff_view) = load_view(app, &at, staff).await?;
    let (first, second) = names(&view);
    let chosen = staff_view.as_ref().and_then(|staff| {
        let id = choice.submission?;
        staff.submissions.submissions.iter().find(|s| s.id == id)
    });
    let replay = replay_shown(chrome, &view, chosen, choice);
    let (outcome, pending_outcome) = outcomes(chrome, &view, &first, &second);
    let is_player = matches!(place.actor, Some(Actor::Player { .. }));
    let my_id = match place.actor {
        Some(Actor::Player { player_id, .. }) => Some(player_id),
        _ => None,
    };
    let open = view.status != GameState::Final && view.second.is_some();
    let pending_from_other = view
        .pending
        .as_ref()
        .is_some_and(|p| p.player_id.is_some() && p.player_id != my_id);
    let final_record = chosen.is_none() && view.status == GameState::Final && view.record.is_some();
    let desk = staff_view.map(|staff| desk(chrome, &view, staff));
    let review = view.review.as_ref().filter(|_| final_record).and_then(|r| {
        super::review_graph::review_html(
            chrome,
            r,
            replay.as_ref().map_or(0, |x| x.ply),
            &place.base,
        )
    });
    let review_pending = final_record && view.review.is_none() && reviews_on;
    let plies = replay.as_ref().map_or(0, |r| r.plies as u64);
    let live = matches!(view.status, GameState::Scheduled | GameState::InPlay);
    let text = GamePage {
        review,
        review_pending,
        c: chrome,
        event: &access.event,
        can_submit: open && (is_player || staff),
        live_stream: (live && view.second.is_some()).then(|| format!("{}/stream", place.base)),
        adjudication_moves: if problem.adjudication_text.is_empty()
            && view.status == GameState::InPlay
        {
            numbered_moves(&view.moves)
        } else {
            problem.adjudication_text.clone()
        },
        can_confirm: view.status == GameState::Pending
            && (pending_from_other && is_player || staff && view.pending.is_some()),
        can_dispute: view.status == GameState::Pending && is_player,
        is_arbiter: staff,
        outcome,
        pending_outcome,
        game: view,
        replay,
        base: place.base.clone(),
        problem,
        desk,
    }
    .render()?;
    Ok(RenderedGame { text, plies, live })
}

/// Moves as a record's movetext writes them: `1. j2 a3 2. b1`.
fn numbered_moves(moves: &[String]) -> String {
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The game as its viewer may see it, and for staff what only staff see, read off the async
/// workers.
async fn load_view(
    app: web::Data<App>,
    at: &GameAt,
    staff: bool,
) -> Result<(GameView, Option<StaffView>), WebError> {
    let service = app.into_inner();
    let viewer = if at.place.actor.is_some() {
        games::Viewer::Party
    } else {
        games::Viewer::Public
    };
    let access = at.access.clone();
    let game_id = at.game_id;
    Ok(crate::web::run(move || {
        let view = games::view(&service, &access, game_id, viewer)?;
        let staff_view = if staff {
            Some(StaffView {
                submissions: games::submissions(&service, &access, game_id)?,
                log: crate::service::event_log::game_log(&service, &access, game_id)?,
                proposal: games::latest_proposal(&service, &access, game_id)?,
            })
        } else {
            None
        };
        Ok::<_, ServiceError>((view, staff_view))
    })
    .await?)
}

/// The replay the page shows: a submission staff chose, else the final record, else the
/// record waiting for confirmation.
fn replay_shown(
    chrome: &Chrome,
    view: &GameView,
    chosen: Option<&games::SubmissionView>,
    choice: ReplayChoice,
) -> Option<ReplayHtml> {
    let seats = sides(view);
    if let Some(s) = chosen {
        s.replay.as_ref().and_then(|r| {
            replay_html(
                ReplayOf::of(r),
                choice.ply,
                format!("submission={}&", s.id),
                Some(chrome.t1("game-replay-of-submission", "name", &s.name)),
                seats,
            )
        })
    } else if view.record.is_some() || view.status == GameState::InPlay {
        // The final record, or a game in play: its moves so far (as far as the viewer may see
        // them), the last one shown, as a broadcast shows a board.
        let live = view.record.is_none();
        replay_html(
            ReplayOf {
                positions: &view.positions,
                moves: &view.moves,
                captured: &view.captured,
                marks: &view.marks,
            },
            choice.ply,
            String::new(),
            live.then(|| chrome.t("game-replay-live")),
            seats,
        )
        .map(|mut r| {
            // The record's last position of a game that ended: nobody is to move.
            r.board.over = r.ply == r.plies && view.termination.is_some();
            r
        })
    } else {
        view.pending_replay.as_ref().and_then(|r| {
            replay_html(
                ReplayOf::of(r),
                choice.ply,
                String::new(),
                Some(chrome.t("game-replay-of-pending")),
                seats,
            )
        })
    }
}

/// The final result and the result waiting for confirmation, in words.
fn outcomes(
    chrome: &Chrome,
    view: &GameView,
    first: &str,
    second: &str,
) -> (Option<String>, Option<String>) {
    let outcome = view
        .result
        .filter(|_| view.status == GameState::Final)
        .map(|r| {
            // A corrected result did not come about the way the record ended.
            let (termination, plies) = match view.correction {
                Some(_) => (None, None),
                None => (view.termination, view.plies),
            };
            words::outcome(chrome.lang, r, termination, plies, first, second)
        });
    let pending_outcome = view.pending.as_ref().and_then(|p| {
        let r = p.result?;
        Some(words::outcome(
            chrome.lang,
            r,
            p.termination,
            p.plies,
            first,
            second,
        ))
    });
    (outcome, pending_outcome)
}

/// Where a game's party acts: the game's page on the event's site.
fn party_place(party: &GameActor) -> Place {
    Place {
        base: paths::game(&party.access.event.slug, party.game.id),
        actor: Some(party.actor.clone()),
    }
}

/// A game's party as the submitting functions take it: the page frame and the game.
fn party_parts(party: GameActor) -> (Chrome, GameAt) {
    let place = party_place(&party);
    let at = GameAt {
        access: party.access,
        game_id: party.game.id,
        place,
    };
    (party.chrome, at)
}

pub(super) fn session_place(access: &Access, game: &Game, players: &[Player]) -> Place {
    Place {
        base: paths::game(&access.event.slug, game.id),
        actor: games::actor_for(access, game, players),
    }
}

pub(super) async fn load_game(
    app: &web::Data<App>,
    game_id: GameId,
    user: Option<crate::service::accounts::User>,
) -> Result<(Access, Game, Vec<Player>), WebError> {
    let app = app.clone().into_inner();
    Ok(crate::web::run(move || games::access_for_game(&app, game_id, user.as_ref())).await?)
}

pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    path: web::Path<(String, GameId)>,
    query: web::Query<PlyQuery>,
) -> Result<HttpResponse, WebError> {
    // A ply at or past the replay's end shows the end, as the page without one does.
    let named = |bound: Option<u64>| {
        let ply = query.ply.map(|p| p as u64);
        match ply {
            Some(ply) if bound.is_none_or(|end| ply < end) => PageKey::of(&req).with("ply", ply),
            _ => PageKey::of(&req),
        }
    };
    let bound = super::bound(&req, &page, &PageKey::of(&req));
    if let Some(r) = super::not_modified(&req, &mut page, named(bound)).await {
        return Ok(r);
    }
    let (_, game_id) = path.into_inner();
    let (access, game, players) = load_game(&app, game_id, page.chrome.user.clone()).await?;
    if access.event.id != page.access.event.id {
        return Err(WebError::Service(ServiceError::NotFound));
    }
    let place = session_place(&access, &game, &players);
    let RenderedGame { text, plies, live } = render_text(
        app,
        &page.chrome,
        GameAt {
            access,
            game_id,
            place,
        },
        ReplayChoice::from(&*query),
        no_problem(),
    )
    .await?;
    super::learn_bound(&req, &page, &PageKey::of(&req), plies);
    page.key = named(Some(plies));
    // A game to be played or in play, and a final game whose review is still being computed,
    // change without the event changing: that page is not kept for other visitors, and the
    // next view shows the moves or the review.
    if live || text.contains(REVIEW_PENDING_MARK) {
        return Ok(super::unshared_text(&req, &page, text));
    }
    Ok(super::cached_text(&req, &page, text))
}

/// What the game page carries while the engine's review of its record is computed.
const REVIEW_PENDING_MARK: &str = "id=\"review-pending\"";

#[derive(Deserialize)]
pub struct RecordForm {
    #[serde(default)]
    record: String,
}

async fn submit(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    text: String,
) -> Result<HttpResponse, WebError> {
    let GameAt {
        access,
        game_id,
        place,
    } = at;
    let actor = place
        .actor
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let service = app.clone().into_inner();
    let submitted = text.clone();
    let result = crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(games::submit_record(
            &service, game_id, &actor, &submitted,
        ))
    })
    .await?;
    match result {
        Ok(outcome) => {
            let key = match outcome.status {
                GameStatus::Final => "flash-result-final",
                GameStatus::Disputed => "flash-result-disputed",
                GameStatus::Pending | GameStatus::Scheduled => "flash-result-pending",
            };
            redirect_with_flash(req, &place.base, FlashLevel::Success, key)
        }
        Err(SubmitError::Refused(refusal)) => {
            let problem = Problem::refused(*refusal, text);
            render(
                app,
                chrome,
                GameAt {
                    access,
                    game_id,
                    place,
                },
                ReplayChoice::default(),
                problem,
                crate::web::errors::refused_input(),
            )
            .await
        }
        Err(SubmitError::Service(e)) => Err(e.into()),
    }
}

pub(crate) async fn submit_record(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (chrome, at) = party_parts(party);
    submit(&req, app, &chrome, at, form.record).await
}

/// `POST /events/{slug}/games/{id}/upload`: the record as a file, without JavaScript.
pub(crate) async fn upload_record(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let text = upload.text()?;
    let (chrome, at) = party_parts(party);
    submit(&req, app, &chrome, at, text).await
}

async fn confirm_as(
    req: &HttpRequest,
    app: web::Data<App>,
    game_id: GameId,
    place: Place,
) -> Result<HttpResponse, WebError> {
    let actor = place
        .actor
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let service = app.into_inner();
    crate::web::run(move || games::confirm(&service, game_id, &actor)).await?;
    redirect_with_flash(req, &place.base, FlashLevel::Success, "flash-result-final")
}

pub(crate) async fn confirm(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let place = party_place(&party);
    confirm_as(&req, app, party.game.id, place).await
}

#[derive(Deserialize)]
pub struct DisputeForm {
    #[serde(default)]
    reason: String,
}

async fn dispute_as(
    req: &HttpRequest,
    app: web::Data<App>,
    game_id: GameId,
    place: Place,
    reason: String,
) -> Result<HttpResponse, WebError> {
    let actor = place
        .actor
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let service = app.into_inner();
    crate::web::run(move || games::dispute(&service, game_id, &actor, &reason)).await?;
    redirect_with_flash(
        req,
        &place.base,
        FlashLevel::Success,
        "flash-result-disputed",
    )
}

pub(crate) async fn dispute(
    req: HttpRequest,
    app: web::Data<App>,
    GamePlayer(party): GamePlayer,
    form: CsrfForm<DisputeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = party_place(&party);
    dispute_as(&req, app, party.game.id, place, form.reason).await
}

#[derive(Deserialize)]
pub struct DecisionForm {
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

/// A refusal the staff can act on (a decision on a final game, a missing reason), shown on the
/// game's page at the form rather than as an error page.
pub(super) fn shown_at_form(error: &ServiceError) -> bool {
    matches!(
        error,
        ServiceError::Conflict(_)
            | ServiceError::Invalid(_)
            | ServiceError::NotAllowed(_)
            | ServiceError::Stale
    )
}

/// Runs a staff action on a game; a refusal the staff can act on (a decision on a final game,
/// a missing reason) is shown on the game's page, at the form, with the error's status.
pub(super) async fn staff_action<T: Send + 'static>(
    req: &HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    game_id: GameId,
    flash: &'static str,
    action: impl FnOnce(&App, &Access) -> Result<T, ServiceError> + Send + 'static,
) -> Result<(HttpResponse, Option<T>), WebError> {
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let done =
        crate::web::run(move || Ok::<_, crate::service::ServiceError>(action(&service, &access)))
            .await?;
    match done {
        Ok(value) => Ok((
            redirect_with_flash(
                req,
                &paths::game(&page.access.event.slug, game_id),
                FlashLevel::Success,
                flash,
            )?,
            Some(value),
        )),
        Err(e) if shown_at_form(&e) => {
            let (access, game, players) =
                load_game(&app, game_id, page.chrome.user.clone()).await?;
            let place = session_place(&access, &game, &players);
            let status = crate::web::errors::service_status(&e);
            let shown = render(
                app,
                &page.chrome,
                GameAt {
                    access,
                    game_id,
                    place,
                },
                ReplayChoice::default(),
                Problem::action(&e),
                status,
            )
            .await?;
            Ok((shown, None))
        }
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn decide(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let replay = form.result.trim() == "replay";
    let flash = if replay {
        "flash-replay-ordered"
    } else {
        "flash-result-final"
    };
    let (shown, _) = staff_action(&req, app, page, game_id, flash, move |app, access| {
        if replay {
            games::order_replay(app, access, game_id, &form.reason)
        } else {
            games::decided_result(&form.result)
                .and_then(|decided| games::decide(app, access, game_id, decided, &form.reason))
        }
    })
    .await?;
    Ok(shown)
}

pub(crate) async fn correct(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let chrome = page.chrome.clone();
    let app_again = app.clone();
    let (shown, corrected) = staff_action(
        &req,
        app,
        page,
        game_id,
        "flash-result-corrected",
        move |app, access| games::correct(app, access, game_id, &form.result, &form.reason),
    )
    .await?;
    // Later rounds paired on the old result: the arbiter is shown which boards would now pair
    // differently, with the ways to act on it (withdraw and re-pair a round, or leave it).
    match corrected {
        Some(c) if !c.later_rounds.is_empty() => {
            let (access, game, players) =
                load_game(&app_again, game_id, chrome.user.clone()).await?;
            let place = session_place(&access, &game, &players);
            render(
                app_again,
                &chrome,
                GameAt {
                    access,
                    game_id,
                    place,
                },
                ReplayChoice::default(),
                Problem {
                    later_rounds: c.later_rounds,
                    ..Problem::default()
                },
                StatusCode::OK,
            )
            .await
        }
        _ => Ok(shown),
    }
}

#[derive(Deserialize)]
pub struct AcceptForm {
    submission: SubmissionId,
    #[serde(default)]
    reason: String,
}

pub(crate) async fn accept(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<AcceptForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let (shown, _) = staff_action(
        &req,
        app,
        page,
        game_id,
        "flash-result-final",
        move |app, access| {
            games::accept_submission(app, access, game_id, form.submission, &form.reason)
        },
    )
    .await?;
    Ok(shown)
}

#[derive(Template)]
#[template(path = "games/board.html")]
struct BoardPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    game: GameView,
    board: BoardHtml,
    base: String,
    moves: String,
    undo: String,
    error: Option<String>,
    over: Option<String>,
    may_rearrange: bool,
    plies: usize,
    first_name: String,
    second_name: String,
}

#[derive(Deserialize)]
pub struct BoardQuery {
    #[serde(default)]
    moves: String,
    #[serde(default)]
    play: String,
}

fn split_moves(text: &str) -> Vec<String> {
    text.split_whitespace()
        .take(2000)
        .map(str::to_string)
        .collect()
}

fn moves_link(base: &str, moves: &[String]) -> String {
    format!(
        "{base}/board?moves={}",
        super::super::errors::urlencode(&moves.join(" "))
    )
}

async fn board_page(
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    query: BoardQuery,
) -> Result<HttpResponse, WebError> {
    let GameAt {
        access,
        game_id,
        place,
    } = at;
    if place.actor.is_none() {
        return Err(WebError::Service(ServiceError::Forbidden));
    }
    let service = app.into_inner();
    let access_for_block = access.clone();
    let game = crate::web::run(move || {
        games::view(&service, &access_for_block, game_id, games::Viewer::Party)
    })
    .await?;
    if game.status == GameState::Final || game.second.is_none() {
        return Err(WebError::Service(ServiceError::Conflict(
            ErrorCode::GameFinal,
        )));
    }
    let mut moves = split_moves(&query.moves);
    if !query.play.trim().is_empty() {
        moves.push(query.play.trim().to_string());
    }
    // The player who moves first sits South on the board page.
    let state = board::explore(access.event.variant, Side::South, &moves);
    let base = place.base.clone();
    let played = state.moves.clone();
    let link = |hole: Hole| {
        state.legal.contains(&hole).then(|| {
            let mut next = played.clone();
            next.push(hole.to_string());
            moves_link(&base, &next)
        })
    };
    let board = BoardHtml::new(&state.position, link);
    let undo = moves_link(&base, &played[..played.len().saturating_sub(1)]);
    let over = state.over.map(|(result, termination)| {
        let how = chrome.t(&format!("termination-{}", termination.as_str()));
        format!("{result} ({how})")
    });
    let first_name = game
        .first
        .as_ref()
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let second_name = game
        .second
        .as_ref()
        .map(|p| p.name.clone())
        .unwrap_or_default();
    html(&BoardPage {
        c: chrome,
        event: &access.event,
        game,
        board,
        base: place.base,
        moves: played.join(" "),
        undo,
        error: state.error,
        over,
        may_rearrange: state.may_rearrange,
        plies: played.len(),
        first_name,
        second_name,
    })
}

pub(crate) async fn board(
    app: web::Data<App>,
    party: GameActor,
    query: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let (chrome, at) = party_parts(party);
    board_page(app, &chrome, at, query.into_inner()).await
}

#[derive(Deserialize)]
pub struct BoardSubmitForm {
    #[serde(default)]
    moves: String,
    /// `""` (the game is over on the board), `resign-S`, `resign-N`, `time-S`, `time-N`,
    /// `draw`.
    #[serde(default)]
    claim: String,
}

fn claim(text: &str) -> Result<Option<Claim>, WebError> {
    Ok(match text.trim() {
        "" => None,
        "resign-S" => Some(Claim::Resigned(Side::South)),
        "resign-N" => Some(Claim::Resigned(Side::North)),
        "time-S" => Some(Claim::LostOnTime(Side::South)),
        "time-N" => Some(Claim::LostOnTime(Side::North)),
        "draw" => Some(Claim::Draw),
        _ => return Err(WebError::BadRequest),
    })
}

async fn submit_board(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    form: BoardSubmitForm,
) -> Result<HttpResponse, WebError> {
    let GameAt {
        access,
        game_id,
        place,
    } = at;
    let claim = claim(&form.claim)?;
    let moves = split_moves(&form.moves);
    let Some(text) = board::record_of(access.event.variant, Side::South, &moves, claim) else {
        return Err(WebError::Service(ServiceError::invalid(
            "record",
            ErrorCode::RecordUnfinished,
        )));
    };
    let at = GameAt {
        access,
        game_id,
        place,
    };
    submit(req, app, chrome, at, text).await
}

pub(crate) async fn board_submit(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: CsrfForm<BoardSubmitForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (chrome, at) = party_parts(party);
    submit_board(&req, app, &chrome, at, form).await
}

// The personal link: /p/{secret}.

#[derive(Template)]
#[template(path = "games/personal.html")]
struct PersonalPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    player: crate::service::players::Player,
    /// The entry's event, games and what to do next.
    mine: crate::service::my_games::MyEvent,
    /// Where its games open: `/p/{secret}/games/`.
    games_base: String,
    secret: String,
    /// The entry is bound to the signed-in account.
    bound_to_you: bool,
}

/// `POST /p/{secret}/claim`: "this is me", by a signed-in holder of the personal link.
pub(crate) async fn personal_claim(
    req: HttpRequest,
    app: web::Data<App>,
    signed_in: SignedIn,
    path: web::Path<String>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let secret = path.into_inner();
    let user = signed_in.user.clone();
    let service = app.into_inner();
    let back = paths::personal(&secret);
    crate::web::run(move || players::claim(&service, &secret, &user)).await?;
    redirect_with_flash(&req, &back, FlashLevel::Success, "flash-player-claimed")
}

pub(crate) async fn personal(
    req: HttpRequest,
    app: web::Data<App>,
    link: PersonalLink,
) -> Result<HttpResponse, WebError> {
    let PersonalLink {
        chrome: c,
        access,
        player,
        secret,
    } = link;
    let service = app.into_inner();
    let entry = player.clone();
    let mine =
        crate::web::run(move || crate::service::my_games::of_entry(&service, &entry)).await?;
    let bound_to_you = c
        .user
        .as_ref()
        .is_some_and(|u| player.user_id == Some(u.id));
    let link_secret = secret.clone();
    let mut response = html(&PersonalPage {
        c: &c,
        event: &access.event,
        player: crate::service::players::Player::from_row(&player, false),
        games_base: format!("{}/games/", paths::personal(&secret)),
        mine,
        secret,
        bound_to_you,
    })?;
    super::venue::remember_link(&req, &mut response, &link_secret);
    Ok(response)
}

/// Where a personal link's game lives, and its player acting.
fn link_place(game: &PersonalGame) -> Place {
    Place {
        base: game.base.clone(),
        actor: Some(game.actor.clone()),
    }
}

pub(crate) async fn personal_show(
    app: web::Data<App>,
    game: PersonalGame,
    query: web::Query<PlyQuery>,
) -> Result<HttpResponse, WebError> {
    let place = link_place(&game);
    render(
        app,
        &game.chrome,
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        ReplayChoice::from(&*query),
        no_problem(),
        StatusCode::OK,
    )
    .await
}

pub(crate) async fn personal_record(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = link_place(&game);
    submit(
        &req,
        app,
        &game.chrome,
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        form.record,
    )
    .await
}

/// `POST /p/{secret}/games/{id}/upload`: the record as a file.
pub(crate) async fn personal_upload(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let text = upload.text()?;
    let place = link_place(&game);
    submit(
        &req,
        app,
        &game.chrome,
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        text,
    )
    .await
}

pub(crate) async fn personal_confirm(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let place = link_place(&game);
    confirm_as(&req, app, game.game_id, place).await
}

pub(crate) async fn personal_dispute(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: CsrfForm<DisputeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = link_place(&game);
    dispute_as(&req, app, game.game_id, place, form.reason).await
}

pub(crate) async fn personal_board(
    app: web::Data<App>,
    game: PersonalGame,
    query: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let place = link_place(&game);
    board_page(
        app,
        &game.chrome,
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        query.into_inner(),
    )
    .await
}

pub(crate) async fn personal_board_submit(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: CsrfForm<BoardSubmitForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = link_place(&game);
    submit_board(
        &req,
        app,
        &game.chrome,
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        form,
    )
    .await
}
