//! Rendered public pages kept in memory, per app server, keyed by what they show and valid for
//! one version of it (an event's version, the rating list's, a circuit's events'). A visitor
//! without an account gets the stored bytes after one small query (the version, which the page
//! needs anyway), so a crowd following the standings during a round costs almost nothing.
//! Several app servers each keep their own copy; the versions in the shared database keep them
//! all fresh.
//!
//! A page's name ([`PageKey`]) is its path and only the query parameters that change what that
//! page shows, parsed and clamped by its handler and written one way, so a flood of made-up or
//! out-of-range query strings finds the one stored page instead of rendering and storing a
//! copy each. The store is bounded in bytes (`page_store_mb`): past it, the page used least
//! recently makes room.
//!
//! A page that is not stored yet (the event has just changed, the server has just started) is
//! rendered by one request while the others asking for it wait for that one ([`RenderTurn`]):
//! a crowd of sixteen arriving together used to render it sixteen times at once, each taking
//! the whole crowd's time.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::web::Bytes;

/// How many pages' render turns are remembered; past it the pages known not to be stored are
/// forgotten (the ones being rendered stay).
const TURNS: usize = 4096;

/// How many pages' parameter bounds are remembered ([`PageCache::bound`]); past it they are
/// learnt again.
const BOUNDS: usize = 8192;

/// What an entry costs besides its bodies: its name twice (the map and the order), the
/// validator, the map's and the order's own bookkeeping.
const ENTRY_OVERHEAD: usize = 256;

/// Pages larger than this are compressed once when stored.
const COMPRESS_FROM: usize = 1024;

/// What a stored page shows, whose version decides whether it is current.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scope {
    /// A page of one event: its version only ever grows.
    Event(crate::domain::EventId),
    /// The national rating list (the page, its CSV, the API's list).
    Ratings,
    /// A circuit's standings.
    Circuit(crate::domain::CircuitId),
    /// A registered person's page.
    Person(crate::domain::PersonId),
}

impl Scope {
    /// Whether a larger version is newer. An event's version is a counter; the other scopes'
    /// versions are digests of several counters (which need not grow together), so for them
    /// only equality says anything.
    fn ordered(self) -> bool {
        matches!(self, Scope::Event(_))
    }
}

/// A page's name in the store: its path and the query parameters that change what it shows,
/// added by the handler in a fixed order after it parsed and clamped them (`per_page=01000` is
/// `per_page=1000`; a ply past the game's end is the game's end).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PageKey(String);

impl PageKey {
    /// The request's path, with no parameter, written one way: percent-escapes decoded and
    /// numbers as numbers (`/games/0012` and `/games/%31%32` are the page of `/games/12`; the
    /// router reads them alike, and a flood of spellings must find one stored page).
    pub(crate) fn of(req: &actix_web::HttpRequest) -> PageKey {
        PageKey::at(req.path())
    }

    /// A path, with no parameter, written one way.
    pub(crate) fn at(path: &str) -> PageKey {
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let segments: Vec<String> = decoded
            .split('/')
            .map(|segment| {
                let digits = segment.strip_prefix('+').unwrap_or(segment);
                match digits.parse::<u64>() {
                    Ok(n) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                        n.to_string()
                    }
                    _ => segment.to_string(),
                }
            })
            .collect();
        PageKey(segments.join("/"))
    }

    /// This name with one more parameter (its value URL-encoded).
    #[must_use]
    pub(crate) fn with(mut self, name: &str, value: impl std::fmt::Display) -> PageKey {
        let separator = if self.0.contains('?') { '&' } else { '?' };
        let pair = serde_urlencoded::to_string([(name, value.to_string())]).unwrap_or_default();
        self.0.push(separator);
        self.0.push_str(&pair);
        self
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    scope: Scope,
    lang: &'static str,
    page: PageKey,
}

