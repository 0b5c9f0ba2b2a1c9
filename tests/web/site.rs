//! Languages, error pages, health, static files, configuration and migrations.

use std::collections::BTreeSet;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;
use kiela::db::{self, DbConnection};
use kiela::web::i18n::{Lang, message_keys};

use crate::both_backends;
use crate::harness::{Backend, TestApp, TestDb};

async fn languages_follow_query_cookie_header_then_portuguese(app: &TestApp) {
    let browser = app.browser();
    let default = browser.get("/login").await;
    // Portuguese as written in Angola.
    assert!(crate::harness::attributes(&default.body, "html", "lang") == ["pt-AO"]);
    assert!(default.body.contains("Palavra-passe"));

    let french = app.browser();
    let page = french
        .get_with("/login", &[("accept-language", "fr-FR,fr;q=0.9,en;q=0.5")])
        .await;
    assert!(page.body.contains("Mot de passe"), "{}", page.body);

    let chosen = french.get("/login?lang=en").await;
    assert!(chosen.body.contains("Password"));
    assert_eq!(french.cookie("kiela_lang").as_deref(), Some("en"));
    // The cookie now wins over the header.
    let again = french
        .get_with("/login", &[("accept-language", "fr")])
        .await;
    assert!(again.body.contains("Password"));
    assert!(crate::harness::attributes(&again.body, "html", "lang") == ["en"]);
}

async fn error_pages_are_translated(app: &TestApp) {
    let browser = app.browser();
    for (lang, text) in [
        ("pt", "Página não encontrada"),
        ("en", "Page not found"),
        ("fr", "Page introuvable"),
    ] {
        let page = browser.get(&format!("/no/such/page?lang={lang}")).await;
        assert_eq!(page.status, 404);
        assert!(page.body.contains(text), "{lang}: {}", page.body);
        assert!(
            page.header("content-type")
                .unwrap()
                .starts_with("text/html")
        );
    }
    let api = browser.get("/api/v1/no/such/thing").await;
    assert_eq!(api.status, 404);
    assert_eq!(api.json()["error"]["code"], "not_found");
    let wrong_method = browser.request("DELETE", "/login", &[], Vec::new()).await;
    assert!(wrong_method.status == 404 || wrong_method.status == 405);
}

async fn health_and_static_files(app: &TestApp) {
    let browser = app.browser();
    let health = browser.get("/healthz").await;
    assert_eq!(health.status, 200);
    let expected = match app.backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    assert_eq!(health.json()["database"], expected);
    let css = browser.get("/static/style.css").await;
    assert_eq!(css.status, 200);
    assert!(css.body.contains("@media print"));
    let etag = css.header("etag").unwrap().to_string();
    let cached = browser
        .get_with("/static/style.css", &[("if-none-match", &etag)])
        .await;
    assert_eq!(cached.status, 304);
    assert_eq!(browser.get("/static/../Cargo.toml").await.status, 404);
}

async fn migrations_go_up_down_and_up_again(app: &TestApp) {
    let mut conn = app.app.conn().unwrap();
    let before = schema_of(&mut conn);
    assert!(before.iter().any(|t| t.starts_with("users.")), "{before:?}");
    db::revert_all_migrations(&mut conn).unwrap();
    let empty = schema_of(&mut conn);
    assert!(empty.iter().all(|t| !t.starts_with("users.")), "{empty:?}");
    db::run_migrations(&mut conn).unwrap();
    assert_eq!(schema_of(&mut conn), before);
}

both_backends!(
    languages_follow_query_cookie_header_then_portuguese,
    error_pages_are_translated,
    health_and_static_files,
    migrations_go_up_down_and_up_again,
);

#[derive(QueryableByName)]
struct Column {
    #[diesel(sql_type = Text)]
    name: String,
}

/// Every table.column of the application's schema.
fn schema_of(conn: &mut DbConnection) -> BTreeSet<String> {
    let query = match conn {
        DbConnection::Sqlite(_) => {
            "SELECT m.name || '.' || p.name AS name FROM sqlite_master m \
             JOIN pragma_table_info(m.name) p WHERE m.type = 'table' \
             AND m.name NOT LIKE 'sqlite_%' AND m.name != '__diesel_schema_migrations'"
        }
        DbConnection::Postgres(_) => {
            "SELECT table_name || '.' || column_name AS name FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name != '__diesel_schema_migrations'"
        }
    };
    diesel::sql_query(query)
        .load::<Column>(conn)
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect()
}

