//! Games in play over HTTP: the answer to a move as JSON, and the live streams
//! (`text/event-stream`) that screens follow games and rounds with.
//!
//! A stream opens with one `state` event per game (where it stands), then sends an event per
//! line of the live feed (`move`, `takeback`, `result`) and a comment every 15 seconds when
//! nothing else was sent, so that proxies keep it open. A stream that falls too far behind is
//! closed; the browser's `EventSource` reconnects and starts again from the state. Streams are
//! bounded per server and per client address (`live_streams_max`,
//! `live_streams_per_address`): beyond them a screen is answered 503 with `Retry-After`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::{Value, json};
use tokio::sync::broadcast::{self, error::RecvError};

use crate::domain::{ErrorCode, FeedKind};
use crate::rules::Position;
use crate::service::games::{LiveBoard, LiveState};
use crate::service::live_feed::Line;
use crate::service::{App, ServiceError};
use crate::web::errors::WebError;

/// How long a stream stays silent before it sends a comment.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// What a browser waits before reconnecting a dropped stream (milliseconds).
const RECONNECT_MS: u32 = 2000;

/// The streams this server holds open, in all and per client address.
#[derive(Debug, Default)]
pub(crate) struct Streams {
    open: AtomicUsize,
    per_address: Mutex<HashMap<String, usize>>,
}

/// An open stream's place among [`Streams`]; given back when the stream ends.
#[derive(Debug)]
pub(crate) struct Admitted {
    streams: Arc<Streams>,
    address: String,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.streams.open.fetch_sub(1, Ordering::Relaxed);
        let mut per = self
            .streams
            .per_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = per.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.address);
            }
        }
    }
}

impl Streams {
    /// A place for one more stream from `address`, or 503 when the server holds `max` or the
    /// address `per_address`.
    pub(crate) fn admit(
        self: &Arc<Streams>,
        limits: (usize, usize),
        address: String,
    ) -> Result<Admitted, ServiceError> {
        let (max, per_address) = limits;
        let full = || ServiceError::Busy {
            retry_after_secs: 10,
        };
        let mut per = self
            .per_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mine = per.get(&address).copied().unwrap_or(0);
        if mine >= per_address {
            return Err(full());
        }
        if self.open.fetch_add(1, Ordering::Relaxed) >= max {
            self.open.fetch_sub(1, Ordering::Relaxed);
            return Err(full());
        }
        per.insert(address.clone(), mine + 1);
        Ok(Admitted {
            streams: Arc::clone(self),
            address,
        })
    }
}

/// Admits a stream for the request's client, or says why not.
pub(crate) fn admit(req: &HttpRequest, app: &App) -> Result<Admitted, ServiceError> {
    let streams = req
        .app_data::<web::Data<Streams>>()
        .ok_or_else(|| ServiceError::Internal("no stream counts".into()))?
        .clone()
        .into_inner();
    let address = super::context::client_ip(req);
    let limits = (
        app.config.live_streams_max as usize,
        app.config.live_streams_per_address as usize,
    );
    streams.admit(limits, address)
}

/// The side to move, as records write it.
fn side_letter(position: &Position) -> String {
    position.to_move.letter().to_string()
}

/// A game in play as the answer to a move, and the `state` event of its stream.
#[must_use]
pub(crate) fn state_json(state: &LiveState) -> Value {
    json!({
        "game_id": state.game_id,
        "ply": state.ply,
        "to_move": side_letter(&state.position),
        "position": state.position.to_string(),
        "legal": state.legal.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "may_rearrange": state.may_rearrange,
        "moves": state.moves,
        "last_move": state.moves.last(),
        "over": state.over.map(|(result, termination)| json!({
            "result": result.as_str(),
            "termination": termination.as_str(),
        })),
        "status": state.status,
    })
}

/// A board of a round, as its `state` event.
#[must_use]
pub(crate) fn board_json(board: &LiveBoard) -> Value {
    json!({
        "game_id": board.game_id,
        "board": board.board,
        "game_no": board.game_no,
        "first": board.first,
        "second": board.second,
        "ply": board.ply,
        "last_move": board.last_move,
        "to_move": side_letter(&board.position),
        "position": board.position.to_string(),
        "status": board.status,
        "result": board.result,
    })
}

