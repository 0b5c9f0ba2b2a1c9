//! Mail through a real SMTP server (aiosmtpd, started by the tests, storing what it accepts
//! in a maildir): a forgotten password set again from the link that arrives, a round published
//! and a record sent telling the right players, announcements stopped by their unsubscribe
//! link, an account's address changed only from a link to the new one, messages that wait for
//! a stopped server and go once it is back, and a server killed while it sends losing
//! nothing. Each on SQLite and on PostgreSQL, against `kiela serve`
//! processes (the mail worker runs in the server, as in production).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::harness::{Backend, Browser, TestDb, extract_csrf, finished_record, link_account};
use crate::process::{Server, organiser_token};

/// The sender every test server is configured with.
const FROM: &str = "Prémio Kiela <kiela@example.ao>";

/// How long a test waits for mail that must come.
const MAIL_DEADLINE: Duration = Duration::from_mins(1);

/// A message as the SMTP server stored it.
#[derive(Clone, Debug)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub message_id: String,
    pub text: String,
    pub html: String,
    pub raw: String,
}

impl Mail {
    fn header(&self, name: &str) -> Option<String> {
        let parsed = mail_parser::MessageParser::default().parse(self.raw.as_bytes())?;
        parsed
            .header_raw(name)
            .map(|v| v.trim().replace(['\r', '\n'], ""))
    }

    /// The first link of the plain text to this site's path that starts with `prefix`.
    fn link(&self, prefix: &str) -> String {
        self.text
            .split_whitespace()
            .find_map(|word| {
                let at = word.find(prefix)?;
                word.starts_with("http").then(|| word[at..].to_string())
            })
            .unwrap_or_else(|| panic!("no {prefix} link in: {}", self.text))
    }
}

/// An aiosmtpd server on a port of its own.
pub struct SmtpSink {
    child: Option<Child>,
    pub port: u16,
    maildir: PathBuf,
    delay: f64,
}

/// Whether aiosmtpd can be run; under `CI=true` it must.
fn aiosmtpd_available() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import aiosmtpd"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok || !crate::harness::in_ci(),
        "CI=true but aiosmtpd is not installed (python3 -m pip install aiosmtpd)"
    );
    if !ok {
        eprintln!("skipping the mail tests: aiosmtpd is not installed");
    }
    ok
}

impl SmtpSink {
    /// A port for a server not started yet (a mail server that is down).
    pub fn reserve() -> Option<SmtpSink> {
        if !aiosmtpd_available() {
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let maildir = std::env::temp_dir().join(format!(
            "kiela-maildir-{}-{port}-{}",
            std::process::id(),
            fastrand::u32(..)
        ));
        Some(SmtpSink {
            child: None,
            port,
            maildir,
            delay: 0.0,
        })
    }

    /// A running server.
    pub fn start() -> Option<SmtpSink> {
        let mut sink = SmtpSink::reserve()?;
        sink.run();
        Some(sink)
    }

    /// A running server that waits `delay` seconds before it accepts each message.
    pub fn slow(delay: f64) -> Option<SmtpSink> {
        let mut sink = SmtpSink::reserve()?;
        sink.delay = delay;
        sink.run();
        Some(sink)
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Starts (or starts again) the server; it keeps what it stored before.
    pub fn run(&mut self) {
        assert!(self.child.is_none());
        let scripts = format!("{}/tests/smtp", env!("CARGO_MANIFEST_DIR"));
        let child = Command::new("python3")
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{}", self.port),
                "-c",
                "sink.Sink",
                self.maildir.to_str().unwrap(),
                &self.delay.to_string(),
            ])
            .env("PYTHONPATH", scripts)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "the SMTP server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Every message stored so far, oldest first.
    pub fn mails(&self) -> Vec<Mail> {
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
        for sub in ["new", "cur"] {
            let Ok(entries) = std::fs::read_dir(self.maildir.join(sub)) else {
                continue;
            };
            for entry in entries.flatten() {
                let modified = entry.metadata().unwrap().modified().unwrap();
                files.push((modified, entry.path()));
            }
        }
        files.sort();
        files
            .into_iter()
            .filter_map(|(_, path)| std::fs::read(path).ok())
            .map(|raw| {
                let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
                let to = parsed
                    .to()
                    .and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .unwrap_or_default()
                    .to_string();
                Mail {
                    to,
                    subject: parsed.subject().unwrap_or_default().to_string(),
                    message_id: parsed.message_id().unwrap_or_default().to_string(),
                    text: parsed.body_text(0).unwrap_or_default().to_string(),
                    html: parsed.body_html(0).unwrap_or_default().to_string(),
                    raw: String::from_utf8_lossy(&raw).into_owned(),
                }
            })
            .collect()
    }

    /// Waits until at least `n` messages arrived (the worker sends in the background), and
    /// returns them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Mail> {
        let deadline = Instant::now() + MAIL_DEADLINE;
        loop {
            let mails = self.mails();
            if mails.len() >= n {
                return mails;
            }
            assert!(
                Instant::now() < deadline,
                "{} of {n} messages arrived: {:?}",
                mails.len(),
                mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
            );
            actix_rt::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.maildir);
    }
}

