//! "Why this pairing": a Swiss round explained board by board, in the reader's language.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::points_text as points;
use crate::service::App;
use crate::service::events::Event;
use crate::service::round_plan::{self, RoundExplanation};
use crate::tournament::dutch::explain::{
    BoardWhy, Bye, ByeWhy, Change, FirstMove, Preference, Standard, Strength,
};
use crate::web::context::Chrome;
use crate::web::errors::WebError;
use crate::web::event_context::EventPage;
use crate::web::i18n::Lang;
use crate::web::page_cache::PageKey;

/// One board as sentences.
struct BoardLines {
    board: i32,
    first: String,
    second: String,
    lines: Vec<String>,
}

#[derive(Template)]
#[template(path = "rounds/why.html")]
struct WhyPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    number: i32,
    accelerated: bool,
    boards: Vec<BoardLines>,
    bye: Option<Vec<String>>,
}

struct Sentences<'a> {
    lang: Lang,
    explanation: &'a RoundExplanation,
}

impl Sentences<'_> {
    fn name(&self, index: usize) -> String {
        self.explanation
            .players
            .get(index)
            .map_or_else(String::new, |p| format!("{} ({})", p.name, p.number))
    }

    fn say(&self, key: &str, args: &[(&'static str, String)]) -> String {
        self.lang.t_args(key, args)
    }

    fn preference(&self, preference: Option<Preference>) -> String {
        let Some(p) = preference else {
            return self.lang.t("pref-none");
        };
        let side = if p.first { "first" } else { "second" };
        let strength = match p.strength {
            Strength::Absolute => "absolute",
            Strength::Strong => "strong",
            Strength::Mild => "mild",
        };
        self.lang.t(&format!("pref-{side}-{strength}"))
    }

    fn board(&self, i: usize) -> Option<BoardLines> {
        let b = self.explanation.why.boards.get(i)?;
        let (first, second) = (self.name(b.first), self.name(b.second));
        let mut lines = Vec::new();
        if b.by_hand {
            lines.push(self.lang.t("why-board-by-hand"));
        }
        match b.floater {
            Some(f) => {
                let other = if f == b.first { b.second } else { b.first };
                let (high, low) = if f == b.first {
                    (b.scores[0], b.scores[1])
                } else {
                    (b.scores[1], b.scores[0])
                };
                lines.push(self.say(
                    "why-floater",
                    &[
                        ("player", self.name(f)),
                        ("other", self.name(other)),
                        ("high", points(high)),
                        ("low", points(low)),
                    ],
                ));
            }
            None => lines.push(self.say("why-same-group", &[("score", points(b.scores[0]))])),
        }
        for (k, &player) in [b.first, b.second].iter().enumerate() {
            if b.virtual_points[k] > 0 {
                lines.push(self.say(
                    "why-virtual",
                    &[
                        ("player", self.name(player)),
                        ("points", points(b.virtual_points[k])),
                    ],
                ));
            }
        }
        lines.extend(self.standard(b));
        lines.extend(self.already_met(b));
        lines.push(self.say(
            "why-preferences",
            &[
                ("first", first.clone()),
                ("first_pref", self.preference(b.preferences[0])),
                ("second", second.clone()),
                ("second_pref", self.preference(b.preferences[1])),
            ],
        ));
        let (key, chooser) = match b.first_move {
            FirstMove::FirstRound => ("why-fm-first-round", None),
            FirstMove::BothSatisfied => ("why-fm-both", None),
            FirstMove::OnlyOne { player } => ("why-fm-only", Some(player)),
            FirstMove::Stronger { player } => ("why-fm-stronger", Some(player)),
            FirstMove::History { player } => ("why-fm-history", Some(player)),
            FirstMove::Ranking { player } => ("why-fm-ranking", Some(player)),
            FirstMove::NoPreference => ("why-fm-none", None),
            FirstMove::ByHand => ("why-fm-by-hand", None),
        };
        let mut args = vec![("player", first.clone())];
        if let Some(c) = chooser {
            args.push(("chooser", self.name(c)));
        }
        lines.push(self.say(key, &args));
        Some(BoardLines {
            board: self.explanation.board_numbers.get(i).copied().unwrap_or(0),
            first,
            second,
            lines,
        })
    }

    /// Whether the board keeps the standard first move of its higher-ranked player, and if not
    /// why.
    fn standard(&self, b: &BoardWhy) -> Option<String> {
        match b.standard {
            Standard::Kept => Some(self.lang.t("why-standard-kept")),
            Standard::Changed { expected, why } => {
                let higher = if b.scores[0] > b.scores[1]
                    || (b.scores[0] == b.scores[1] && b.first < b.second)
                {
                    b.first
                } else {
                    b.second
                };
                let key = match why {
                    Change::Rematch => "why-standard-rematch",
                    Change::FirstMoveClash => "why-standard-clash",
                    Change::Quality => "why-standard-quality",
                };
                Some(self.say(
                    key,
                    &[
                        ("player", self.name(higher)),
                        ("expected", self.name(expected)),
                    ],
                ))
            }
            Standard::NotApplicable => None,
        }
    }

    /// The opponents each player of the board has met already.
    fn already_met(&self, b: &BoardWhy) -> Vec<String> {
        let mut met = Vec::new();
        for (k, &player) in [b.first, b.second].iter().enumerate() {
            if !b.already_met[k].is_empty() {
                let names: Vec<String> = b.already_met[k].iter().map(|&q| self.name(q)).collect();
                met.push(self.say(
                    "why-already-met",
                    &[("player", self.name(player)), ("names", names.join(", "))],
                ));
            }
        }
        met
    }

    fn bye(&self, bye: &Bye) -> Vec<String> {
        let args = [
            ("player", self.name(bye.player)),
            ("score", points(bye.score)),
        ];
        let key = match bye.why {
            ByeWhy::LowestEligible => "why-bye-lowest",
            ByeWhy::Constrained => "why-bye-constrained",
            ByeWhy::ByHand => "why-bye-by-hand",
        };
        let mut lines = vec![self.say(key, &args)];
        if !bye.ineligible_below.is_empty() {
            let names: Vec<String> = bye.ineligible_below.iter().map(|&q| self.name(q)).collect();
            lines.push(self.say("why-bye-ineligible", &[("names", names.join(", "))]));
        }
        lines
    }
}

/// `GET /events/{slug}/rounds/{n}/why`.
pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let (_, number) = path.into_inner();
    let access = page.access.clone();
    let app = app.into_inner();
    let explanation = crate::web::run(move || round_plan::explain(&app, &access, number)).await?;
    let sentences = Sentences {
        lang: page.chrome.lang,
        explanation: &explanation,
    };
    let boards = (0..explanation.why.boards.len())
        .filter_map(|i| sentences.board(i))
        .collect();
    let bye = explanation.why.bye.as_ref().map(|b| sentences.bye(b));
    super::cached_html(
        &req,
        &page,
        &WhyPage {
            c: &page.chrome,
            event: &page.access.event,
            number,
            accelerated: explanation.accelerated,
            boards,
            bye,
        },
    )
}