/// A line of the feed as its event.
fn line_event(line: &Line) -> String {
    let to_move = line
        .position
        .as_deref()
        .and_then(|p| p.rsplit(' ').next())
        .map(str::to_string);
    let data = match line.kind {
        FeedKind::Move => json!({
            "game_id": line.game_id,
            "ply": line.ply,
            "move": line.move_text,
            "position": line.position,
            "to_move": to_move,
        }),
        FeedKind::TakeBack => json!({
            "game_id": line.game_id,
            "ply": line.ply,
            "position": line.position,
            "to_move": to_move,
        }),
        FeedKind::Result => json!({
            "game_id": line.game_id,
            "ply": line.ply,
            "status": line.status,
            "result": line.result,
        }),
    };
    format!("event: {}\nid: {}\ndata: {data}\n\n", line.kind, line.id)
}

/// The opening of a stream: how long to wait before reconnecting, and one `state` event per
/// game.
#[must_use]
pub(crate) fn opening(states: &[Value]) -> String {
    let mut out = format!("retry: {RECONNECT_MS}\n\n");
    for state in states {
        out.push_str(&format!("event: state\ndata: {state}\n\n"));
    }
    out
}

/// What a stream holds while it is open.
struct Open {
    first: Option<String>,
    lines: broadcast::Receiver<Arc<Line>>,
    _admitted: Admitted,
}

/// The `text/event-stream` answer: `first`, then the lines as they come. `cors`: a public
/// stream, which a page of another site may follow (never with credentials).
pub(crate) fn event_stream(
    first: String,
    lines: broadcast::Receiver<Arc<Line>>,
    admitted: Admitted,
    cors: bool,
) -> HttpResponse {
    let open = Open {
        first: Some(first),
        lines,
        _admitted: admitted,
    };
    let body = futures_util::stream::unfold(open, |mut open| async move {
        if let Some(first) = open.first.take() {
            return Some((Ok::<_, actix_web::Error>(Bytes::from(first)), open));
        }
        let chunk = match tokio::time::timeout(HEARTBEAT, open.lines.recv()).await {
            Err(_) => ": heartbeat\n\n".to_string(),
            Ok(Ok(line)) => {
                // Whatever else is already waiting goes in the same write.
                let mut out = line_event(&line);
                while let Ok(more) = open.lines.try_recv() {
                    out.push_str(&line_event(&more));
                }
                out
            }
            // Fallen behind, or the server is stopping: the screen reconnects.
            Ok(Err(RecvError::Lagged(_) | RecvError::Closed)) => return None,
        };
        Some((Ok(Bytes::from(chunk)), open))
    });
    let mut response = HttpResponse::Ok();
    response
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache, no-store"))
        // Sent as written: a compressing middleware or proxy must not hold events back.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"));
    if cors {
        response.insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"));
    }
    response.streaming(body)
}

/// A move's answer for a refusal that carries the game as it stands: the JSON fields beside
/// `code` and `message`.
#[must_use]
pub(crate) fn refusal_detail(state: &LiveState) -> Value {
    json!({
        "ply": state.ply,
        "game": state_json(state),
        "legal": state.legal.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}

/// A move's body that does not read: 422 `malformed` naming the field (or saying what is
/// wrong with the whole), as for a move that does not read.
#[must_use]
pub(crate) fn malformed_move(error: WebError) -> WebError {
    match error {
        WebError::Malformed { field, reason } => WebError::Service(ServiceError::Unusable {
            code: ErrorCode::Malformed,
            detail: field.unwrap_or(reason),
        }),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_counted_per_server_and_per_address_and_given_back() {
        let streams = Arc::new(Streams::default());
        let limits = (3, 2);
        let a1 = streams.admit(limits, "10.0.0.1".into()).unwrap();
        let a2 = streams.admit(limits, "10.0.0.1".into()).unwrap();
        assert!(
            streams.admit(limits, "10.0.0.1".into()).is_err(),
            "two per address"
        );
        let b1 = streams.admit(limits, "10.0.0.2".into()).unwrap();
        assert!(
            streams.admit(limits, "10.0.0.3".into()).is_err(),
            "three in all"
        );
        drop(a1);
        let a3 = streams.admit(limits, "10.0.0.1".into()).unwrap();
        drop((a2, a3, b1));
        assert_eq!(streams.open.load(Ordering::Relaxed), 0);
        assert!(streams.per_address.lock().unwrap().is_empty());
    }
}
