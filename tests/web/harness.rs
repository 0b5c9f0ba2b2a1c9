//! One helper builds a real, isolated environment for every HTTP test: a fresh database (a
//! temporary SQLite file, or a new PostgreSQL database), the real application on port 0, and
//! a client that keeps cookies like a browser.
//!
//! PostgreSQL comes from `KIELA_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`). When it cannot be reached the PostgreSQL
//! half of each test is skipped, except under `CI=true`, where that is a failure.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};

use actix_web::dev::ServerHandle;
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl};
use kiela::config::Config;
use kiela::service::App;
use serde_json::Value;

static COUNTER: AtomicU32 = AtomicU32::new(0);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database that disappears with the test.
pub enum TestDb {
    Sqlite(std::path::PathBuf),
    Postgres { admin_url: String, name: String },
}

impl TestDb {
    pub fn url(&self) -> String {
        match self {
            TestDb::Sqlite(dir) => format!("sqlite://{}/kiela.sqlite3", dir.display()),
            TestDb::Postgres { admin_url, name } => with_database(admin_url, name),
        }
    }

    pub fn create(backend: Backend) -> Option<TestDb> {
        if backend == Backend::Postgres && fast_tier() {
            return None;
        }
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let tag = format!("{}_{}_{}", std::process::id(), n, fastrand::u32(..));
        match backend {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(format!("kiela-test-{tag}"));
                std::fs::create_dir_all(&dir).unwrap();
                Some(TestDb::Sqlite(dir))
            }
            Backend::Postgres => {
                let admin_url = postgres_url();
                let mut conn = match PgConnection::establish(&admin_url) {
                    Ok(conn) => conn,
                    Err(e) => {
                        assert!(
                            !in_ci(),
                            "CI=true but PostgreSQL is not reachable at {admin_url}: {e}"
                        );
                        eprintln!("skipping the PostgreSQL run: {e}");
                        return None;
                    }
                };
                let name = format!("kiela_test_{tag}");
                let template = postgres_template(&admin_url);
                conn.batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
                    .unwrap();
                Some(TestDb::Postgres { admin_url, name })
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match self {
            TestDb::Sqlite(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            TestDb::Postgres { admin_url, name } => {
                if let Ok(mut conn) = PgConnection::establish(admin_url) {
                    let _ =
                        conn.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
                }
            }
        }
    }
}

/// The migrated database every PostgreSQL test database is copied from (as crates.io does):
/// the migrations run once per set of migrations, not once per test. Its name carries a
/// digest of `migrations/postgres`, so a changed migration builds a new one; it is built
/// under a name of its own and renamed when complete, so a run stopped halfway never leaves
/// a half-migrated template for the next.
fn postgres_template(admin_url: &str) -> &'static str {
    static TEMPLATE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEMPLATE.get_or_init(|| {
        use sha2::{Digest, Sha256};
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
        let mut files: Vec<std::path::PathBuf> = walk(&dir);
        files.sort();
        let mut digest = Sha256::new();
        for file in &files {
            digest.update(
                file.strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .as_bytes(),
            );
            digest.update(std::fs::read(file).unwrap());
        }
        let name = format!("kiela_template_{}", &hex::encode(digest.finalize())[..16]);
        let mut admin = PgConnection::establish(admin_url).unwrap();
        let exists = diesel::dsl::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
            "EXISTS (SELECT 1 FROM pg_database WHERE datname = '{name}')"
        )))
        .get_result::<bool>(&mut admin)
        .unwrap();
        if exists {
            return name;
        }
        let building = format!("{name}_{}_{}", std::process::id(), fastrand::u32(..));
        admin
            .batch_execute(&format!("CREATE DATABASE {building}"))
            .unwrap();
        {
            let conn = PgConnection::establish(&with_database(admin_url, &building)).unwrap();
            let mut conn = kiela::db::DbConnection::Postgres(conn);
            kiela::db::run_migrations(&mut conn).unwrap();
        }
        // Another test process may have finished first: its template is as good as ours.
        if admin
            .batch_execute(&format!("ALTER DATABASE {building} RENAME TO {name}"))
            .is_err()
        {
            let _ =
                admin.batch_execute(&format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"));
        }
        name
    })
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