/// One stored page.
#[derive(Clone, Debug)]
pub struct StoredPage {
    version: u64,
    pub html: Bytes,
    pub gzip: Option<Bytes>,
    /// The validator of what the page shows ([`content_etag`]).
    pub etag: String,
    /// Headers the answer carries besides the body's (an API list's `Link`), as stored.
    pub headers: Vec<(&'static str, String)>,
}

impl StoredPage {
    /// The bytes the page holds in the store, its name included.
    fn size(&self, key: &Key) -> usize {
        self.html.len()
            + self.gzip.as_ref().map_or(0, Bytes::len)
            + self.etag.len()
            + self
                .headers
                .iter()
                .map(|(name, value)| name.len() + value.len())
                .sum::<usize>()
            + 2 * key.page.0.len()
            + ENTRY_OVERHEAD
    }
}

/// A validator of a page's content: the same for every visitor who sees the same bytes, so a
/// client without any cookie revalidates with `If-None-Match` and gets 304.
#[must_use]
pub(crate) fn content_etag(html: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    format!("W/\"{}\"", &hex::encode(Sha256::digest(html))[..24])
}

/// How full the store is, for `/healthz` and the log.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct StoreStats {
    /// Bytes the stored pages take.
    pub bytes: usize,
    /// The most they may take.
    pub limit: usize,
    pub pages: usize,
    /// Pages rendered for the store since the server started.
    pub rendered: u64,
    /// Pages dropped to make room.
    pub evicted: u64,
}

#[derive(Debug, Default)]
struct Store {
    pages: HashMap<Key, Entry>,
    /// The pages by when they were last used, oldest first.
    by_use: BTreeMap<u64, Key>,
    clock: u64,
    bytes: usize,
    /// The largest value of a page's parameter that changes it, per version, by the page's
    /// name without that parameter.
    bounds: HashMap<(Scope, String), (u64, u64)>,
}

#[derive(Debug)]
struct Entry {
    page: StoredPage,
    used: u64,
    size: usize,
}

impl Store {
    fn touch(&mut self, key: &Key) {
        self.clock += 1;
        let now = self.clock;
        if let Some(entry) = self.pages.get_mut(key) {
            self.by_use.remove(&entry.used);
            entry.used = now;
            self.by_use.insert(now, key.clone());
        }
    }

    fn remove(&mut self, key: &Key) {
        if let Some(entry) = self.pages.remove(key) {
            self.by_use.remove(&entry.used);
            self.bytes -= entry.size;
        }
    }

    /// Drops the pages used least recently until `room` more bytes fit in `limit`; how many.
    fn make_room(&mut self, room: usize, limit: usize) -> u64 {
        let mut dropped = 0;
        while self.bytes + room > limit {
            let Some((_, oldest)) = self.by_use.pop_first() else {
                break;
            };
            if let Some(entry) = self.pages.remove(&oldest) {
                self.bytes -= entry.size;
                dropped += 1;
            }
        }
        dropped
    }
}

#[derive(Debug)]
pub struct PageCache {
    store: Mutex<Store>,
    turns: Mutex<HashMap<Key, Turn>>,
    /// Bytes the store may hold.
    limit: usize,
    rendered: AtomicU64,
    evicted: AtomicU64,
}

impl Default for PageCache {
    fn default() -> PageCache {
        PageCache::with_limit(64 << 20)
    }
}

/// Who renders a page that is not stored.
#[derive(Debug)]
enum Turn {
    /// A request is rendering the page for this version; the gate opens when it is done.
    Rendering {
        version: u64,
        gate: Arc<tokio::sync::Mutex<()>>,
    },
    /// The page was rendered for this version and not stored (it shows something of the one
    /// visitor, or is about to change): each request renders its own without waiting.
    Unshared { version: u64 },
}