/// A server that sends through `sink`.
async fn server_with(url: &str, sink: &SmtpSink, extra: &[(&str, &str)]) -> Server {
    let smtp = sink.url();
    let mut env = vec![("KIELA_SMTP_URL", smtp.as_str()), ("KIELA_MAIL_FROM", FROM)];
    env.extend_from_slice(extra);
    Server::start(url, &env).await
}

/// The installation's services on its database, beside the server under test.
fn app_at(url: &str) -> kiela::service::App {
    kiela::service::App::start(kiela::config::Config {
        database_url: url.to_string(),
        pool_size: 1,
        ..kiela::config::Config::default()
    })
    .unwrap()
}

/// A Swiss of three rounds made through the API: its id and slug.
async fn swiss(api: &Browser<'_>, organiser: &str, name: &str) -> (i64, String) {
    let created = api
        .api(
            "POST",
            "/api/v1/events",
            Some(organiser),
            Some(json!({"name": name, "format": "swiss", "rounds": 3})),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let json = created.json();
    (
        json["id"].as_i64().unwrap(),
        json["slug"].as_str().unwrap().to_string(),
    )
}

/// The outbox's messages in each state, read from the database.
fn outbox_states(url: &str) -> BTreeMap<String, i64> {
    let app = app_at(url);
    kiela::service::outbox::counts_by_state(&app)
        .unwrap()
        .into_iter()
        .map(|(state, n)| (state.as_str().to_string(), n))
        .collect()
}

/// Waits until the outbox holds no waiting message.
async fn until_nothing_waits(url: &str) {
    let deadline = Instant::now() + MAIL_DEADLINE;
    loop {
        let states = outbox_states(url);
        if states.get("waiting").copied().unwrap_or(0) == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "messages still wait: {states:?}");
        actix_rt::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn sign_in(base: &str, email: &str, password: &str) -> Browser<'static> {
    let browser = Browser::at(base);
    let page = browser.get("/login").await;
    let csrf = extract_csrf(&page.body).unwrap();
    let answer = browser
        .post_raw(
            "/login",
            &[
                ("csrf", csrf.as_str()),
                ("email", email),
                ("password", password),
                ("next", "/account"),
            ],
        )
        .await;
    assert_eq!(answer.status, 303, "{}", answer.body);
    browser
}

async fn a_forgotten_password_comes_back_by_mail(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let url = db.url();
    organiser_token(&url, "org@example.ao");
    let server = server_with(&url, &sink, &[]).await;
    let earlier = sign_in(&server.base, "org@example.ao", "a-long-password").await;
    assert_eq!(earlier.get("/account").await.status, 200);

    // Asked for a registered address and for an unknown one: the same answer.
    let visitor = Browser::at(&server.base);
    let mut answers = Vec::new();
    for email in ["ORG@example.ao", "nobody@example.ao"] {
        let page = visitor.get("/forgot").await;
        assert_eq!(page.status, 200);
        let csrf = extract_csrf(&page.body).unwrap();
        let asked = visitor
            .post_raw("/forgot", &[("csrf", csrf.as_str()), ("email", email)])
            .await;
        assert_eq!(asked.status, 200, "{}", asked.body);
        answers.push(crate::harness::page_main(&asked.body).replace(email, "ADDRESS"));
    }
    assert_eq!(answers[0], answers[1], "the answer tells who is registered");

    let mails = sink.wait_for(1).await;
    until_nothing_waits(&url).await;
    let mails_now = sink.mails();
    assert_eq!(mails_now.len(), 1, "one message, to the account only");
    let mail = &mails[0];
    assert_eq!(mail.to, "org@example.ao");
    assert!(
        mail.header("List-Unsubscribe").is_none(),
        "a reset is no announcement"
    );
    assert!(!mail.message_id.is_empty());
    let link = mail.link("/reset/");
    assert!(mail.html.contains(&link), "the HTML part carries the link");

    // The link sets the password once; the earlier session is over.
    let holder = Browser::at(&server.base);
    let form = holder.get(&link).await;
    assert_eq!(form.status, 200);
    let csrf = extract_csrf(&form.body).unwrap();
    let set = holder
        .post_raw(
            &link,
            &[("csrf", csrf.as_str()), ("password", "a-new-long-password")],
        )
        .await;
    assert_eq!(set.status, 303, "{}", set.body);
    assert_ne!(
        earlier.get("/account").await.status,
        200,
        "the old session lives on"
    );
    let again = sign_in(&server.base, "org@example.ao", "a-new-long-password").await;
    assert_eq!(again.get("/account").await.status, 200);
    assert_eq!(holder.get(&link).await.status, 410, "the link works twice");

    // Asks are counted per address, registered or not: the fourth within the window waits.
    let asker = Browser::at(&server.base);
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let page = asker.get("/forgot").await;
        let csrf = extract_csrf(&page.body).unwrap();
        let asked = asker
            .post_raw(
                "/forgot",
                &[("csrf", csrf.as_str()), ("email", "someone@example.ao")],
            )
            .await;
        statuses.push(asked.status);
    }
    assert_eq!(statuses, [200, 200, 200, 429]);

    // An address that is none comes back on the form, with the reason and as typed.
    let page = visitor.get("/forgot").await;
    let csrf = extract_csrf(&page.body).unwrap();
    for typed in ["ana@x.ao\r\nBcc: eve@x.ao", "not an address"] {
        let refused = visitor
            .post_raw("/forgot", &[("csrf", csrf.as_str()), ("email", typed)])
            .await;
        assert_eq!(refused.status, 422);
        assert!(crate::harness::has(&refused.body, "form input[name=email]"));
        assert!(
            refused
                .body
                .contains(&kiela::web::i18n::Lang::Pt.t("error-email_invalid")),
            "{}",
            refused.body
        );
    }
}