pub fn postgres_url() -> String {
    std::env::var("KIELA_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string())
}

/// The same server with another database.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..host_end]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// A response, read completely.
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: awc::http::header::HeaderMap,
    pub body: String,
}

impl Resp {
    pub fn location(&self) -> Option<&str> {
        self.headers.get("location").and_then(|v| v.to_str().ok())
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all("set-cookie")
            .filter_map(|v| v.to_str().ok().map(str::to_string))
            .collect()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// The running application and a browser-like client.
pub struct TestApp {
    pub base: String,
    pub backend: Backend,
    pub app: App,
    _db: TestDb,
    server: ServerHandle,
}

/// Under `CI=true` every test runs: what a test needs and lacks fails it instead of skipping.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The fast tier (`KIELA_TEST_TIER=fast`, never under `CI=true`): the unit tests and the
/// SQLite half of the HTTP tests. The PostgreSQL halves, the browsers, the network namespaces
/// and the generated client are the full run's.
pub fn fast_tier() -> bool {
    !in_ci() && std::env::var("KIELA_TEST_TIER").is_ok_and(|v| v == "fast")
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, |_| {}).await
    }

    pub async fn spawn_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> Option<TestApp> {
        let db = TestDb::create(backend)?;
        let mut config = Config {
            database_url: db.url(),
            workers: Some(2),
            pool_size: 4,
            // Tests read what they wrote at once; the shared read has its own test.
            public_cache_ms: 0,
            // The engine in a debug build searches some 50 times slower than released.
            adjudication_nodes: 20_000,
            // Reviews, and the screening's baseline, at a budget a debug build searches in
            // seconds; the tests of reviews and screening set their own.
            review_nodes: 2_000,
            // The suite's server is the federation's, which issues national ids; the tests of
            // a venue (local ids, archives) start theirs with the default role.
            installation_role: Some(kiela::domain::InstallationRole::Federation),
            ..Config::default()
        };
        adjust(&mut config);
        let app = actix_web::web::block(move || App::start(config))
            .await
            .unwrap()
            .unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = kiela::web::server(app.clone(), listener).unwrap();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Some(TestApp {
            base: format!("http://127.0.0.1:{port}"),
            backend,
            app,
            _db: db,
            server: handle,
        })
    }

    /// A browser with no cookies yet.
    pub fn browser(&self) -> Browser<'_> {
        Browser::at(&self.base)
    }

    pub async fn stop(&self) {
        self.app.live.close_streams();
        self.server.stop(true).await;
    }

    /// Stops answering (the installation unreachable), keeping its database.
    pub async fn pause(&self) {
        self.server.stop(true).await;
    }

    /// Answers again at the same address after [`TestApp::pause`].
    pub fn resume(&mut self) {
        let address = self.base.trim_start_matches("http://").to_string();
        let listener = std::net::TcpListener::bind(&address).unwrap();
        let server = kiela::web::server(self.app.clone(), listener).unwrap();
        self.server = server.handle();
        actix_web::rt::spawn(server);
    }
}

/// A client with its own cookie jar.
pub struct Browser<'a> {
    base: String,
    client: awc::Client,
    jar: RefCell<BTreeMap<String, String>>,
    _app: std::marker::PhantomData<&'a TestApp>,
}