impl Turn {
    fn version(&self) -> u64 {
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
    version: u64,
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
    /// A store of at most `limit` bytes.
    #[must_use]
    pub fn with_limit(limit: usize) -> PageCache {
        PageCache {
            store: Mutex::default(),
            turns: Mutex::default(),
            limit,
            rendered: AtomicU64::new(0),
            evicted: AtomicU64::new(0),
        }
    }

    /// The page as stored for this version, if any.
    pub(crate) fn get(
        &self,
        scope: Scope,
        version: u64,
        lang: &'static str,
        page: &PageKey,
    ) -> Option<StoredPage> {
        let mut store = self.store.lock().ok()?;
        let key = Key {
            scope,
            lang,
            page: page.clone(),
        };
        let found = store
            .pages
            .get(&key)
            .filter(|e| e.page.version == version)
            .map(|e| e.page.clone())?;
        store.touch(&key);
        Some(found)
    }

    /// Whether the page is stored for this version.
    fn has(&self, key: &Key, version: u64) -> bool {
        self.store.lock().is_ok_and(|store| {
            store
                .pages
                .get(key)
                .is_some_and(|e| e.page.version == version)
        })
    }

    /// How full the store is.
    pub fn stats(&self) -> StoreStats {
        let (bytes, pages) = self
            .store
            .lock()
            .map_or((0, 0), |store| (store.bytes, store.pages.len()));
        StoreStats {
            bytes,
            limit: self.limit,
            pages,
            rendered: self.rendered.load(Ordering::Relaxed),
            evicted: self.evicted.load(Ordering::Relaxed),
        }
    }

    /// The largest value of the parameter of the page named `page` (without that parameter)
    /// that changes it, as the page rendered for this version said
    /// ([`PageCache::learn_bound`]): a game's last ply, a list's length. A larger value shows what the bound shows, so the handler names the page by
    /// the bound before looking it up, and a flood of larger values renders nothing.
    pub(crate) fn bound(&self, scope: Scope, version: u64, page: &PageKey) -> Option<u64> {
        let store = self.store.lock().ok()?;
        store
            .bounds
            .get(&(scope, page.0.clone()))
            .filter(|(v, _)| *v == version)
            .map(|(_, bound)| *bound)
    }

    /// Remembers the bound of the page named `page` (without the parameter it bounds: a list's
    /// filters are part of the name, since each filter has its own length) for this version.
    pub(crate) fn learn_bound(&self, scope: Scope, version: u64, page: &PageKey, bound: u64) {
        if let Ok(mut store) = self.store.lock() {
            if store.bounds.len() >= BOUNDS {
                store.bounds.clear();
            }
            store
                .bounds
                .insert((scope, page.0.clone()), (version, bound));
        }
    }

    /// Waits while another request renders this page for this version. `Some` when this
    /// request is to render it (it is not stored and nobody else is rendering it); `None`
    /// when the caller is to look it up and render its own only if it is missing: it is
    /// stored now, or is a page that is not stored, or the request read an older version than
    /// another is rendering.
    pub(crate) async fn render_turn(
        cache: Arc<PageCache>,
        scope: Scope,
        version: u64,
        lang: &'static str,
        page: &PageKey,
    ) -> Option<RenderTurn> {
        let key = Key {
            scope,
            lang,
            page: page.clone(),
        };
        let gate = {
            // The turns are locked before the pages here and never the other way round.
            let mut turns = cache.turns.lock().ok()?;
            if cache.has(&key, version) {
                return None;
            }
            match turns.get(&key) {
                Some(Turn::Rendering { version: v, gate }) if *v == version => Arc::clone(gate),
                Some(turn) if scope.ordered() && turn.version() >= version => return None,
                Some(Turn::Unshared { version: v }) if *v == version => return None,
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

    /// Keeps a rendered page for later visitors, making room for it; a page larger than the
    /// whole store is not kept.
    pub(crate) fn put(
        &self,
        scope: Scope,
        version: u64,
        lang: &'static str,
        page: &PageKey,
        html: Bytes,
        headers: Vec<(&'static str, String)>,
    ) {
        self.rendered.fetch_add(1, Ordering::Relaxed);
        let gzip = (html.len() >= COMPRESS_FROM).then(|| gzip(&html)).flatten();
        let etag = content_etag(&html);
        let key = Key {
            scope,
            lang,
            page: page.clone(),
        };
        let stored = StoredPage {
            version,
            html,
            gzip,
            etag,
            headers,
        };
        let size = stored.size(&key);
        let Ok(mut store) = self.store.lock() else {
            return;
        };
        if scope.ordered()
            && store
                .pages
                .get(&key)
                .is_some_and(|e| e.page.version > version)
        {
            // Rendered from an older read of the event than the page stored.
            return;
        }
        store.remove(&key);
        if size > self.limit {
            return;
        }
        let dropped = store.make_room(size, self.limit);
        self.evicted.fetch_add(dropped, Ordering::Relaxed);
        store.clock += 1;
        let used = store.clock;
        store.by_use.insert(used, key.clone());
        store.bytes += size;
        store.pages.insert(
            key,
            Entry {
                page: stored,
                used,
                size,
            },
        );
    }
}

/// What a public answer shows, as the store names it: whose version it is valid for, and its
/// path with the parameters that change it.
#[derive(Clone, Debug)]
pub(crate) struct Named {
    pub(crate) scope: Scope,
    pub(crate) version: u64,
    pub(crate) key: PageKey,
}

/// How a kind of answer is sent: its content type, its slot in the store (a page's language,
/// or the API's JSON) and the headers that say what it varies with.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kind {
    pub(crate) content_type: &'static str,
    pub(crate) slot: &'static str,
    pub(crate) vary: &'static str,
}

/// What a public read finds before rendering.
pub(crate) enum Lookup {
    /// The answer stored for this version.
    Stored(actix_web::HttpResponse),
    /// Nothing stored: the caller renders, holding the turn (if any) until it has stored its
    /// answer ([`keep_and_answer`]), so that other clients asking meanwhile wait for it.
    Render(Option<RenderTurn>),
}

/// The page store, when the answer may be shared (nothing in it of one visitor).
fn shared_store(req: &actix_web::HttpRequest, shared: bool) -> Option<Arc<PageCache>> {
    req.app_data::<actix_web::web::Data<PageCache>>()
        .filter(|_| shared)
        .map(|cache| cache.clone().into_inner())
}

/// The stored answer, if this version has one, once any other request rendering it has
/// stored it.
pub(crate) async fn lookup(
    req: &actix_web::HttpRequest,
    named: &Named,
    kind: Kind,
    shared: bool,
) -> Lookup {
    let Some(cache) = shared_store(req, shared) else {
        return Lookup::Render(None);
    };
    let found = |cache: &PageCache| {
        cache
            .get(named.scope, named.version, kind.slot, &named.key)
            .map(|page| answer(req, kind, &page))
    };
    if let Some(stored) = found(&cache) {
        return Lookup::Stored(stored);
    }
    match PageCache::render_turn(
        cache.clone(),
        named.scope,
        named.version,
        kind.slot,
        &named.key,
    )
    .await
    {
        Some(turn) => Lookup::Render(Some(turn)),
        None => found(&cache).map_or(Lookup::Render(None), Lookup::Stored),
    }
}

/// The bound a rendering of this answer learnt for this version ([`PageCache::bound`]).
pub(crate) fn bound_of(req: &actix_web::HttpRequest, named: &Named, shared: bool) -> Option<u64> {
    shared_store(req, shared)?.bound(named.scope, named.version, &named.key)
}

/// Remembers the bound of this answer for this version.
pub(crate) fn learn(req: &actix_web::HttpRequest, named: &Named, shared: bool, bound: u64) {
    if let Some(cache) = shared_store(req, shared) {
        cache.learn_bound(named.scope, named.version, &named.key, bound);
    }
}

/// Answers `body`, stored first for later visitors when it may be shared, with its validator
/// (a 304 when the client has it).
pub(crate) fn keep_and_answer(
    req: &actix_web::HttpRequest,
    named: &Named,
    kind: Kind,
    shared: bool,
    body: Bytes,
    headers: Vec<(&'static str, String)>,
) -> actix_web::HttpResponse {
    if let Some(cache) = shared_store(req, shared) {
        cache.put(
            named.scope,
            named.version,
            kind.slot,
            &named.key,
            body.clone(),
            headers.clone(),
        );
        if let Some(page) = cache.get(named.scope, named.version, kind.slot, &named.key) {
            return answer(req, kind, &page);
        }
    }
    let page = StoredPage {
        version: named.version,
        etag: content_etag(&body),
        html: body,
        gzip: None,
        headers,
    };
    answer(req, kind, &page)
}

/// A stored page as an answer: 304 when the client has it, else its bytes (compressed once
/// when stored, for a client that takes gzip) with its headers.
pub(crate) fn answer(
    req: &actix_web::HttpRequest,
    kind: Kind,
    page: &StoredPage,
) -> actix_web::HttpResponse {
    use actix_web::http::header;
    if if_none_match(req, &page.etag) {
        let mut response = not_modified(&page.etag);
        response
            .headers_mut()
            .insert(header::VARY, header::HeaderValue::from_static(kind.vary));
        return response;
    }
    let mut response = actix_web::HttpResponse::Ok();
    response
        .content_type(kind.content_type)
        .insert_header((header::ETAG, page.etag.clone()))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .insert_header((header::VARY, kind.vary));
    for (name, value) in &page.headers {
        response.insert_header((*name, value.clone()));
    }
    match &page.gzip {
        // The compressing middleware leaves an encoded body be.
        Some(gzip) if accepts_gzip(req) => response
            .insert_header((header::CONTENT_ENCODING, "gzip"))
            .body(gzip.clone()),
        _ => response.body(page.html.clone()),
    }
}

/// 304 Not Modified for a client that has `etag`.
pub(crate) fn not_modified(etag: &str) -> actix_web::HttpResponse {
    use actix_web::http::header;
    actix_web::HttpResponse::NotModified()
        .insert_header((header::ETAG, etag.to_string()))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .finish()
}

/// Whether the request's `If-None-Match` names `etag` (or `*`).
pub(crate) fn if_none_match(req: &actix_web::HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(actix_web::http::header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
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
    use super::*;

    const EVENT: Scope = Scope::Event(crate::domain::EventId(1));

    fn key(path: &str) -> PageKey {
        PageKey(path.to_string())
    }

    #[test]
    fn a_page_is_served_for_its_version_only() {
        let cache = PageCache::default();
        let html = Bytes::from("<p>x</p>".repeat(400));
        let standings = key("/events/a/standings");
        cache.put(EVENT, 7, "pt", &standings, html.clone(), Vec::new());
        let hit = cache.get(EVENT, 7, "pt", &standings).unwrap();
        assert_eq!(hit.html, html);
        let packed = hit.gzip.unwrap();
        let mut plain = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&packed[..]), &mut plain)
            .unwrap();
        assert_eq!(plain, html);
        assert!(cache.get(EVENT, 8, "pt", &standings).is_none());
        assert!(cache.get(EVENT, 7, "en", &standings).is_none());
        let other = Scope::Event(crate::domain::EventId(2));
        assert!(cache.get(other, 7, "pt", &standings).is_none());
        assert!(cache.get(Scope::Ratings, 7, "pt", &standings).is_none());
    }

    #[test]
    fn a_path_is_named_one_way() {
        for spelling in [
            "/events/open/games/12",
            "/events/open/games/0012",
            "/events/open/games/+12",
            "/events/open/games/%31%32",
            "/events/%6Fpen/games/12",
        ] {
            assert_eq!(
                PageKey::at(spelling).0,
                "/events/open/games/12",
                "{spelling}"
            );
        }
        assert_eq!(PageKey::at("/events/2026-open").0, "/events/2026-open");
        assert_eq!(PageKey::at("/api/v1/events/7").0, "/api/v1/events/7");
    }

    #[test]
    fn a_name_carries_its_parameters_in_the_order_given() {
        let name = key("/events/a/games/3").with("ply", 12);
        assert_eq!(name.0, "/events/a/games/3?ply=12");
        assert_eq!(
            key("/api/v1/events/1/players")
                .with("page", 2)
                .with("per_page", 1000)
                .0,
            "/api/v1/events/1/players?page=2&per_page=1000"
        );
        assert_eq!(
            key("/ratings").with("province", "a&b=c d").0,
            "/ratings?province=a%26b%3Dc+d"
        );
    }

    #[test]
    fn a_crowd_waits_for_one_rendering_of_a_page() {
        use futures_util::FutureExt;
        let cache = Arc::new(PageCache::default());
        let s = key("/s");
        let turn = |version| PageCache::render_turn(cache.clone(), EVENT, version, "pt", &s);
        let first = turn(7).now_or_never().unwrap().unwrap();
        // The others wait while it renders, then find its page.
        let mut second = Box::pin(turn(7));
        let mut third = Box::pin(turn(7));
        assert!((&mut second).now_or_never().is_none());
        assert!((&mut third).now_or_never().is_none());
        cache.put(EVENT, 7, "pt", &s, Bytes::from("<p>7</p>"), Vec::new());
        drop(first);
        assert!(second.now_or_never().unwrap().is_none());
        assert!(third.now_or_never().unwrap().is_none());
        // A stored page is served without a turn.
        assert!(turn(7).now_or_never().unwrap().is_none());
        assert!(cache.get(EVENT, 7, "pt", &s).is_some());
        // A new version is rendered again, by one request.
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
        assert!(cache.get(EVENT, 8, "pt", &s).is_none());
        // Another page, language or scope has its own turn.
        let other = PageCache::render_turn(cache.clone(), EVENT, 8, "en", &s);
        assert!(other.now_or_never().unwrap().is_some());
        let t = key("/t");
        let other = PageCache::render_turn(cache.clone(), EVENT, 8, "pt", &t);
        assert!(other.now_or_never().unwrap().is_some());
        let other = PageCache::render_turn(cache.clone(), Scope::Ratings, 8, "pt", &s);
        assert!(other.now_or_never().unwrap().is_some());
    }

    #[test]
    fn an_abandoned_rendering_lets_the_crowd_go_and_the_next_request_take_a_turn() {
        use futures_util::FutureExt;
        let cache = Arc::new(PageCache::default());
        let s = key("/s");
        let turn = |version| PageCache::render_turn(cache.clone(), EVENT, version, "pt", &s);
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
        let s = key("/s");
        let turn = |version| PageCache::render_turn(cache.clone(), EVENT, version, "pt", &s);
        let new = turn(8).now_or_never().unwrap().unwrap();
        // A request that read version 7 renders its own, at once.
        assert!(turn(7).now_or_never().unwrap().is_none());
        assert!(Box::pin(turn(8)).now_or_never().is_none());
        cache.put(EVENT, 8, "pt", &s, Bytes::from("<p>8</p>"), Vec::new());
        drop(new);
        cache.put(EVENT, 7, "pt", &s, Bytes::from("<p>7</p>"), Vec::new());
        assert_eq!(
            cache.get(EVENT, 8, "pt", &s).unwrap().html,
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
    fn a_digest_version_replaces_the_stored_one_whatever_its_value() {
        let cache = PageCache::default();
        let s = key("/ratings");
        cache.put(Scope::Ratings, 900, "pt", &s, Bytes::from("a"), Vec::new());
        cache.put(Scope::Ratings, 12, "pt", &s, Bytes::from("b"), Vec::new());
        assert_eq!(
            cache.get(Scope::Ratings, 12, "pt", &s).unwrap().html,
            Bytes::from("b")
        );
        assert!(cache.get(Scope::Ratings, 900, "pt", &s).is_none());
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
    fn the_store_stays_within_its_bytes_dropping_the_page_used_least_recently() {
        let cache = PageCache::with_limit(100_000);
        let page = |i: usize| key(&format!("/p/{i}"));
        // Incompressible bodies of 10 kB: the store holds some, never more than its bytes.
        let body = |i: usize| {
            let mut rng = fastrand::Rng::with_seed(i as u64);
            Bytes::from((0..10_000).map(|_| rng.u8(..)).collect::<Vec<_>>())
        };
        for i in 0..4 {
            cache.put(EVENT, 1, "pt", &page(i), body(i), Vec::new());
        }
        // The first page is used again: the second is now the one used least recently.
        assert!(cache.get(EVENT, 1, "pt", &page(0)).is_some());
        for i in 4..200 {
            cache.put(EVENT, 1, "pt", &page(i), body(i), Vec::new());
            let stats = cache.stats();
            assert!(stats.bytes <= stats.limit, "{stats:?}");
            if i == 5 {
                assert!(cache.get(EVENT, 1, "pt", &page(0)).is_some());
                assert!(cache.get(EVENT, 1, "pt", &page(1)).is_none());
            }
        }
        let stats = cache.stats();
        assert!(stats.pages >= 4 && stats.pages < 10, "{stats:?}");
        assert_eq!(stats.rendered, 200);
        assert_eq!(stats.evicted, 200 - stats.pages as u64);
        // A page larger than the whole store is not kept, and leaves the others be.
        cache.put(
            EVENT,
            1,
            "pt",
            &page(999),
            body(0).repeat_to(200_000),
            Vec::new(),
        );
        assert!(cache.get(EVENT, 1, "pt", &page(999)).is_none());
        assert_eq!(cache.stats().pages, stats.pages);
        // Replacing a page counts its bytes once.
        cache.put(EVENT, 2, "pt", &page(199), body(199), Vec::new());
        assert_eq!(cache.stats().bytes, stats.bytes);
    }

    trait RepeatTo {
        fn repeat_to(self, len: usize) -> Bytes;
    }

    impl RepeatTo for Bytes {
        fn repeat_to(self, len: usize) -> Bytes {
            Bytes::from(self.iter().copied().cycle().take(len).collect::<Vec<_>>())
        }
    }

    #[test]
    fn a_bound_holds_for_its_version_and_its_name() {
        let cache = PageCache::default();
        let game = key("/events/a/games/3");
        assert_eq!(cache.bound(EVENT, 4, &game), None);
        cache.learn_bound(EVENT, 4, &game, 61);
        assert_eq!(cache.bound(EVENT, 4, &game), Some(61));
        assert_eq!(cache.bound(EVENT, 5, &game), None);
        assert_eq!(cache.bound(EVENT, 4, &key("/events/a/games/4")), None);
        // A filtered list has its own length.
        let all = key("/api/v1/ratings").with("as_of", "2026-12-05");
        let few = all.clone().with("province", "beja");
        cache.learn_bound(Scope::Ratings, 1, &few, 12);
        assert_eq!(cache.bound(Scope::Ratings, 1, &all), None);
        assert_eq!(cache.bound(Scope::Ratings, 1, &few), Some(12));
    }
}
