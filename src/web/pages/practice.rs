//! The practice board: a game against the engine, without an account and without JavaScript.
//! The game lives in the address (`/practice?variant=…&level=…&side=…&moves=…`); each move is
//! a form post that the engine answers, then the page is shown again at its new address.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::board_html::BoardHtml;
use super::{html, redirect};
use crate::domain::StoredResult;
use crate::rules::{GameResult, Hole, Side, Variant};
use crate::service::practice::{self, LEVELS, PracticeGame};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm, Page, client_ip};
use crate::web::errors::WebError;
use crate::web::words;

/// A game's fields, in the address or a form.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PracticeFields {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    level: String,
    #[serde(default)]
    side: String,
    #[serde(default)]
    moves: String,
}

impl PracticeFields {
    fn read(query: &str) -> PracticeFields {
        serde_urlencoded::from_str(query).unwrap_or_default()
    }

    fn game(&self) -> Result<PracticeGame, WebError> {
        PracticeGame::parse(&self.variant, &self.level, &self.side, &self.moves)
            .map_err(WebError::from)
    }
}

/// A game's address.
fn address(game: &PracticeGame, suffix: &str) -> String {
    let query = serde_urlencoded::to_string([
        ("variant", game.variant.as_str().to_string()),
        ("level", game.level.to_string()),
        ("side", game.human.letter().to_string()),
        ("moves", game.moves_text()),
    ])
    .unwrap_or_default();
    format!("/practice{suffix}?{query}")
}

/// The game as the page shows it.
struct Shown {
    game: PracticeGame,
    board: BoardHtml,
    /// The engine's last move.
    engine_move: Option<String>,
    /// How the game ended, in words.
    over: Option<String>,
    record_link: String,
    may_rearrange: bool,
}

#[derive(Template)]
#[template(path = "practice.html")]
struct PracticePage<'a> {
    c: &'a Chrome,
    shown: Option<Shown>,
    levels: usize,
    variants: &'static [Variant],
}

fn engine_name(c: &Chrome, level: u8) -> String {
    c.t1("practice-engine-name", "level", &level.to_string())
}

fn shown(c: &Chrome, game: PracticeGame) -> Shown {
    let playable: Vec<Hole> = if game.over().is_none() && game.game.to_move() == game.human {
        game.game.legal_moves()
    } else {
        Vec::new()
    };
    let mut board = BoardHtml::with_buttons(game.game.position(), &playable);
    let (you, engine) = (c.t("practice-you"), engine_name(c, game.level));
    let (south, north) = match game.human {
        Side::South => (you.clone(), engine.clone()),
        Side::North => (engine.clone(), you.clone()),
    };
    board.south_name = Some(south.clone());
    board.north_name = Some(north.clone());
    // The engine's last move: the last ply when the engine made it.
    let engine_move = game
        .moves
        .last()
        .filter(|_| game.moves.len() % 2 == usize::from(game.human == Side::North))
        .map(ToString::to_string);
    if let Some(mv) = &engine_move {
        board.mark_as(mv, "practice-engine-last");
    }
    // South moves first: the result's first player.
    let plies = i32::try_from(game.moves.len()).ok();
    let over = game.over().map(|(result, termination)| {
        let result = match result {
            GameResult::SouthWins => StoredResult::FirstWins,
            GameResult::NorthWins => StoredResult::SecondWins,
            GameResult::Draw | GameResult::Unfinished => StoredResult::Draw,
        };
        words::outcome(c.lang, result, Some(termination), plies, &south, &north)
    });
    Shown {
        record_link: address(&game, "/record.kgn"),
        may_rearrange: game.over().is_none()
            && game.game.to_move() == game.human
            && game.game.may_rearrange(game.human),
        board,
        engine_move,
        over,
        game,
    }
}

/// `GET /practice`: the start form, and the game of the address if it names one.
pub(crate) async fn show(req: HttpRequest, Page(c): Page) -> Result<HttpResponse, WebError> {
    let fields = PracticeFields::read(req.query_string());
    let shown = if fields.variant.is_empty() {
        None
    } else {
        Some(shown(&c, fields.game()?))
    };
    html(&PracticePage {
        c: &c,
        shown,
        levels: LEVELS.len(),
        variants: &Variant::ALL,
    })
}

#[derive(Deserialize)]
pub struct MoveForm {
    #[serde(flatten)]
    fields: PracticeFields,
    /// The visitor's move; empty when the engine is to move (a new game played second).
    #[serde(default)]
    play: String,
}

/// `POST /practice`: the visitor's move and the engine's answer, then the game's page.
pub(crate) async fn play(
    req: HttpRequest,
    app: web::Data<App>,
    form: CsrfForm<MoveForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let game = form.fields.game()?;
    let client = client_ip(&req);
    let app = app.into_inner();
    let played = crate::web::run(move || -> Result<PracticeGame, ServiceError> {
        let mv = Some(form.play.as_str());
        practice::play(&app, &client, game, mv)
    })
    .await?;
    Ok(redirect(&format!("{}#board", address(&played, ""))))
}

/// `GET /practice/record.kgn`: the game's record, to keep or to analyse.
pub(crate) async fn record(req: HttpRequest, Page(c): Page) -> Result<HttpResponse, WebError> {
    let game = PracticeFields::read(req.query_string()).game()?;
    let text = game.record(
        &c.t("practice-event"),
        &c.t("practice-you"),
        &engine_name(&c, game.level),
        chrono::Utc::now().with_timezone(&c.offset).date_naive(),
    );
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"kiela-practice.kgn\"",
        ))
        .body(text))
}
