//! Static files, compiled into the binary so the server runs from any folder.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
    /// Compressed once at start-up, so no visitor waits for it.
    gzip: Option<Vec<u8>>,
    etag: String,
}

fn asset(name: &'static str, content_type: &'static str, body: &'static [u8]) -> Asset {
    let digest = Sha256::digest(body);
    Asset {
        name,
        content_type,
        body,
        gzip: super::page_cache::gzip(body).map(|b| b.to_vec()),
        etag: format!("\"{}\"", hex::encode(&digest[..8])),
    }
}

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    vec![
        asset(
            "style.css",
            "text/css; charset=utf-8",
            include_bytes!("../../static/style.css"),
        ),
        asset(
            "app.js",
            "text/javascript; charset=utf-8",
            include_bytes!("../../static/app.js"),
        ),
        asset(
            "live.js",
            "text/javascript; charset=utf-8",
            include_bytes!("../../static/live.js"),
        ),
        asset(
            "favicon.svg",
            "image/svg+xml",
            include_bytes!("../../static/favicon.svg"),
        ),
    ]
});

/// `GET /static/{name}`: the file, with an ETag so browsers revalidate cheaply.
pub(crate) async fn serve(req: HttpRequest, name: web::Path<String>) -> HttpResponse {
    let Some(asset) = ASSETS.iter().find(|a| a.name == name.as_str()) else {
        return HttpResponse::NotFound().finish();
    };
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == asset.etag));
    let mut response = if matches {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, asset.etag.clone()))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"));
    if matches {
        return response.finish();
    }
    response
        .content_type(asset.content_type)
        .insert_header((header::VARY, "Accept-Encoding"));
    match &asset.gzip {
        Some(gzip) if super::page_cache::accepts_gzip(&req) => response
            .insert_header((header::CONTENT_ENCODING, "gzip"))
            .body(gzip.clone()),
        _ => response.body(asset.body),
    }
}