#[actix_web::test]
async fn a_forgotten_password_comes_back_by_mail_sqlite() {
    a_forgotten_password_comes_back_by_mail(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_forgotten_password_comes_back_by_mail_postgres() {
    a_forgotten_password_comes_back_by_mail(Backend::Postgres).await;
}

/// Asks, from the account page, for the address to become `email`.
async fn ask_for_address(
    browser: &Browser<'_>,
    email: &str,
    password: &str,
) -> crate::harness::Resp {
    let page = browser.get("/account").await;
    assert_eq!(page.status, 200);
    let csrf = extract_csrf(&page.body).unwrap();
    browser
        .post_raw(
            "/account/email",
            &[
                ("csrf", csrf.as_str()),
                ("email", email),
                ("current", password),
            ],
        )
        .await
}

/// Whether signing in with `email` and `password` is accepted.
async fn signs_in(base: &str, email: &str, password: &str) -> bool {
    let browser = Browser::at(base);
    let page = browser.get("/login").await;
    let csrf = extract_csrf(&page.body).unwrap();
    let answer = browser
        .post_raw(
            "/login",
            &[
                ("csrf", csrf.as_str()),
                ("email", email),
                ("password", password),
            ],
        )
        .await;
    answer.status == 303
}

async fn an_address_changes_only_from_the_new_address(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let url = db.url();
    organiser_token(&url, "org@example.ao");
    organiser_token(&url, "taken@example.ao");
    let server = server_with(&url, &sink, &[]).await;
    let owner = sign_in(&server.base, "org@example.ao", "a-long-password").await;
    let pt = kiela::web::i18n::Lang::Pt;

    // Refused on the form, with the reason and the address as typed.
    for (email, password, code) in [
        ("taken@example.ao", "a-long-password", "error-email_taken"),
        ("ORG@example.ao", "a-long-password", "error-email_unchanged"),
        (
            "nova@example.ao",
            "not-the-password",
            "error-password_wrong",
        ),
        (
            "nova@x.ao\r\nBcc: eve@x.ao",
            "a-long-password",
            "error-email_invalid",
        ),
    ] {
        let refused = ask_for_address(&owner, email, password).await;
        assert_eq!(refused.status, 422, "{email}: {}", refused.body);
        assert!(
            refused.body.contains(&pt.t(code)),
            "{code}: {}",
            refused.body
        );
        assert!(crate::harness::has(
            &refused.body,
            "input[name=email][value]"
        ));
    }

    // Two asks: the first link is ended by the second. A reset link mailed to the old address
    // meanwhile.
    for email in ["first@example.ao", "nova@example.ao"] {
        let asked = ask_for_address(&owner, email, "a-long-password").await;
        assert_eq!(asked.status, 303, "{}", asked.body);
    }
    let visitor = Browser::at(&server.base);
    let page = visitor.get("/forgot").await;
    let csrf = extract_csrf(&page.body).unwrap();
    let forgot = visitor
        .post_raw(
            "/forgot",
            &[("csrf", csrf.as_str()), ("email", "org@example.ao")],
        )
        .await;
    assert_eq!(forgot.status, 200);
    let mails = sink.wait_for(3).await;
    let to = |address: &str| mails.iter().find(|m| m.to == address).unwrap().clone();
    let first = to("first@example.ao").link("/account/email/");
    let link = to("nova@example.ao").link("/account/email/");
    let reset = to("org@example.ao").link("/reset/");
    assert!(to("nova@example.ao").header("List-Unsubscribe").is_none());
    assert_eq!(visitor.get(&first).await.status, 410, "an ended link works");

    // Nothing changed until the link is opened.
    assert!(signs_in(&server.base, "org@example.ao", "a-long-password").await);
    let shown = visitor.get(&link).await;
    assert_eq!(shown.status, 200);
    assert!(shown.body.contains("nova@example.ao"));
    assert!(signs_in(&server.base, "org@example.ao", "a-long-password").await);

    // Confirmed: the new address signs in, the old one does not and is told; the reset link
    // mailed to the old address is dead; the owner's session stays.
    let csrf = extract_csrf(&shown.body).unwrap();
    let confirmed = visitor.post_raw(&link, &[("csrf", csrf.as_str())]).await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    assert!(signs_in(&server.base, "nova@example.ao", "a-long-password").await);
    assert!(!signs_in(&server.base, "org@example.ao", "a-long-password").await);
    assert_eq!(
        visitor.get(&reset).await.status,
        410,
        "the old address resets"
    );
    let account = owner.get("/account").await;
    assert_eq!(account.status, 200);
    assert!(account.body.contains("nova@example.ao"));
    let told = sink.wait_for(4).await;
    let told = told
        .iter()
        .filter(|m| m.to == "org@example.ao")
        .nth(1)
        .unwrap();
    assert!(told.text.contains("nova@example.ao"), "{}", told.text);
    let again = visitor.post_raw(&link, &[("csrf", csrf.as_str())]).await;
    assert_eq!(again.status, 410, "the link works twice");
    assert_eq!(visitor.get(&link).await.status, 410);

    // Asks are limited per account: the wrong password and two asks counted, the fourth
    // ask within the window waits.
    let limited = ask_for_address(&owner, "third@example.ao", "a-long-password").await;
    assert_eq!(limited.status, 429, "{}", limited.body);
}

#[actix_web::test]
async fn an_address_changes_only_from_the_new_address_sqlite() {
    an_address_changes_only_from_the_new_address(Backend::Sqlite).await;
}

#[actix_web::test]
async fn an_address_changes_only_from_the_new_address_postgres() {
    an_address_changes_only_from_the_new_address(Backend::Postgres).await;
}

/// Players entered with addresses, their accounts linked: (player id, token, email).
async fn players_with_mail(
    api: &Browser<'_>,
    url: &str,
    organiser: &str,
    event: i64,
    n: usize,
) -> Vec<(i64, String, String)> {
    let mut players = Vec::new();
    for i in 0..n {
        let email = format!("player{i}@example.ao");
        let made = crate::process::run(
            url,
            &[
                "admin",
                "create-user",
                "--email",
                &email,
                "--name",
                &format!("Jogador {i}"),
                "--role",
                "player",
            ],
            "a-long-password\n",
        );
        assert!(made.status.success());
        let token = crate::process::run(url, &["admin", "create-token", "--email", &email], "");
        let token = String::from_utf8(token.stdout).unwrap().trim().to_string();
        let added = api
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(organiser),
                Some(json!({"name": format!("Jogador {i}"), "rating": 1900 - i as i64 * 10, "email": email})),
            )
            .await;
        assert_eq!(added.status, 201, "{}", added.body);
        let player = added.json()["id"].as_i64().unwrap();
        link_account(api, organiser, event, player, &email).await;
        players.push((player, token, email));
    }
    players
}

async fn every_player_is_told_their_game(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let url = db.url();
    let organiser = organiser_token(&url, "org@example.ao");
    let server = server_with(&url, &sink, &[]).await;
    let api = Browser::at(&server.base);
    let (event, slug) = swiss(&api, &organiser, "Taça do Uíge").await;
    let players = players_with_mail(&api, &url, &organiser, event, 4).await;
    // A fifth player without an address (the lowest rated: the bye) is told nothing.
    let added = api
        .api(
            "POST",
            &format!("/api/v1/events/{event}/players"),
            Some(&organiser),
            Some(json!({"name": "Sem Correio", "rating": 1000})),
        )
        .await;
    assert_eq!(added.status, 201);
    // Each player with an address gets the personal link.
    let links = sink.wait_for(4).await;
    let mut linked: Vec<&str> = links.iter().map(|m| m.to.as_str()).collect();
    linked.sort_unstable();
    assert_eq!(
        linked,
        [
            "player0@example.ao",
            "player1@example.ao",
            "player2@example.ao",
            "player3@example.ao"
        ]
    );
    for mail in &links {
        assert!(mail.subject.contains("Taça do Uíge"), "{}", mail.subject);
        assert_eq!(api.get(&mail.link("/p/")).await.status, 200);
    }

    let paired = api
        .api(
            "POST",
            &format!("/api/v1/events/{event}/rounds"),
            Some(&organiser),
            None,
        )
        .await;
    assert_eq!(paired.status, 201, "{}", paired.body);
    let pairings = paired.json()["pairings"].as_array().unwrap().clone();
    let all = sink.wait_for(8).await;
    until_nothing_waits(&url).await;
    let rounds: Vec<&Mail> = all[4..].iter().collect();
    assert_eq!(
        sink.mails().len(),
        8,
        "one message per player with an address"
    );
    for (player, _, email) in &players {
        let pairing = pairings
            .iter()
            .find(|p| p["first"]["id"] == *player || p["second"]["id"] == *player)
            .unwrap();
        let opponent = if pairing["first"]["id"] == *player {
            &pairing["second"]["name"]
        } else {
            &pairing["first"]["name"]
        };
        let mine: Vec<_> = rounds.iter().filter(|m| m.to == *email).collect();
        assert_eq!(mine.len(), 1, "{email}");
        let mail = mine[0];
        let board = pairing["board"].as_i64().unwrap();
        assert!(
            mail.subject.contains(&format!("mesa {board}")),
            "{}",
            mail.subject
        );
        assert!(
            mail.text.contains(opponent.as_str().unwrap()),
            "{}",
            mail.text
        );
        let game = mail.link("/p/");
        assert!(
            game.ends_with(&format!("/games/{}", pairing["game_id"])),
            "{game}"
        );
        let page = api.get(&game).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains(opponent.as_str().unwrap()));
        assert!(
            mail.header("List-Unsubscribe")
                .is_some_and(|v| v.contains("/unsubscribe/"))
        );
        assert_eq!(
            mail.header("List-Unsubscribe-Post").as_deref(),
            Some("List-Unsubscribe=One-Click")
        );
    }

    // A record sent by one player asks the opponent, and only the opponent, to confirm.
    let pairing = pairings.iter().find(|p| !p["second"].is_null()).unwrap();
    let first = pairing["first"]["id"].as_i64().unwrap();
    let second = pairing["second"]["id"].as_i64().unwrap();
    let (_, first_token, _) = players.iter().find(|(id, _, _)| *id == first).unwrap();
    let (_, _, second_email) = players.iter().find(|(id, _, _)| *id == second).unwrap();
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        5,
    );
    let sent = api
        .try_request(
            "POST",
            &format!("/api/v1/games/{}/record", pairing["game_id"]),
            &[
                ("authorization", &format!("Bearer {first_token}")),
                ("content-type", "text/plain"),
            ],
            record.into_bytes(),
        )
        .await
        .unwrap();
    assert_eq!(sent.status, 200, "{}", sent.body);
    let all = sink.wait_for(9).await;
    let asked = &all[8];
    assert_eq!(&asked.to, second_email);
    assert!(
        asked
            .text
            .contains(pairing["first"]["name"].as_str().unwrap())
    );
    assert!(
        asked
            .link("/p/")
            .ends_with(&format!("/games/{}", pairing["game_id"]))
    );

    // One player stops announcements with the mail program's one-click unsubscribe: the
    // organisers' notice reaches the three others.
    let stopping = rounds[0];
    let unsubscribe = stopping.header("List-Unsubscribe").unwrap();
    let unsubscribe = unsubscribe.trim_matches(['<', '>']);
    let path = &unsubscribe[unsubscribe.find("/unsubscribe/").unwrap()..];
    let clicked = Browser::at(&server.base)
        .try_request(
            "POST",
            path,
            &[("content-type", "application/x-www-form-urlencoded")],
            b"List-Unsubscribe=One-Click".to_vec(),
        )
        .await
        .unwrap();
    assert_eq!(clicked.status, 303, "{}", clicked.body);
    let organiser_browser = sign_in(&server.base, "org@example.ao", "a-long-password").await;
    let page = organiser_browser.get(&format!("/events/{slug}/mail")).await;
    assert_eq!(page.status, 200);
    let csrf = extract_csrf(&page.body).unwrap();
    let noticed = organiser_browser
        .post_raw(
            &format!("/events/{slug}/mail/notice"),
            &[
                ("csrf", csrf.as_str()),
                ("notice", "A ronda 2 começa às 15h."),
            ],
        )
        .await;
    assert_eq!(noticed.status, 303, "{}", noticed.body);
    until_nothing_waits(&url).await;
    let notices: Vec<Mail> = sink.wait_for(12).await.into_iter().skip(9).collect();
    assert_eq!(sink.mails().len(), 12);
    assert!(
        notices
            .iter()
            .all(|m| m.text.contains("A ronda 2 começa às 15h."))
    );
    assert!(
        notices.iter().all(|m| m.to != stopping.to),
        "unsubscribed, yet sent"
    );

    // The organiser's page lists what was sent, and never a secret link.
    let page = organiser_browser.get(&format!("/events/{slug}/mail")).await;
    assert!(page.body.contains("player1@example.ao"));
    assert!(
        !page.body.contains("/p/"),
        "a personal link on the mail page"
    );
}

