//! The web layer: thin actix handlers, typed extractors, one route table, the JSON API.

pub mod api;
pub mod assets;
pub mod context;
pub mod errors;
pub mod event_context;
pub mod i18n;
pub mod page_cache;
pub mod pages;
pub mod routes;

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

/// The HTTP server for `app` on an already bound listener (port 0 in tests).
pub fn server(app: App, listener: TcpListener) -> std::io::Result<Server> {
    let workers = app.config.workers;
    let data = web::Data::new(app);
    let pages = web::Data::new(page_cache::PageCache::default());
    let recent = web::Data::new(event_context::RecentEvents::default());
    let mut server = HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .app_data(pages.clone())
            .app_data(recent.clone())
            .app_data(web::PayloadConfig::new(context::MAX_BODY_BYTES))
            .configure(routes::configure)
            .wrap(ErrorHandlers::new().default_handler(errors::render))
            .wrap(from_fn(context::middleware))
            .wrap(Compress::default())
            .wrap(security_headers())
            .wrap(Logger::new("%a \"%r\" %s %b %Dms"))
    })
    .listen(listener)?;
    if let Some(workers) = workers {
        server = server.workers(workers);
    }
    Ok(server.run())
}