impl Browser<'_> {
    /// A browser for any server, such as one started as a separate process.
    pub fn at(base: &str) -> Browser<'static> {
        Browser {
            base: base.to_string(),
            client: awc::Client::builder()
                .disable_redirects()
                .timeout(std::time::Duration::from_mins(1))
                .finish(),
            jar: RefCell::new(BTreeMap::new()),
            _app: std::marker::PhantomData,
        }
    }

    fn cookie_header(&self) -> String {
        self.jar
            .borrow()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn remember(&self, resp: &Resp) {
        for set in resp.set_cookies() {
            let first = set.split(';').next().unwrap_or_default();
            let Some((name, value)) = first.split_once('=') else {
                continue;
            };
            let removed = set.to_ascii_lowercase().contains("max-age=0") || value.is_empty();
            let mut jar = self.jar.borrow_mut();
            if removed {
                jar.remove(name.trim());
            } else {
                jar.insert(name.trim().to_string(), value.trim().to_string());
            }
        }
    }

    pub fn cookie(&self, name: &str) -> Option<String> {
        self.jar.borrow().get(name).cloned()
    }

    pub fn set_cookie(&self, name: &str, value: &str) {
        self.jar
            .borrow_mut()
            .insert(name.to_string(), value.to_string());
    }

    pub async fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> Resp {
        self.try_request(method, path, headers, body)
            .await
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }

    /// A request that may fail to get any answer (the server was killed, say).
    pub async fn try_request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> Result<Resp, String> {
        let url = format!("{}{path}", self.base);
        let method = awc::http::Method::from_bytes(method.as_bytes()).unwrap();
        let mut req = self.client.request(method, url);
        let cookies = self.cookie_header();
        if !cookies.is_empty() {
            req = req.insert_header(("cookie", cookies));
        }
        for (name, value) in headers {
            req = req.insert_header((*name, *value));
        }
        let mut res = req.send_body(body).await.map_err(|e| e.to_string())?;
        let bytes = res
            .body()
            .limit(64 * 1024 * 1024)
            .await
            .map_err(|e| e.to_string())?;
        let resp = Resp {
            status: res.status().as_u16(),
            headers: res.headers().clone(),
            body: String::from_utf8_lossy(&bytes).into_owned(),
        };
        self.remember(&resp);
        // A message the program asked for that a language file lacks would show its key to
        // the reader: every response of every test checks that none was asked for so far.
        let missing = kiela::web::i18n::missing_messages();
        assert!(
            missing.is_empty(),
            "messages missing (by {path} or a test beside it): {missing:?}"
        );
        Ok(resp)
    }

    pub async fn get(&self, path: &str) -> Resp {
        self.request("GET", path, &[], Vec::new()).await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Resp {
        self.request("GET", path, headers, Vec::new()).await
    }

    /// Opens a live stream (`text/event-stream`): its status, its headers, and the events as
    /// they come.
    pub async fn stream(&self, path: &str, headers: &[(&str, &str)]) -> EventStream {
        let url = format!("{}{path}", self.base);
        let mut req = self
            .client
            .get(url)
            .timeout(std::time::Duration::from_hours(1));
        let cookies = self.cookie_header();
        if !cookies.is_empty() {
            req = req.insert_header(("cookie", cookies));
        }
        for (name, value) in headers {
            req = req.insert_header((*name, *value));
        }
        let res = req
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {path}: {e}"));
        EventStream {
            status: res.status().as_u16(),
            headers: res.headers().clone(),
            body: Box::pin(res),
            buffer: String::new(),
        }
    }

    /// A GET of a live stream as an answer: its status and headers (a stream does not end).
    pub async fn stream_head(&self, path: &str, headers: &[(&str, &str)]) -> Resp {
        let stream = self.stream(path, headers).await;
        Resp {
            status: stream.status,
            headers: stream.headers.clone(),
            body: "(a stream)".to_string(),
        }
    }

    /// Follows 303/302 redirects with GET.
    pub async fn follow(&self, mut resp: Resp) -> Resp {
        for _ in 0..5 {
            if !(300..400).contains(&resp.status) {
                break;
            }
            let location = resp.location().unwrap().to_string();
            resp = self.get(&location).await;
        }
        resp
    }

    /// The CSRF token the site gives this browser (read from a page with a form).
    pub async fn csrf(&self) -> String {
        let page = self.get("/login").await;
        extract_csrf(&page.body).unwrap_or_else(|| panic!("no CSRF field on /login"))
    }

    /// Posts a form without any CSRF token of its own.
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.request(
            "POST",
            path,
            &[("content-type", "application/x-www-form-urlencoded")],
            body.into_bytes(),
        )
        .await
    }

    /// Posts a form with this browser's CSRF token, as a page of the site would.
    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> Resp {
        self.send(Req::post(path).form(fields)).await
    }

    pub async fn sign_up(&self, name: &str, email: &str, password: &str) -> Resp {
        self.post_form(
            "/signup",
            &[("name", name), ("email", email), ("password", password)],
        )
        .await
    }

    pub async fn log_in(&self, email: &str, password: &str) -> Resp {
        self.post_form("/login", &[("email", email), ("password", password)])
            .await
    }

    /// Sends JSON with an optional bearer token.
    pub async fn api(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> Resp {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut headers: Vec<(&str, &str)> = Vec::new();
        if let Some(auth) = &auth {
            headers.push(("authorization", auth.as_str()));
        }
        let bytes = match body {
            Some(json) => {
                headers.push(("content-type", "application/json"));
                serde_json::to_vec(&json).unwrap()
            }
            None => Vec::new(),
        };
        self.request(method, path, &headers, bytes).await
    }

    /// Sends a plain-text body (a game record) with a bearer token.
    pub async fn api_text(&self, path: &str, token: &str, text: &str) -> Resp {
        let auth = format!("Bearer {token}");
        self.request(
            "POST",
            path,
            &[
                ("authorization", auth.as_str()),
                ("content-type", "text/plain"),
            ],
            text.as_bytes().to_vec(),
        )
        .await
    }
}

/// A request to send with [`Browser::send`]: the method, the path, and what goes with it.
pub struct Req {
    method: &'static str,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    csrf: bool,
    form: Vec<(String, String)>,
}

impl Req {
    fn new(method: &'static str, path: impl Into<String>) -> Req {
        Req {
            method,
            path: path.into(),
            headers: Vec::new(),
            body: Vec::new(),
            csrf: false,
            form: Vec::new(),
        }
    }

    pub fn get(path: impl Into<String>) -> Req {
        Req::new("GET", path)
    }

    pub fn post(path: impl Into<String>) -> Req {
        Req::new("POST", path)
    }

    pub fn put(path: impl Into<String>) -> Req {
        Req::new("PUT", path)
    }

    pub fn patch(path: impl Into<String>) -> Req {
        Req::new("PATCH", path)
    }

    pub fn delete(path: impl Into<String>) -> Req {
        Req::new("DELETE", path)
    }

    pub fn header(mut self, name: &str, value: &str) -> Req {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    /// Authenticated as an API client with this bearer token.
    pub fn bearer(self, token: &str) -> Req {
        self.header("authorization", &format!("Bearer {token}"))
    }

    /// A JSON body.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "a request is built from the `json!` value written in place"
    )]
    pub fn json(mut self, value: serde_json::Value) -> Req {
        self.body = serde_json::to_vec(&value).unwrap();
        self.header("content-type", "application/json")
    }

    /// A body of bytes of this type (an archive, gzip or JSON).
    pub fn bytes(mut self, body: Vec<u8>, content_type: &str) -> Req {
        self.body = body;
        self.header("content-type", content_type)
    }

    /// A plain-text body (a game record).
    pub fn text(mut self, text: &str) -> Req {
        self.body = text.as_bytes().to_vec();
        self.header("content-type", "text/plain")
    }

    /// Form fields, sent with the browser's CSRF token as a page of the site would.
    pub fn form(mut self, fields: &[(&str, &str)]) -> Req {
        self.csrf = true;
        self.form
            .extend(fields.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        self
    }
}

impl Browser<'_> {
    /// Sends a request built with [`Req`].
    pub async fn send(&self, req: Req) -> Resp {
        let mut req = req;
        if req.csrf {
            let token = self.csrf().await;
            let mut fields = vec![("csrf".to_string(), token)];
            fields.append(&mut req.form);
            req.body = serde_urlencoded::to_string(&fields).unwrap().into_bytes();
            req.headers.push((
                "content-type".to_string(),
                "application/x-www-form-urlencoded".to_string(),
            ));
        }
        let headers: Vec<(&str, &str)> = req
            .headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        self.request(req.method, &req.path, &headers, req.body)
            .await
    }
}

