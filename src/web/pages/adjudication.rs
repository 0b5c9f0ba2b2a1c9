//! Adjudication on the arbiter's desk: the form that asks the engine, the latest proposal in
//! words, and the forms that confirm or override it.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::games::{Problem, load_game, names, render, session_place, shown_at_form, staff_action};
use super::redirect_with_flash;
use crate::domain::{GameId, StoredResult};
use crate::engine::Score;
use crate::rules::{Side, Termination};
use crate::service::games::{self, GameView, Proposal, SubmitError};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::ArbiterPage;
use crate::web::{paths, words};

/// A proposal as the desk shows it.
pub(crate) struct ProposalHtml {
    pub id: crate::domain::AdjudicationId,
    /// Whether it is still for the game as it stands.
    pub current: bool,
    /// Where the game stands, in words: who is ahead, or who wins by force.
    pub standing: String,
    /// The search's figures and the engine's move.
    pub figures: String,
    /// The result proposed, in words; `None`: the arbiter decides.
    pub proposed: Option<String>,
    /// Why there is no proposal, in words.
    pub undecided: String,
}

pub(crate) fn proposal_html(c: &Chrome, view: &GameView, proposal: &Proposal) -> ProposalHtml {
    let (first, second) = names(view);
    let first_side = proposal.first;
    let name = |side: Side| {
        let who = if side == first_side { &first } else { &second };
        let board = if side == Side::South {
            c.t("board-south")
        } else {
            c.t("board-north")
        };
        format!("{who} ({board})")
    };
    let mover = proposal.assessment.to_move;
    let standing = match proposal.assessment.score {
        Score::Win(plies) => c.t_args(
            "adjudication-forced-win",
            &[("side", name(mover)), ("plies", plies.to_string())],
        ),
        Score::Loss(plies) => c.t_args(
            "adjudication-forced-win",
            &[
                ("side", name(mover.opponent())),
                ("plies", plies.to_string()),
            ],
        ),
        Score::Stones(0) => c.t("adjudication-level"),
        Score::Stones(s) => {
            let ahead = if s > 0 { mover } else { mover.opponent() };
            c.t_args(
                "adjudication-ahead",
                &[
                    ("side", name(ahead)),
                    ("stones", s.unsigned_abs().to_string()),
                ],
            )
        }
    };
    let figures = c.t_args(
        "adjudication-figures",
        &[
            ("plies", proposal.plies.to_string()),
            ("depth", proposal.assessment.depth.to_string()),
            ("nodes", proposal.assessment.nodes.to_string()),
            ("millis", proposal.millis.to_string()),
            (
                "best",
                proposal
                    .assessment
                    .best
                    .clone()
                    .unwrap_or_else(|| "—".into()),
            ),
        ],
    );
    ProposalHtml {
        id: proposal.id,
        current: proposal.current,
        standing,
        figures,
        proposed: proposal.proposed.map(|r| {
            format!(
                "{} — {}",
                r.as_str(),
                words::outcome(
                    c.lang,
                    r,
                    Some(Termination::Adjudication),
                    None,
                    &first,
                    &second
                )
            )
        }),
        undecided: c.t1(
            "adjudication-undecided",
            "margin",
            &proposal.rule.margin.to_string(),
        ),
    }
}

#[derive(Deserialize)]
pub struct AdjudicateForm {
    #[serde(default)]
    record: String,
}

/// The arbiter asks the engine for a proposal on the moves played.
pub(crate) async fn adjudicate(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<AdjudicateForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let text = form.record.clone();
    let done = crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(games::propose(&service, &access, game_id, &text))
    })
    .await?;
    let (mut problem, status) = match done {
        Ok(_) => {
            let to = paths::game(&page.access.event.slug, game_id);
            return redirect_with_flash(
                &req,
                &to,
                FlashLevel::Success,
                "flash-adjudication-proposed",
            );
        }
        Err(SubmitError::Refused(refusal)) => (
            Problem::refused(*refusal, String::new()),
            crate::web::errors::refused_input(),
        ),
        Err(SubmitError::Service(e)) if shown_at_form(&e) => {
            let status = crate::web::errors::service_status(&e);
            (Problem::action(&e), status)
        }
        Err(SubmitError::Service(e)) => return Err(e.into()),
    };
    let (access, game, players) = load_game(&app, game_id, page.chrome.user.clone()).await?;
    let place = session_place(&access, &game, &players);
    render(
        app,
        &page.chrome,
        super::games::GameAt {
            access,
            game_id,
            place,
        },
        super::games::ReplayChoice::default(),
        {
            problem.adjudication_text = form.record;
            problem
        },
        status,
    )
    .await
}

#[derive(Deserialize)]
pub struct SettleForm {
    /// Empty: the engine's proposal.
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

/// The arbiter confirms the proposal or decides another result.
pub(crate) async fn settle(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId, crate::domain::AdjudicationId)>,
    form: CsrfForm<SettleForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id, proposal) = path.into_inner();
    let (shown, _) = staff_action(
        &req,
        app,
        page,
        game_id,
        "flash-result-final",
        move |app, access| -> Result<StoredResult, ServiceError> {
            games::settle(app, access, game_id, proposal, &form.result, &form.reason)
        },
    )
    .await?;
    Ok(shown)
}
