//! Rendered public pages kept in memory, per app server, keyed by address and language and
//! valid for one version of the event. A visitor without an account gets the stored bytes
//! after one small query (the event's version, which the page needs anyway), so a crowd
//! following the standings during a round costs almost nothing. Several app servers each keep
//! their own copy; the version in the shared database keeps them all fresh.
//!
//! A page that is not stored yet (the event has just changed, the server has just started) is
//! rendered by one request while the others asking for it wait for that one ([`RenderTurn`]):
//! a crowd of sixteen arriving together used to render it sixteen times at once, each taking
//! the whole crowd's time.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::web::Bytes;

/// How many pages a server keeps; beyond that the page stored longest ago makes room, so a
/// visitor walking through many pages evicts one at a time and never empties the store.
const CAPACITY: usize = 512;

/// How many pages' render turns are remembered; past it the pages known not to be stored are
/// forgotten (the ones being rendered stay).
const TURNS: usize = 2 * CAPACITY;

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
    turns: Mutex<HashMap<Key, Turn>>,
}

/// Who renders a page that is not stored.
#[derive(Debug)]
enum Turn {
    /// A request is rendering the page for this version; the gate opens when it is done.
    Rendering {
        version: i32,
        gate: Arc<tokio::sync::Mutex<()>>,
    },
    /// The page was rendered for this version and not stored (it shows something of the one
    /// visitor, or is about to change): each request renders its own without waiting.
    Unshared { version: i32 },
}

impl Turn {
    fn version(&self) -> i32 {
        match self {
            Turn::Rendering { version, .. } | Turn::Unshared { version } => *version,
        }
    }
}

/// A request's turn to render a page that is neither stored nor being rendered: while it is
/// held, other requests for the page wait. Dropped, it lets them go on: they find the page
/// stored, or (rendered and kept from others, [`RenderTurn::not_stored`]) render their own,
/// as do later requests for that version; or, the rendering abandoned (the client gone, an
/// error), they render their own and the next request takes a new turn.
#[derive(Debug)]
pub struct RenderTurn {
    cache: Arc<PageCache>,
    key: Key,
    version: i32,
    gate: Arc<tokio::sync::Mutex<()>>,
    not_stored: AtomicBool,
    _closed: tokio::sync::OwnedMutexGuard<()>,
}

impl RenderTurn {
    /// The page was rendered and is not to be stored: requests for this version of it need
    /// not wait for one another.
    pub(crate) fn not_stored(&self) {
        self.not_stored.store(true, Ordering::Relaxed);
    }
}

impl Drop for RenderTurn {
    fn drop(&mut self) {
        let Ok(mut turns) = self.cache.turns.lock() else {
            return;
        };
        let mine = matches!(turns.get(&self.key),
            Some(Turn::Rendering { gate, .. }) if Arc::ptr_eq(gate, &self.gate));
        if !mine {
            // A request for a newer version took the page's turn over.
            return;
        }
        if self.not_stored.load(Ordering::Relaxed) && !self.cache.has(&self.key, self.version) {
            turns.insert(
                self.key.clone(),
                Turn::Unshared {
                    version: self.version,
                },
            );
        } else {
            turns.remove(&self.key);
        }
    }
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

    /// Whether the page is stored for this version.
    fn has(&self, key: &Key, version: i32) -> bool {
        self.pages
            .lock()
            .is_ok_and(|pages| pages.get(key).is_some_and(|p| p.version == version))
    }