impl Resp {
    /// This response, after checking its status (the body is shown when it differs).
    #[track_caller]
    pub fn expect(self, status: u16) -> Resp {
        assert_eq!(self.status, status, "{}", self.body);
        self
    }
}

// What varies from run to run, replaced before a snapshot is compared.

/// Replaces what differs between runs in a JSON value: timestamps and personal links.
pub fn redact(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                let moment = key.ends_with("_at") || key == "date" || key == "updated";
                if moment && !field.is_null() {
                    *field = Value::String(format!("[{key}]"));
                } else if let Some(link) = field.as_str().filter(|_| key == "url") {
                    // The test server's port and the link's secret vary; its shape does not.
                    let path = link.find("/p/").map_or("", |at| &link[at..at + 3]);
                    *field = Value::String(format!("[base]{path}[secret]"));
                } else {
                    redact(field);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact),
        _ => {}
    }
}

/// The main content of a page (the header and footer are the same on every page), with what
/// varies between runs replaced: the CSRF token, times of day and dates.
pub fn page_main(html: &str) -> String {
    let start = html.find("<main").expect("a <main> element");
    let end = html.rfind("</main>").expect("the end of <main>") + "</main>".len();
    let main = &html[start..end];
    let mut out = String::with_capacity(main.len());
    let mut rest = main;
    while let Some(at) = rest.find("name=\"csrf\" value=\"") {
        let value_start = at + "name=\"csrf\" value=\"".len();
        out.push_str(&rest[..value_start]);
        out.push_str("[csrf]");
        let value_len = rest[value_start..].find('"').expect("the end of the token");
        rest = &rest[value_start + value_len..];
    }
    out.push_str(rest);
    let out = redact_links(&out);
    let lines: Vec<String> = out
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(redact_moments)
        .collect();
    lines.join("\n")
}

