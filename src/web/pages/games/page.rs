//! The game page: the record, the result and a replay at any ply, and for the staff the
//! desk with the submissions, their differences and the tools to decide.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::GameAt;
use super::Place;
use super::board::moves_link;
use crate::domain::{AuditAction, Game, GameId, GameState, Player, SubmissionId};
use crate::rules::VerdictJson;
use crate::service::access::Access;
use crate::service::board::{self};
use crate::service::events::Event;
use crate::service::games::{self, Actor, GameView};
use crate::service::{App, ServiceError};
use crate::web::context::Chrome;
use crate::web::errors::WebError;
use crate::web::event_context::{EventPage, GameActor};
use crate::web::page_cache::PageKey;
use crate::web::pages::board_html::BoardHtml;
use crate::web::paths;
use crate::web::words;

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
    review: Option<crate::web::pages::review_graph::ReviewHtml>,
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
    proposal: Option<crate::web::pages::adjudication::ProposalHtml>,
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
pub(in crate::web::pages) struct Problem {
    pub(super) error: Option<String>,
    pub(super) verdict: Option<VerdictJson>,
    /// What in the record contradicts the pairing.
    pub(super) mismatch: Option<crate::domain::Mismatch>,
    /// The verifier's fault, said in the page's language.
    pub(super) explanation: Option<crate::rules::explain::Explanation>,
    pub(super) record_text: String,
    /// The board at the failing ply of a refused record, its move marked.
    pub(super) board: Option<BoardHtml>,
    /// The refused record's moves before the failing one, to take it up on the board page.
    pub(super) fix_moves: Option<Vec<String>>,
    /// After a correction: later boards that would now pair differently.
    pub(super) later_rounds: Vec<games::LaterRound>,
    /// The moves an arbiter sent for an adjudication, kept in its box.
    pub(in crate::web::pages) adjudication_text: String,
}

pub(super) fn no_problem() -> Problem {
    Problem::default()
}

impl Problem {
    /// A refused record: the message, the verifier's detail, and the board before the failing
    /// move with the move's hole marked.
    pub(in crate::web::pages) fn refused(refusal: games::Refusal, text: String) -> Problem {
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
            error: Some(crate::web::pages::error_key(refusal.code)),
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
    pub(in crate::web::pages) fn action(error: &ServiceError) -> Problem {
        Problem {
            error: Some(crate::web::pages::error_key(error.code())),
            ..Problem::default()
        }
    }
}

/// The game page, sent with `status` (a form sent back with what is wrong in it, say).
pub(in crate::web::pages) async fn render(
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    query: ReplayChoice,
    problem: Problem,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let text = render_text(app, chrome, at, query, problem).await?.text;
    Ok(crate::web::errors::rendered(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(text),
    ))
}

/// Which replay a game page shows, and at which ply.
#[derive(Clone, Copy, Default)]
pub(in crate::web::pages) struct ReplayChoice {
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

pub(in crate::web::pages) fn names(view: &GameView) -> (String, String) {
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
        proposal: proposal
            .map(|p| crate::web::pages::adjudication::proposal_html(chrome, view, &p)),
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
        crate::web::pages::review_graph::review_html(
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
pub(super) fn party_place(party: &GameActor) -> Place {
    Place {
        base: paths::game(&party.access.event.slug, party.game.id),
        actor: Some(party.actor.clone()),
    }
}

/// A game's party as the submitting functions take it: the page frame and the game.
pub(super) fn party_parts(party: GameActor) -> (Chrome, GameAt) {
    let place = party_place(&party);
    let at = GameAt {
        access: party.access,
        game_id: party.game.id,
        place,
    };
    (party.chrome, at)
}

pub(in crate::web::pages) fn session_place(
    access: &Access,
    game: &Game,
    players: &[Player],
) -> Place {
    Place {
        base: paths::game(&access.event.slug, game.id),
        actor: games::actor_for(access, game, players),
    }
}

pub(in crate::web::pages) async fn load_game(
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
    let bound = crate::web::pages::bound(&req, &page, &PageKey::of(&req));
    if let Some(r) = crate::web::pages::not_modified(&req, &mut page, named(bound)).await {
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
    crate::web::pages::learn_bound(&req, &page, &PageKey::of(&req), plies);
    page.key = named(Some(plies));
    // A game to be played or in play, and a final game whose review is still being computed,
    // change without the event changing: that page is not kept for other visitors, and the
    // next view shows the moves or the review.
    if live || text.contains(REVIEW_PENDING_MARK) {
        return Ok(crate::web::pages::unshared_text(&req, &page, text));
    }
    Ok(crate::web::pages::cached_text(&req, &page, text))
}

/// What the game page carries while the engine's review of its record is computed.
const REVIEW_PENDING_MARK: &str = "id=\"review-pending\"";