    /// Waits while another request renders this page for this version of the event. `Some`
    /// when this request is to render it (it is not stored and nobody else is rendering it);
    /// `None` when the caller is to look it up and render its own only if it is missing: it
    /// is stored now, or is a page that is not stored, or the request read an older version
    /// of the event than another is rendering.
    pub(crate) async fn render_turn(
        cache: Arc<PageCache>,
        event: crate::domain::EventId,
        version: i32,
        lang: &'static str,
        uri: &str,
    ) -> Option<RenderTurn> {
        let key = Key {
            event,
            lang,
            uri: uri.to_string(),
        };
        let gate = {
            // The turns are locked before the pages here and never the other way round.
            let mut turns = cache.turns.lock().ok()?;
            if cache.has(&key, version) {
                return None;
            }
            match turns.get(&key) {
                Some(Turn::Rendering { version: v, gate }) if *v == version => Arc::clone(gate),
                Some(turn) if turn.version() >= version => return None,
                _ => {
                    if turns.len() >= TURNS {
                        // Only pages known not to be stored are forgotten: each costs one
                        // more turn; the ones being rendered are as many as the requests.
                        turns.retain(|_, turn| matches!(turn, Turn::Rendering { .. }));
                    }
                    let gate = Arc::new(tokio::sync::Mutex::new(()));
                    let closed = Arc::clone(&gate).try_lock_owned().ok()?;
                    turns.insert(
                        key.clone(),
                        Turn::Rendering {
                            version,
                            gate: Arc::clone(&gate),
                        },
                    );
                    return Some(RenderTurn {
                        cache: Arc::clone(&cache),
                        key,
                        version,
                        gate,
                        not_stored: AtomicBool::new(false),
                        _closed: closed,
                    });
                }
            }
        };
        drop(gate.lock().await);
        None
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
        let key = Key {
            event,
            lang,
            uri: uri.to_string(),
        };
        let Ok(mut pages) = self.pages.lock() else {
            return;
        };
        if pages.get(&key).is_some_and(|p| p.version > version) {
            // Rendered from an older read of the event than the page stored.
            return;
        }
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
            key,
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
    fn a_crowd_waits_for_one_rendering_of_a_page() {
        use futures_util::FutureExt;
        let cache = Arc::new(PageCache::default());
        let event = crate::domain::EventId(1);
        let turn = |version| PageCache::render_turn(cache.clone(), event, version, "pt", "/s");
        let first = turn(7).now_or_never().unwrap().unwrap();
        // The others wait while it renders, then find its page.
        let mut second = Box::pin(turn(7));
        let mut third = Box::pin(turn(7));
        assert!((&mut second).now_or_never().is_none());
        assert!((&mut third).now_or_never().is_none());
        cache.put(event, 7, "pt", "/s", Bytes::from("<p>7</p>"), Vec::new());
        drop(first);
        assert!(second.now_or_never().unwrap().is_none());
        assert!(third.now_or_never().unwrap().is_none());
        // A stored page is served without a turn.
        assert!(turn(7).now_or_never().unwrap().is_none());
        assert!(cache.get(event, 7, "pt", "/s").is_some());
        // A new version of the event is rendered again, by one request.
        let newer = turn(8).now_or_never().unwrap().unwrap();
        let mut waiting = Box::pin(turn(8));
        assert!((&mut waiting).now_or_never().is_none());
        // Rendered and not stored (something of one visitor in it): the requests for that
        // version render their own at once instead of queueing behind each other.
        newer.not_stored();
        drop(newer);
        assert!(waiting.now_or_never().unwrap().is_none());
        assert!(turn(8).now_or_never().unwrap().is_none());
        assert!(turn(8).now_or_never().unwrap().is_none());
        assert!(cache.get(event, 8, "pt", "/s").is_none());
        // Another page, language or event has its own turn.
        let other = PageCache::render_turn(cache.clone(), event, 8, "en", "/s");
        assert!(other.now_or_never().unwrap().is_some());
        let other = PageCache::render_turn(cache.clone(), event, 8, "pt", "/t");
        assert!(other.now_or_never().unwrap().is_some());
        let other = PageCache::render_turn(cache.clone(), crate::domain::EventId(2), 8, "pt", "/s");
        assert!(other.now_or_never().unwrap().is_some());
    }

    #[test]
    fn an_abandoned_rendering_lets_the_crowd_go_and_the_next_request_take_a_turn() {
        use futures_util::FutureExt;
        let cache = Arc::new(PageCache::default());
        let event = crate::domain::EventId(1);
        let turn = |version| PageCache::render_turn(cache.clone(), event, version, "pt", "/s");
        let first = turn(7).now_or_never().unwrap().unwrap();
        let mut waiting = Box::pin(turn(7));
        assert!((&mut waiting).now_or_never().is_none());
        // The client went away, or the rendering failed: nothing stored, nothing said.
        drop(first);
        assert!(waiting.now_or_never().unwrap().is_none());
        let next = turn(7).now_or_never().unwrap().unwrap();
        assert!(Box::pin(turn(7)).now_or_never().is_none());
        drop(next);
    }

    #[test]
    fn an_older_read_neither_takes_a_newer_turn_nor_replaces_a_newer_page() {
        use futures_util::FutureExt;
        let cache = Arc::new(PageCache::default());
        let event = crate::domain::EventId(1);
        let turn = |version| PageCache::render_turn(cache.clone(), event, version, "pt", "/s");
        let new = turn(8).now_or_never().unwrap().unwrap();
        // A request that read version 7 renders its own, at once.
        assert!(turn(7).now_or_never().unwrap().is_none());
        assert!(Box::pin(turn(8)).now_or_never().is_none());
        cache.put(event, 8, "pt", "/s", Bytes::from("<p>8</p>"), Vec::new());
        drop(new);
        cache.put(event, 7, "pt", "/s", Bytes::from("<p>7</p>"), Vec::new());
        assert_eq!(
            cache.get(event, 8, "pt", "/s").unwrap().html,
            Bytes::from("<p>8</p>")
        );
        // A newer version takes over an older one's turn; the older's end leaves it be.
        let old = turn(9).now_or_never().unwrap().unwrap();
        let newest = turn(10).now_or_never().unwrap().unwrap();
        drop(old);
        assert!(Box::pin(turn(10)).now_or_never().is_none());
        drop(newest);
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