/// Replaces the test server's address (its port varies) and the secret of personal links, as
/// written in a page and as percent-encoded in a link that carries a message.
fn redact_links(html: &str) -> String {
    let mut text = html.to_string();
    for (marker, keep) in [("http://127.0.0.1:", ""), ("http%3A%2F%2F127.0.0.1%3A", "")] {
        text = redact_after(&text, marker, keep, "[base]", 1, |c| c.is_ascii_digit());
    }
    for marker in ["/p/", "%2Fp%2F"] {
        text = redact_after(&text, marker, marker, "[secret]", 32, |c| {
            c.is_ascii_hexdigit()
        });
    }
    text
}

/// Replaces each run of at least `min` characters of `kind` that follows `marker` with
/// `replacement`, writing `keep` in the marker's place.
fn redact_after(
    text: &str,
    marker: &str,
    keep: &str,
    replacement: &str,
    min: usize,
    kind: fn(char) -> bool,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(marker) {
        out.push_str(&rest[..at]);
        let after = &rest[at + marker.len()..];
        let run = after.len() - after.trim_start_matches(kind).len();
        if run >= min {
            out.push_str(keep);
            out.push_str(replacement);
            rest = &after[run..];
        } else {
            out.push_str(marker);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Replaces dates (`2026-12-01`, and `01/12/2026` as Portuguese and French write them) and times
/// of day (`14:05`, `14:05:09`) in a line of text; a
/// UTC offset (`+01:00`) is kept, since it says which clock the page uses.
pub fn redact_moments(line: &str) -> String {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    let digits = |from: usize, n: usize| {
        from + n <= bytes.len() && bytes[from..from + n].iter().all(u8::is_ascii_digit)
    };
    while i < bytes.len() {
        let boundary = i == 0 || !matches!(bytes[i - 1], b'0'..=b'9' | b'+' | b'-');
        let iso = digits(i, 4)
            && bytes.get(i + 4) == Some(&b'-')
            && digits(i + 5, 2)
            && bytes.get(i + 7) == Some(&b'-')
            && digits(i + 8, 2);
        let day_first = digits(i, 2)
            && bytes.get(i + 2) == Some(&b'/')
            && digits(i + 3, 2)
            && bytes.get(i + 5) == Some(&b'/')
            && digits(i + 6, 4);
        if boundary && (iso || day_first) {
            out.push_str("[date]");
            i += 10;
        } else if boundary && digits(i, 2) && bytes.get(i + 2) == Some(&b':') && digits(i + 3, 2) {
            out.push_str("[time]");
            i += 5;
            if bytes.get(i) == Some(&b':') && digits(i + 1, 2) {
                i += 3;
            }
        } else {
            let ch = line[i..].chars().next().expect("a character");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// Whether a path is a live stream (`text/event-stream`), which does not end.
pub fn is_stream(path: &str) -> bool {
    let path = path.split('?').next().unwrap_or_default();
    path.ends_with("/stream") || path.starts_with("/api/") && path.ends_with("/live")
}

/// A live stream as a client reads it.
pub struct EventStream {
    pub status: u16,
    pub headers: awc::http::header::HeaderMap,
    body: std::pin::Pin<
        Box<
            dyn futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>,
        >,
    >,
    buffer: String,
}

/// One event of a stream: its name (`message` when it has none) and its data as JSON
/// (`Null` for a comment).
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub name: String,
    pub data: Value,
}

impl EventStream {
    /// The next event or comment, or `None` when nothing comes within `wait` or the stream
    /// ends.
    pub async fn next(&mut self, wait: std::time::Duration) -> Option<Event> {
        use futures_util::StreamExt;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = "message".to_string();
                let mut data = String::new();
                let mut comment = false;
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event: ") {
                        name = v.to_string();
                    } else if let Some(v) = line.strip_prefix("data: ") {
                        data.push_str(v);
                    } else if line.starts_with(':') {
                        comment = true;
                    }
                }
                if data.is_empty() && !comment {
                    // `retry:` alone.
                    continue;
                }
                return Some(Event {
                    name: if comment && data.is_empty() {
                        "comment".to_string()
                    } else {
                        name
                    },
                    data: serde_json::from_str(&data).unwrap_or(Value::Null),
                });
            }
            let chunk = actix_rt::time::timeout(wait, self.body.next())
                .await
                .ok()??;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk.ok()?));
        }
    }
}