#[test]
fn every_message_exists_in_every_language() {
    let reference: BTreeSet<String> = message_keys(Lang::Pt).into_iter().collect();
    assert!(reference.len() > 50);
    for lang in Lang::ALL {
        let keys: BTreeSet<String> = message_keys(lang).into_iter().collect();
        let missing: Vec<_> = reference.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&reference).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang} has keys Portuguese lacks: {extra:?}"
        );
    }
}

/// The values of a language's messages, lower-cased, one per line.
fn message_text(file: &str) -> String {
    let path = format!("{}/locales/{file}/main.ftl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| match l.split_once(" = ") {
            Some((key, value)) if !l.starts_with(' ') && !key.contains(' ') => value,
            _ => l,
        })
        .map(without_variables)
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase()
}

/// A message's text without its variables' names (`{ $token }` is no word a reader sees).
fn without_variables(text: &str) -> String {
    let mut out = String::new();
    let mut in_name = false;
    for c in text.chars() {
        if c == '$' {
            in_name = true;
        } else if !in_name || !(c.is_alphanumeric() || c == '_') {
            in_name = false;
            out.push(c);
        }
    }
    out
}

/// Whether `phrase` stands in `text` as whole words.
fn has_phrase(text: &str, phrase: &str) -> bool {
    // A setting's name (`federation_token`) is code, not a word.
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_');
    text.match_indices(phrase).any(|(at, _)| {
        !word(text[..at].chars().next_back()) && !word(text[at + phrase.len()..].chars().next())
    })
}

/// Whether a word of `text` begins with `stem`.
fn starts_a_word(text: &str, stem: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_');
    text.match_indices(stem)
        .any(|(at, _)| !word(text[..at].chars().next_back()))
}

