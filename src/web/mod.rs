//! The web layer: thin actix handlers, typed extractors, one route table, the JSON API.

pub mod api;
pub(crate) mod api_http;
pub mod assets;
pub mod body_deadline;
pub mod context;
pub mod errors;
pub mod event_context;
pub(crate) mod format;
pub mod i18n;
pub(crate) mod live;
pub mod mail;
pub mod page_cache;
pub mod pages;
pub mod paths;
pub mod personal;
pub mod routes;
pub(crate) mod said;
pub(crate) mod words;

/// The first value of the query parameter `name`, at most `max_chars` characters (none, or a
/// query string that does not decode: empty).
/// Runs a use case on the blocking pool: its transaction may wait on the database and a
/// password hash on a core, and neither may hold up the async workers that answer everyone
/// else. The one way a handler calls the service. A call whose error the handler shows on its
/// form returns its result inside `Ok` (`run(move || Ok(service::f(…)))`).
pub(crate) async fn run<T, E>(call: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, E>
where
    T: Send + 'static,
    E: From<crate::service::ServiceError> + Send + 'static,
{
    match actix_web::web::block(call).await {
        Ok(result) => result,
        Err(gone) => Err(crate::service::ServiceError::Internal(format!(
            "the blocking pool refused the call: {gone}"
        ))
        .into()),
    }
}

pub(crate) fn query_param(query: &str, name: &str, max_chars: usize) -> String {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, value)| value.chars().take(max_chars).collect())
        .unwrap_or_default()
}

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, DefaultHeaders, ErrorHandlers, Logger, from_fn};
use actix_web::{HttpServer, web};

use crate::service::App;

/// Content-Security-Policy: everything from this site only, no inline script or style, no
/// framing (clickjacking), forms only to this site.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        // Players' personal links carry a secret: never send it to another site.
        .add(("Referrer-Policy", "same-origin"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}

/// HEAD is answered as GET is, without the body (RFC 9110 9.3.2): the route table names GET
/// routes only, so a HEAD request is routed as a GET; the HTTP layer, which knows the request
/// was HEAD, sends the headers and leaves the body out.
async fn head_as_get(
    mut req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    if req.method() == actix_web::http::Method::HEAD {
        req.head_mut().method = actix_web::http::Method::GET;
    }
    next.call(req).await
}

/// The request line as the access log shows it: secrets in the address (personal links, a
/// `next=/p/…` parameter) written as `…`, so the log can be read and kept without giving
/// anyone a player's personal link.
fn masked_request_line(req: &actix_web::dev::ServiceRequest) -> String {
    format!(
        "{} {} {:?}",
        req.method(),
        mask_secrets(&req.uri().to_string()),
        req.version()
    )
}

/// Replaces every run of 32 or more hex digits (secrets and tokens are 64) with `…`.
fn mask_secrets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        if run.len() >= 32 {
            out.push('…');
        } else {
            out.push_str(run);
        }
        run.clear();
    };
    for c in text.chars() {
        if c.is_ascii_hexdigit() {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The HTTP server for `app` on an already bound listener (port 0 in tests).
pub fn server(app: App, listener: TcpListener) -> std::io::Result<Server> {
    let workers = app.config.workers;
    let store_bytes = usize::try_from(app.config.page_store_mb)
        .unwrap_or(usize::MAX)
        .saturating_mul(1 << 20);
    let data = web::Data::new(app);
    let pages = web::Data::new(page_cache::PageCache::with_limit(store_bytes));
    let recent = web::Data::new(event_context::RecentEvents::default());
    let streams = web::Data::new(live::Streams::default());
    let mut server = HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .app_data(pages.clone())
            .app_data(recent.clone())
            .app_data(streams.clone())
            .app_data(web::PayloadConfig::new(context::MAX_BODY_BYTES))
            .configure(routes::configure)
            .wrap(from_fn(body_deadline::middleware))
            .wrap(from_fn(api_http::middleware))
            .wrap(ErrorHandlers::new().default_handler(errors::render))
            .wrap(from_fn(context::middleware))
            .wrap(Compress::default())
            .wrap(from_fn(head_as_get))
            .wrap(security_headers())
            .wrap(
                Logger::new("%a \"%{request}xi\" %s %b %Dms")
                    .custom_request_replace("request", masked_request_line),
            )
    })
    // An answer is written in more than one piece (headers, then a compressed body): without
    // this, Nagle's algorithm holds the last piece back until the client's delayed ACK, some
    // 40 ms on every kept-alive request.
    .on_connect(|connection, _| {
        if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
            let _ = tcp.set_nodelay(true);
        }
    })
    // A live stream never ends on its own: a stopping server gives the requests in flight 10
    // seconds, then closes what is left (a request cut short rolls back its transaction).
    .shutdown_timeout(10)
    .listen(listener)?;
    if let Some(workers) = workers {
        server = server.workers(workers);
    }
    Ok(server.run())
}

#[cfg(test)]
mod tests {
    use super::mask_secrets;

    #[test]
    fn secrets_are_masked_in_the_access_log() {
        let secret = "ab".repeat(32);
        assert_eq!(
            mask_secrets(&format!("/p/{secret}/games/12")),
            "/p/…/games/12"
        );
        assert_eq!(
            mask_secrets(&format!("/login?next=%2Fp%2F{secret}")),
            "/login?next=%2Fp%…"
        );
        assert_eq!(
            mask_secrets("/events/open-2026/games/12?ply=3"),
            "/events/open-2026/games/12?ply=3"
        );
    }
}