/// The value of the first `name="csrf"` hidden field of a page.
pub fn extract_csrf(html: &str) -> Option<String> {
    attributes(html, "input[name=csrf]", "value")
        .into_iter()
        .next()
}

/// The values of `attribute` on the elements of a page that `selector` picks, parsed as a
/// browser parses the page.
pub fn attributes(html: &str, selector: &str, attribute: &str) -> Vec<String> {
    let selector = scraper::Selector::parse(selector).unwrap();
    scraper::Html::parse_document(html)
        .select(&selector)
        .filter_map(|e| e.value().attr(attribute).map(str::to_string))
        .collect()
}

/// How many elements of a page `selector` picks, the page parsed as a browser parses it: what
/// a test asks of the markup (a field, a class, a link) it asks through this, never by
/// matching the markup's text.
pub fn count(html: &str, selector: &str) -> usize {
    let selector = scraper::Selector::parse(selector).unwrap();
    scraper::Html::parse_document(html)
        .select(&selector)
        .count()
}

/// Whether `selector` picks anything on a page.
pub fn has(html: &str, selector: &str) -> bool {
    count(html, selector) > 0
}

/// The text of the elements of a page that `selector` picks, its white space collapsed.
pub fn texts(html: &str, selector: &str) -> Vec<String> {
    let selector = scraper::Selector::parse(selector).unwrap();
    scraper::Html::parse_document(html)
        .select(&selector)
        .map(|e| e.text().collect::<Vec<_>>().join(" "))
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Runs one async test body on SQLite and on PostgreSQL.
#[macro_export]
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[actix_web::test]
            async fn sqlite() {
                let app = $crate::harness::TestApp::spawn($crate::harness::Backend::Sqlite)
                    .await
                    .unwrap();
                super::$name(&app).await;
                app.stop().await;
            }
            #[actix_web::test]
            async fn postgres() {
                if let Some(app) =
                    $crate::harness::TestApp::spawn($crate::harness::Backend::Postgres).await
                {
                    super::$name(&app).await;
                    app.stop().await;
                }
            }
        }
    )*};
}