/// docs/glossary.md's words that must not be used, per language, are not in its messages.
#[test]
fn the_glossary_is_kept() {
    let glossary =
        std::fs::read_to_string(format!("{}/docs/glossary.md", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    let pt = message_text("pt-AO");
    let fr = message_text("fr-FR");
    let mut checked = 0;
    let mut broken = Vec::new();
    for row in glossary
        .lines()
        .filter(|l| l.starts_with("| ") && !l.contains("---"))
    {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        // Terms: concept, en, pt, fr, not in pt, not in fr. Spelling: not used, as written;
        // a spelling is refused in every form of its word (`atualizar`: `atualiza`,
        // `atualize`), so its stem is matched at the start of words.
        if cells.len() == 2 && !cells[0].starts_with("1990") {
            let stem = cells[0].trim_end_matches(['a', 'e', 'o', 'r']);
            let stem = if stem.chars().count() < 4 {
                cells[0]
            } else {
                stem
            };
            checked += 1;
            if starts_a_word(&pt, &stem.to_lowercase()) {
                broken.push(cells[0].to_string());
            }
            continue;
        }
        let forbidden: Vec<(&str, &String)> = match cells.len() {
            6 if cells[0] != "concept" => {
                let mut list = Vec::new();
                for (cell, text) in [(cells[4], &pt), (cells[5], &fr)] {
                    for word in cell.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                        list.push((word, text));
                    }
                }
                list
            }
            _ => continue,
        };
        for (word, text) in forbidden {
            checked += 1;
            if has_phrase(text, &word.to_lowercase()) {
                broken.push(word.to_string());
            }
        }
    }
    assert!(
        checked > 30,
        "the glossary's tables were read ({checked} words)"
    );
    assert!(broken.is_empty(), "words the glossary forbids: {broken:?}");
}

/// Every error code, state and kind the program knows has a message in every language.
#[test]
fn every_error_code_and_enumeration_is_translated() {
    use kiela::domain::{
        ErrorCode, EventState, Format, GameStatus, PlayerStatus, Role, RoundState, StaffRole,
    };
    use kiela::rules::{Reason, Termination, Variant};
    use kiela::tournament::standings::Tiebreak;
    let mut keys: BTreeSet<String> = ErrorCode::ALL
        .iter()
        .map(|c| format!("error-{}", c.as_str()))
        .collect();
    keys.extend(Format::ALL.iter().map(|f| format!("format-{f}")));
    keys.extend(
        Variant::ALL
            .iter()
            .map(|v| format!("variant-{}", v.as_str())),
    );
    keys.extend(
        Tiebreak::ALL
            .iter()
            .map(|t| format!("tiebreak-{}", t.code())),
    );
    keys.extend(Reason::ALL.iter().map(|r| format!("reason-{}", r.as_str())));
    keys.extend(
        Termination::ALL
            .iter()
            .map(|t| format!("termination-{}", t.as_str())),
    );
    keys.extend(EventState::ALL.iter().map(|s| format!("state-{s}")));
    keys.extend(GameStatus::ALL.iter().map(|s| format!("game-status-{s}")));
    keys.extend(
        PlayerStatus::ALL
            .iter()
            .map(|s| format!("player-status-{s}")),
    );
    keys.extend(RoundState::ALL.iter().map(|s| format!("round-state-{s}")));
    keys.extend(StaffRole::ALL.iter().map(|s| format!("staff-{s}")));
    keys.extend(Role::ALL.iter().map(|s| format!("role-{s}")));
    keys.extend(
        kiela::domain::AuditAction::ALL
            .iter()
            .map(|a| format!("audit-{a}")),
    );
    keys.extend(
        kiela::domain::FairPlayDecision::ALL
            .iter()
            .map(|d| format!("fair-play-decision-{d}")),
    );
    keys.extend(
        kiela::domain::SubmissionStatus::ALL
            .iter()
            .map(|s| format!("submission-status-{s}")),
    );
    keys.extend(
        kiela::domain::SubmitterRole::ALL
            .iter()
            .map(|r| format!("submitter-{r}")),
    );
    keys.extend(
        kiela::service::games::QueueAsk::ALL
            .iter()
            .map(|a| format!("queue-ask-{}", a.as_str())),
    );
    for action in kiela::service::my_games::NextAction::ALL {
        keys.insert(format!("my-action-{}", action.as_str()));
        keys.insert(format!("my-go-{}", action.as_str()));
    }
    for lang in Lang::ALL {
        let known: BTreeSet<String> = message_keys(lang).into_iter().collect();
        let missing: Vec<_> = keys.iter().filter(|k| !known.contains(*k)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
    }
}

#[test]
fn unknown_database_schemes_are_refused_at_start_up() {
    for url in [
        "mysql://root@localhost/kiela",
        "postgress://x@y/z",
        "kiela.db",
    ] {
        let config = kiela::config::Config {
            database_url: url.to_string(),
            ..kiela::config::Config::default()
        };
        let err = kiela::service::App::start(config).unwrap_err();
        assert!(
            err.to_string().contains("unsupported database URL"),
            "{err}"
        );
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["migrate", "--database-url", "mysql://root@localhost/kiela"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unsupported database URL"));
}

#[test]
fn admin_commands_create_users_and_print_tokens() {
    let db = TestDb::create(Backend::Sqlite).unwrap();
    let url = db.url();
    let kiela = env!("CARGO_BIN_EXE_kiela");
    let mut child = std::process::Command::new(kiela)
        .args([
            "admin",
            "create-user",
            "--database-url",
            &url,
            "--email",
            "org@example.ao",
            "--name",
            "Organiser",
            "--role",
            "organiser",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"organiser-password\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let output = std::process::Command::new(kiela)
        .args([
            "admin",
            "create-token",
            "--database-url",
            &url,
            "--email",
            "org@example.ao",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let token = stdout.trim();
    assert_eq!(stdout, format!("{token}\n"), "the token and nothing else");
    assert_eq!(token.len(), 64);

    let config = kiela::config::Config {
        database_url: url.clone(),
        ..kiela::config::Config::default()
    };
    let app = kiela::service::App::start(config).unwrap();
    let user = kiela::service::accounts::api_token_user(&app, token)
        .unwrap()
        .unwrap();
    assert_eq!(user.role, kiela::service::accounts::Role::Organiser);

    let output = std::process::Command::new(kiela)
        .args([
            "admin",
            "create-token",
            "--database-url",
            &url,
            "--email",
            "nobody@example.ao",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    // A one-time link for a new password, printed with the site's address.
    let reset = std::process::Command::new(kiela)
        .args([
            "admin",
            "reset-password",
            "--database-url",
            &url,
            "--email",
            "org@example.ao",
        ])
        .env("KIELA_BASE_URL", "http://192.168.137.1:8080")
        .output()
        .unwrap();
    assert!(
        reset.status.success(),
        "{}",
        String::from_utf8_lossy(&reset.stderr)
    );
    let printed = String::from_utf8(reset.stdout).unwrap();
    assert!(
        printed.starts_with("http://192.168.137.1:8080/reset/"),
        "{printed}"
    );
    assert_eq!(
        printed.trim().len(),
        "http://192.168.137.1:8080/reset/".len() + 64
    );
    let unknown = std::process::Command::new(kiela)
        .args([
            "admin",
            "reset-password",
            "--database-url",
            &url,
            "--email",
            "nobody@example.ao",
        ])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    let mut conn = app.conn().unwrap();
    conn.batch_execute("SELECT 1").unwrap();
}
