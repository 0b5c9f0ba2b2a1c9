//! The engine's review of a game as the game page shows it: a score graph drawn on the server
//! (SVG, no script), the moves that lost the most, and the engine's move at the ply shown.

use crate::engine::Score;
use crate::engine::review::Review;

use super::super::context::Chrome;

/// Scores beyond this many stones are drawn at the edge (a proven win counts 100).
const SCALE_STONES: f64 = 30.0;
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 160.0;
/// How many of the costliest moves are marked.
const MARKED: usize = 3;
/// A move that lost fewer stones than this is not worth marking.
const MARK_FROM: f64 = 2.0;

/// One of the moves that lost the most.
pub(crate) struct CostlyMove {
    pub ply: usize,
    /// "12. e1 (engine: f1), 8 stones", in the reader's language.
    pub text: String,
}

pub(crate) struct ReviewHtml {
    /// The graph, built here from numbers and move names only (escaped), safe to embed.
    pub svg: String,
    pub costly: Vec<CostlyMove>,
    /// The engine's move in the position shown.
    pub hint: Option<String>,
}

/// The review's parts for the replay at `ply` (0 = the start position).
pub(crate) fn review_html(
    c: &Chrome,
    review: &Review,
    ply: usize,
    base: &str,
) -> Option<ReviewHtml> {
    if review.plies.is_empty() {
        return None;
    }
    let scores = review.south_scores();
    let mut ranked: Vec<&crate::engine::review::PlyReview> = review
        .plies
        .iter()
        .filter(|p| p.cost >= MARK_FROM)
        .collect();
    ranked.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.ply.cmp(&b.ply)));
    ranked.truncate(MARKED);
    ranked.sort_by_key(|p| p.ply);
    let costly = ranked
        .iter()
        .map(|p| {
            // A proven result counts 100 stones: a move that lets a forced win go, or walks
            // into a forced loss, is said so rather than as a count of stones.
            let key = match (p.before, p.after) {
                (Score::Win(_), after) if !matches!(after, Score::Win(_)) => {
                    "review-costly-win-lost"
                }
                (before, Score::Loss(_)) if !matches!(before, Score::Loss(_)) => {
                    "review-costly-loss-allowed"
                }
                _ => "review-costly-move",
            };
            CostlyMove {
                ply: p.ply,
                text: c.t_args(
                    key,
                    &[
                        ("ply", p.ply.to_string()),
                        ("move", p.played.clone()),
                        ("best", p.best.clone().unwrap_or_default()),
                        ("stones", format!("{:.0}", p.cost)),
                    ],
                ),
            }
        })
        .collect::<Vec<_>>();
    let hint = review
        .plies
        .get(ply)
        .and_then(|p| p.best.clone())
        .filter(|_| ply < review.plies.len());
    Some(ReviewHtml {
        svg: graph(
            c,
            &scores,
            &ranked.iter().map(|p| p.ply).collect::<Vec<_>>(),
            ply,
            base,
        ),
        costly,
        hint,
    })
}

fn x_of(index: usize, count: usize) -> f64 {
    if count <= 1 {
        return 0.0;
    }
    index as f64 * WIDTH / (count - 1) as f64
}

fn y_of(score: f64) -> f64 {
    let clamped = score.clamp(-SCALE_STONES, SCALE_STONES);
    HEIGHT / 2.0 - clamped * (HEIGHT / 2.0 - 4.0) / SCALE_STONES
}

fn graph(c: &Chrome, scores: &[f64], marked: &[usize], ply: usize, base: &str) -> String {
    let count = scores.len();
    let mut points = String::new();
    for (i, score) in scores.iter().enumerate() {
        if i > 0 {
            points.push(' ');
        }
        points.push_str(&format!("{:.1},{:.1}", x_of(i, count), y_of(*score)));
    }
    let label = escape(&c.t("review-graph"));
    let mut svg = format!(
        "<svg class=\"score-graph\" viewBox=\"-6 0 {w} {h}\" role=\"group\" aria-label=\"{label}\" \
         xmlns=\"http://www.w3.org/2000/svg\"><title>{label}</title>\
         <rect x=\"-6\" y=\"0\" width=\"{w}\" height=\"{half}\" class=\"south-ahead\"/>\
         <line x1=\"0\" y1=\"{half}\" x2=\"{wl}\" y2=\"{half}\" class=\"zero\"/>\
         <polyline points=\"{points}\" class=\"score\"/>",
        w = WIDTH + 12.0,
        h = HEIGHT,
        half = HEIGHT / 2.0,
        wl = WIDTH,
    );
    if ply < count {
        let x = x_of(ply, count);
        svg.push_str(&format!(
            "<line x1=\"{x:.1}\" y1=\"0\" x2=\"{x:.1}\" y2=\"{HEIGHT}\" class=\"now\"/>"
        ));
    }
    for &mark in marked {
        if let Some(score) = scores.get(mark) {
            let title = escape(&c.t1("game-ply", "ply", &mark.to_string()));
            svg.push_str(&format!(
                "<a href=\"{}?ply={mark}\"><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" class=\"costly\"><title>{title}</title></circle></a>",
                escape(base),
                x_of(mark, count),
                y_of(*score)
            ));
        }
    }
    svg.push_str("</svg>");
    svg
}

/// Text made safe for the SVG, as the templates escape it.
pub(super) fn escape(text: &str) -> String {
    askama::filters::escape(text, askama::filters::Html)
        .map(|t| t.to_string())
        .unwrap_or_default()
}