/// Creates an account with a role and returns an API token for it.
pub fn account_with_token(app: &TestApp, email: &str, name: &str, role: &str) -> String {
    let role: kiela::service::accounts::Role = role.parse().unwrap();
    kiela::service::accounts::create_user(&app.app, email, name, role, "a-long-password").unwrap();
    kiela::service::accounts::create_api_token_for(&app.app, email, "test").unwrap()
}

/// A finished random game of the given variant: (KGN record, result from South's side).
pub fn finished_record(
    variant: kiela::rules::Variant,
    first: kiela::rules::Side,
    seed: u64,
) -> (String, String) {
    let record = kiela::service::demo::random_finished_record(variant, first, seed).unwrap();
    let result = record.claimed_result().unwrap().as_str().to_string();
    (record.to_string(), result)
}

/// An event made through the API by `token`'s user, with players of these names (ratings
/// falling from 2000 by ten a player); returns the event's id and slug.
pub async fn event_with_players(
    client: &Browser<'_>,
    token: &str,
    settings: serde_json::Value,
    names: &[&str],
) -> (i64, String) {
    let created = client
        .send(Req::post("/api/v1/events").bearer(token).json(settings))
        .await
        .expect(201)
        .json();
    let id = created["id"].as_i64().unwrap();
    for (i, name) in names.iter().enumerate() {
        let rating = 2000 - 10 * i as i64;
        add_player(
            client,
            token,
            id,
            serde_json::json!({"name": name, "rating": rating}),
        )
        .await;
    }
    (id, created["slug"].as_str().unwrap().to_string())
}

/// Enters a player through the API; the answer to the entry and the entry as the API shows
/// it then (with the federation id the registry gave it).
pub async fn enter_player(
    client: &Browser<'_>,
    token: &str,
    event: i64,
    body: serde_json::Value,
) -> (serde_json::Value, serde_json::Value) {
    let created = post_player(client, token, event, body).await;
    let shown = client
        .send(Req::get(format!("/api/v1/events/{event}/players/{}", created["id"])).bearer(token))
        .await
        .expect(200)
        .json();
    (created, shown)
}

/// Decides the round's boards in order as the arbiter, each with the result given for it.
pub async fn decide_boards(
    client: &Browser<'_>,
    token: &str,
    round: &serde_json::Value,
    results: &[&str],
) {
    for (board, result) in round["pairings"].as_array().unwrap().iter().zip(results) {
        client
            .send(
                Req::post(format!("/api/v1/games/{}/decision", board["game_id"]))
                    .bearer(token)
                    .json(serde_json::json!({"result": result, "reason": "adjudicated"})),
            )
            .await
            .expect(200);
    }
}

