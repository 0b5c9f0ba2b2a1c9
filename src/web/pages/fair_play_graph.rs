//! A player's moves in one screened game as the evidence page draws them (SVG, no script):
//! a bar per move for its cost, the engine's own moves marked, the moves left out of the count
//! faint, and the time taken on each move entered live as a line over them.

use crate::engine::screening::COST_CAP;
use crate::service::fair_play::PlyEvidence;

use super::super::context::Chrome;
use super::review_graph::escape;

const STEP: f64 = 8.0;
const BAR: f64 = 6.0;
const HEIGHT: f64 = 80.0;

/// The graph of `plies` (the player's, in order), built from numbers only and a translated
/// label (escaped), safe to embed.
pub(crate) fn cost_graph(c: &Chrome, plies: &[PlyEvidence]) -> String {
    let width = (plies.len() as f64 * STEP).max(STEP);
    let label = escape(&c.t("fair-play-graph"));
    let mut svg = format!(
        "<svg class=\"cost-graph\" viewBox=\"0 0 {width} {HEIGHT}\" preserveAspectRatio=\"none\" \
         role=\"img\" aria-label=\"{label}\" xmlns=\"http://www.w3.org/2000/svg\"><title>{label}</title>"
    );
    for (i, ply) in plies.iter().enumerate() {
        let x = i as f64 * STEP + 1.0;
        let share = (ply.cost / COST_CAP).clamp(0.0, 1.0);
        // A move that cost nothing still shows, so every move has its place; the engine's own
        // move (which costs nothing) stands a little taller, to be seen.
        let least = if ply.matched && ply.left_out.is_none() {
            10.0
        } else {
            2.0
        };
        let height = (share * (HEIGHT - 4.0)).max(least);
        let class = if ply.left_out.is_some() {
            "left-out"
        } else if ply.matched {
            "matched"
        } else {
            "cost"
        };
        svg.push_str(&format!(
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{BAR}\" height=\"{height:.1}\" class=\"{class}\"/>",
            HEIGHT - height
        ));
    }
    let timed: Vec<(usize, f64)> = plies
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.seconds.map(|s| (i, s)))
        .collect();
    let longest = timed.iter().map(|(_, s)| *s).fold(0.0, f64::max);
    if timed.len() > 1 && longest > 0.0 {
        let points: Vec<String> = timed
            .iter()
            .map(|(i, s)| {
                format!(
                    "{:.1},{:.1}",
                    *i as f64 * STEP + 1.0 + BAR / 2.0,
                    HEIGHT - 2.0 - s / longest * (HEIGHT - 6.0)
                )
            })
            .collect();
        svg.push_str(&format!(
            "<polyline points=\"{}\" class=\"time\"/>",
            points.join(" ")
        ));
    }
    svg.push_str("</svg>");
    svg
}
