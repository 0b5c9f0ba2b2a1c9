//! A request body must arrive within a bounded time.
//!
//! A client that sends its headers and then trickles the body a byte at a time would otherwise
//! hold a connection (and whatever the handler holds while it waits) for as long as it likes;
//! a thousand of them are an attack that costs the attacker nothing. The body of every request
//! is given [`Config::body_timeout_secs`] from the moment the request starts; past that the
//! read fails, the request is answered 408 and its connection is closed.
//!
//! [`Config::body_timeout_secs`]: crate::config::Config::body_timeout_secs

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::ConnectionType;
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::rt::time::{Sleep, sleep};
use actix_web::web::{self, Bytes};
use futures_util::Stream;

use super::errors::ResponseCode;
use crate::domain::ErrorCode;
use crate::service::App;

/// The body of a request, failing once its time is up.
struct Deadline {
    inner: Payload,
    timer: Pin<Box<Sleep>>,
    /// Shared with the middleware, which then answers 408 and closes the connection.
    expired: Arc<AtomicBool>,
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.expired.load(Ordering::Relaxed) {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = Pin::new(&mut self.inner).poll_next(cx) {
            return Poll::Ready(item);
        }
        if self.timer.as_mut().poll(cx).is_ready() {
            self.expired.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the request body did not arrive in time",
            )))));
        }
        Poll::Pending
    }
}

/// The middleware: wraps every request's body in its deadline.
pub(crate) async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let secs = req
        .app_data::<web::Data<App>>()
        .map_or(20, |app| app.config.body_timeout_secs);
    let expired = Arc::new(AtomicBool::new(false));
    let stream = Deadline {
        inner: req.take_payload(),
        timer: Box::pin(sleep(Duration::from_secs(secs))),
        expired: Arc::clone(&expired),
    };
    let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(stream);
    req.set_payload(Payload::from(boxed));
    let mut res = next.call(req).await?;
    if expired.load(Ordering::Relaxed) {
        // Whatever the handler made of the cut-off body, the answer is "too slow", and the
        // rest of the body is not waited for.
        let head = res.response_mut().head_mut();
        head.status = StatusCode::REQUEST_TIMEOUT;
        head.set_connection_type(ConnectionType::Close);
        res.response_mut()
            .extensions_mut()
            .insert(ResponseCode(ErrorCode::BodyTimeout));
    }
    Ok(res)
}