/// Pairs and publishes the next round through the API; the round as the API shows it.
pub async fn pair_round(client: &Browser<'_>, token: &str, event: i64) -> serde_json::Value {
    client
        .send(Req::post(format!("/api/v1/events/{event}/rounds")).bearer(token))
        .await
        .expect(201)
        .json()
}

/// Links a player entry to the account with `email`, as the organiser does explicitly (an entry
/// is never bound by its e-mail address alone).
pub async fn link_account(client: &Browser<'_>, token: &str, event: i64, player: i64, email: &str) {
    client
        .send(
            Req::put(format!("/api/v1/events/{event}/players/{player}/account"))
                .bearer(token)
                .json(serde_json::json!({ "email": email })),
        )
        .await
        .expect(200);
}

/// Runs one async test body on SQLite and on PostgreSQL, with the configuration adjusted.
#[macro_export]
macro_rules! both_backends_with {
    ($name:ident, $adjust:expr) => {
        mod $name {
            #[actix_web::test]
            async fn sqlite() {
                let app =
                    $crate::harness::TestApp::spawn_with($crate::harness::Backend::Sqlite, $adjust)
                        .await
                        .unwrap();
                super::$name(&app).await;
                app.stop().await;
            }
            #[actix_web::test]
            async fn postgres() {
                if let Some(app) = $crate::harness::TestApp::spawn_with(
                    $crate::harness::Backend::Postgres,
                    $adjust,
                )
                .await
                {
                    super::$name(&app).await;
                    app.stop().await;
                }
            }
        }
    };
}

/// Adds one player through the API; the answer (the entry's id and any warnings).
async fn post_player(
    client: &Browser<'_>,
    token: &str,
    event: i64,
    body: serde_json::Value,
) -> serde_json::Value {
    client
        .send(
            Req::post(format!("/api/v1/events/{event}/players"))
                .bearer(token)
                .json(body),
        )
        .await
        .expect(201)
        .json()
}

/// Adds one player through the API; returns the new entry's id.
pub async fn add_player(
    client: &Browser<'_>,
    token: &str,
    event: i64,
    body: serde_json::Value,
) -> i64 {
    post_player(client, token, event, body).await["id"]
        .as_i64()
        .unwrap()
}

/// The personal link of an entry, as a path (`/p/…`), read through the organiser's API.
pub async fn personal_path(client: &Browser<'_>, token: &str, event: i64, player: i64) -> String {
    let link = client
        .send(Req::get(format!("/api/v1/events/{event}/players/{player}/link")).bearer(token))
        .await
        .expect(200)
        .json();
    let url = link["url"].as_str().unwrap();
    url[url.find("/p/").unwrap()..].to_string()
}

/// The stored standings once the event's worker is done, checked equal to a computation from
/// scratch (all but the version they were computed from, which later changes move on).
pub fn settled_standings(
    app: &kiela::service::App,
    access: &kiela::service::access::Access,
) -> kiela::service::standings::StandingsView {
    app.standings.wait_idle();
    let access = kiela::service::access::access(
        app,
        kiela::service::access::EventRef::Id(access.event.id),
        None,
    )
    .unwrap();
    let stored = kiela::service::standings::get(app, &access).unwrap();
    assert!(!stored.updating, "nothing is left to count");
    let mut conn = app.conn().unwrap();
    let data =
        kiela::service::event_data::EventData::load(&mut conn, access.event.clone()).unwrap();
    let fresh = kiela::service::standings::ranked(&data);
    let json = |view: &kiela::service::standings::StandingsView| {
        let mut value = serde_json::to_value(view).unwrap();
        value["version"] = serde_json::Value::Null;
        value
    };
    assert_eq!(
        json(&stored),
        json(&fresh),
        "stored standings equal a recomputation"
    );
    stored
}
