//! Rendered public pages kept in memory, per app server, keyed by address and language and
//! valid for one version of the event. A visitor without an account gets the stored bytes
//! after one small query (the event's version, which the page needs anyway), so a crowd
//! following the standings during a round costs almost nothing. Several app servers each keep
//! their own copy; the version in the shared database keeps them all fresh.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;

use actix_web::web::Bytes;

/// How many pages a server keeps; beyond that the page stored longest ago makes room, so a
/// visitor walking through many pages evicts one at a time and never empties the store.
const CAPACITY: usize = 512;

/// Pages larger than this are compressed once when stored.
const COMPRESS_FROM: usize = 1024;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    event: crate::domain::EventId,
    lang: &'static str,
    uri: String,
}

/// One stored page.
#[derive(Clone, Debug)]
pub struct StoredPage {
    version: i32,
    stored_at: std::time::Instant,
    pub html: Bytes,
    pub gzip: Option<Bytes>,
    /// The validator of what the page shows ([`content_etag`]).
    pub etag: String,
    /// Headers the answer carries besides the body's (an API list's `Link`), as stored.
    pub headers: Vec<(&'static str, String)>,
}

/// A validator of a page's content: the same for every visitor who sees the same bytes, so a
/// client without any cookie revalidates with `If-None-Match` and gets 304.
#[must_use]
pub(crate) fn content_etag(html: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    format!("W/\"{}\"", &hex::encode(Sha256::digest(html))[..24])
}

#[derive(Debug, Default)]
pub struct PageCache {
    pages: Mutex<HashMap<Key, StoredPage>>,
}

impl PageCache {
    /// The page as stored for this version of the event, if any.
    pub fn get(
        &self,
        event: crate::domain::EventId,
        version: i32,
        lang: &'static str,
        uri: &str,
    ) -> Option<StoredPage> {
        let pages = self.pages.lock().ok()?;
        let key = Key {
            event,
            lang,
            uri: uri.to_string(),
        };
        pages.get(&key).filter(|p| p.version == version).cloned()
    }

    /// Keeps a rendered page for later visitors.
    pub(crate) fn put(
        &self,
        event: crate::domain::EventId,
        version: i32,
        lang: &'static str,
        uri: &str,
        html: Bytes,
        headers: Vec<(&'static str, String)>,
    ) {
        let gzip = (html.len() >= COMPRESS_FROM).then(|| gzip(&html)).flatten();
        let etag = content_etag(&html);
        let Ok(mut pages) = self.pages.lock() else {
            return;
        };
        if pages.len() >= CAPACITY {
            let oldest = pages
                .iter()
                .min_by_key(|(_, p)| p.stored_at)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                pages.remove(&oldest);
            }
        }
        pages.insert(
            Key {
                event,
                lang,
                uri: uri.to_string(),
            },
            StoredPage {
                version,
                stored_at: std::time::Instant::now(),
                html,
                gzip,
                etag,
                headers,
            },
        );
    }
}

/// Whether the client takes gzip-compressed bodies.
pub(crate) fn accepts_gzip(req: &actix_web::HttpRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',').any(|e| {
                let mut parts = e.split(';');
                let coding = parts.next().unwrap_or_default().trim();
                let refused = parts.any(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.trim().parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
            })
        })
}

/// The gzip form of a body.
pub(crate) fn gzip(data: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(data).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_page_is_served_for_its_version_only() {
        let cache = PageCache::default();
        let html = Bytes::from("<p>x</p>".repeat(400));
        cache.put(
            crate::domain::EventId(1),
            7,
            "pt",
            "/events/a/standings",
            html.clone(),
            Vec::new(),
        );
        let hit = cache
            .get(crate::domain::EventId(1), 7, "pt", "/events/a/standings")
            .unwrap();
        assert_eq!(hit.html, html);
        let packed = hit.gzip.unwrap();
        let mut plain = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&packed[..]), &mut plain)
            .unwrap();
        assert_eq!(plain, html);
        assert!(
            cache
                .get(crate::domain::EventId(1), 8, "pt", "/events/a/standings")
                .is_none()
        );
        assert!(
            cache
                .get(crate::domain::EventId(1), 7, "en", "/events/a/standings")
                .is_none()
        );
        assert!(
            cache
                .get(crate::domain::EventId(2), 7, "pt", "/events/a/standings")
                .is_none()
        );
    }

    #[test]
    fn gzip_is_sent_only_to_clients_that_take_it() {
        let with = |value: &str| {
            let req = actix_web::test::TestRequest::default()
                .insert_header(("accept-encoding", value))
                .to_http_request();
            accepts_gzip(&req)
        };
        assert!(with("gzip, deflate, br"));
        assert!(with("br;q=1.0, gzip;q=0.8"));
        assert!(with("*"));
        assert!(!with("br"));
        assert!(!with("gzip;q=0"));
        assert!(!with("x-gzip-not"));
        assert!(!accepts_gzip(
            &actix_web::test::TestRequest::default().to_http_request()
        ));
    }

    #[test]
    fn the_store_stays_bounded() {
        let cache = PageCache::default();
        for i in 0..(CAPACITY * 2) {
            cache.put(
                crate::domain::EventId(1),
                1,
                "pt",
                &format!("/p/{i}"),
                Bytes::from_static(b"x"),
                Vec::new(),
            );
        }
        assert!(cache.pages.lock().unwrap().len() <= CAPACITY);
    }
}