#[actix_web::test]
async fn every_player_is_told_their_game_sqlite() {
    every_player_is_told_their_game(Backend::Sqlite).await;
}

#[actix_web::test]
async fn every_player_is_told_their_game_postgres() {
    every_player_is_told_their_game(Backend::Postgres).await;
}

async fn mail_waits_for_the_server_and_goes_once(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    let Some(mut sink) = SmtpSink::reserve() else {
        return;
    };
    let url = db.url();
    let organiser = organiser_token(&url, "org@example.ao");
    let server = server_with(&url, &sink, &[]).await;
    let api = Browser::at(&server.base);
    let (event, _) = swiss(&api, &organiser, "Sem Rede").await;
    players_with_mail(&api, &url, &organiser, event, 3).await;
    // The server is down: the messages wait, with the reason of each failed attempt.
    let deadline = Instant::now() + MAIL_DEADLINE;
    loop {
        if kiela_attempts(&url) >= 1 {
            break;
        }
        assert!(Instant::now() < deadline, "no attempt was made");
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(outbox_states(&url).get("waiting"), Some(&3));
    assert!(sink.mails().is_empty());
    sink.run();
    until_nothing_waits(&url).await;
    let mails = sink.mails();
    assert_eq!(mails.len(), 3, "each message once");
    let ids: std::collections::BTreeSet<&str> =
        mails.iter().map(|m| m.message_id.as_str()).collect();
    assert_eq!(ids.len(), 3);
    assert_eq!(outbox_states(&url).get("sent"), Some(&3));
    drop(server);
}

/// The most attempts any waiting message has had.
fn kiela_attempts(url: &str) -> i32 {
    let app = app_at(url);
    kiela::service::outbox::most_attempts(&app).unwrap()
}

#[actix_web::test]
async fn mail_waits_for_the_server_and_goes_once_sqlite() {
    mail_waits_for_the_server_and_goes_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn mail_waits_for_the_server_and_goes_once_postgres() {
    mail_waits_for_the_server_and_goes_once(Backend::Postgres).await;
}

async fn a_server_killed_while_sending_loses_no_message(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    // Each message takes the SMTP server a second to accept: the kill lands while the next
    // one is being sent.
    let Some(sink) = SmtpSink::slow(1.0) else {
        return;
    };
    let url = db.url();
    let organiser = organiser_token(&url, "org@example.ao");
    let lease = [("KIELA_MAIL_LEASE_SECS", "2")];
    let mut server = server_with(&url, &sink, &lease).await;
    let api = Browser::at(&server.base);
    let (event, _) = swiss(&api, &organiser, "Apagão").await;
    players_with_mail(&api, &url, &organiser, event, 12).await;
    sink.wait_for(1).await;
    server.kill();
    let _server = server_with(&url, &sink, &lease).await;
    until_nothing_waits(&url).await;
    let mails = sink.mails();
    let mut per_id: BTreeMap<&str, usize> = BTreeMap::new();
    for mail in &mails {
        *per_id.entry(mail.message_id.as_str()).or_default() += 1;
    }
    assert_eq!(per_id.len(), 12, "a message was lost: {per_id:?}");
    // A message the server accepted just before the kill, not yet marked sent, goes again:
    // once, under its own Message-ID.
    assert!(
        per_id.values().all(|n| *n <= 2),
        "sent more than twice: {per_id:?}"
    );
    assert_eq!(outbox_states(&url).get("sent"), Some(&12));
}

#[actix_web::test]
async fn a_server_killed_while_sending_loses_no_message_sqlite() {
    a_server_killed_while_sending_loses_no_message(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_server_killed_while_sending_loses_no_message_postgres() {
    a_server_killed_while_sending_loses_no_message(Backend::Postgres).await;
}

/// The reset as its owner goes through it, in Chromium on a phone-sized window: ask on the
/// sign-in page, read the mail, open the link, set the password, sign in; the link dead after.
/// Then a new address asked on the account page and confirmed from the mail sent to it.
#[actix_web::test]
async fn a_forgotten_password_in_the_browser() {
    use fantoccini::Locator;
    use kiela::web::i18n::Lang;
    let Some(db) = TestDb::create(Backend::Sqlite) else {
        return;
    };
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let Some((_driver, client)) = crate::browser::start_browser().await else {
        return;
    };
    let url = db.url();
    organiser_token(&url, "org@example.ao");
    let server = server_with(&url, &sink, &[]).await;
    let earlier = sign_in(&server.base, "org@example.ao", "a-long-password").await;
    let artifacts =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut j = crate::browser::Journey {
        client: &client,
        base: &server.base,
        lang: Lang::Pt,
        artifacts,
        shots: 0,
    };
    j.open("/login?lang=pt").await;
    client
        .find(Locator::LinkText(&Lang::Pt.t("login-forgot")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p == "/forgot").await;
    j.fill("input[name=email]", "org@example.ao").await;
    j.shot("forgot").await;
    j.press("forgot-submit").await;
    client
        .wait()
        .for_element(Locator::Id("forgot-sent"))
        .await
        .unwrap();
    j.shot("forgot-sent").await;

    let mail = sink.wait_for(1).await.remove(0);
    let link = mail.link("/reset/");
    j.open(&link).await;
    j.fill("input[name=password]", "a-new-long-password").await;
    j.shot("reset").await;
    j.press("reset-submit").await;
    j.wait_for_path(|p| p.starts_with("/login")).await;
    j.fill("input[name=email]", "org@example.ao").await;
    j.fill("input[name=password]", "a-new-long-password").await;
    j.press("login-submit").await;
    j.wait_for_path(|p| !p.starts_with("/login")).await;
    j.shot("signed-in").await;
    assert_ne!(
        earlier.get("/account").await.status,
        200,
        "the old session lives on"
    );
    j.open(&link).await;
    assert!(j.source().await.contains(&Lang::Pt.t("reset-ask-again")));
    j.shot("link-used").await;

    // Then a new address, confirmed from the mail sent to it.
    j.open("/account").await;
    j.fill(
        "form[action='/account/email'] input[name=email]",
        "nova@example.ao",
    )
    .await;
    j.fill(
        "form[action='/account/email'] input[name=current]",
        "a-new-long-password",
    )
    .await;
    j.shot("email-change").await;
    j.press("account-email-submit").await;
    j.wait_for_path(|p| p == "/account").await;
    assert!(
        j.source()
            .await
            .contains(&Lang::Pt.t("flash-email-change-sent"))
    );
    j.shot("email-change-sent").await;
    let mail = sink.wait_for(2).await.remove(1);
    assert_eq!(mail.to, "nova@example.ao");
    j.open(&mail.link("/account/email/")).await;
    j.shot("email-change-confirm").await;
    j.press("email-change-submit").await;
    j.wait_for_path(|p| p == "/account").await;
    let account = j.source().await;
    assert!(account.contains(&Lang::Pt.t("flash-email-changed")));
    assert!(account.contains("nova@example.ao"), "{account}");
    j.shot("email-changed").await;
}
