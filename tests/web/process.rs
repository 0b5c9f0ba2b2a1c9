//! The `kiela` binary as separate processes: servers started, killed and restarted, and the
//! administration commands, run exactly as an operator would.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary under test.
pub fn kiela() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kiela"))
}

/// Runs a `kiela` command against a database, with `stdin` as its input.
pub fn run(database_url: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = kiela()
        .args(args)
        .env("KIELA_DATABASE_URL", database_url)
        .env("KIELA_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// An organiser account and an API token for it, made with the administration commands.
pub fn organiser_token(database_url: &str, email: &str) -> String {
    let made = run(
        database_url,
        &[
            "admin",
            "create-user",
            "--email",
            email,
            "--name",
            "Org",
            "--role",
            "organiser",
        ],
        "a-long-password\n",
    );
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let token = run(
        database_url,
        &["admin", "create-token", "--email", email],
        "",
    );
    assert!(token.status.success());
    String::from_utf8(token.stdout).unwrap().trim().to_string()
}

/// A `kiela serve` process on a free port.
pub struct Server {
    child: Child,
    pub base: String,
}

impl Server {
    pub async fn start(database_url: &str, env: &[(&str, &str)]) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut command = kiela();
        command
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .env("KIELA_DATABASE_URL", database_url)
            .env("KIELA_LOG", "warn")
            .env("KIELA_PUBLIC_CACHE_MS", "0")
            .env("KIELA_WORKERS", "2")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        for (k, v) in env {
            command.env(k, v);
        }
        let child = command.spawn().unwrap();
        let server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        let client = awc::Client::default();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(res) = client.get(format!("{}/healthz", server.base)).send().await
                && res.status().is_success()
            {
                return server;
            }
            assert!(Instant::now() < deadline, "the server did not start");
            actix_rt::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The most memory the process has held resident so far (`VmHWM`, in KiB).
    pub fn peak_memory_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    }

    /// SIGKILL: no shutdown, no flushing, as when the power goes.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Checks an event straight in its database: every game became final at most once (exactly
/// once when it is final now), nothing is half-written (a final game has its result, a game
/// in a published round has its players), and the stored standings equal a recomputation
/// from scratch. Returns the number of final games.
pub fn check_event(database_url: &str, event: i32) -> usize {
    let app = kiela::service::App::start(kiela::config::Config {
        database_url: database_url.to_string(),
        pool_size: 3,
        ..kiela::config::Config::default()
    })
    .unwrap();
    let access = kiela::service::access::access(
        &app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event)),
        None,
    )
    .unwrap();
    let mut conn = app.conn().unwrap();
    let games =
        kiela::db::events::games_of_event(&mut conn, kiela::domain::EventId(event)).unwrap();
    let mut finals = 0;
    for game in &games {
        let became_final = kiela::db::events::audit_of_game(&mut conn, game.id)
            .unwrap()
            .iter()
            .filter(|e| e.to_state.as_deref() == Some("final"))
            .count();
        if game.status == kiela::domain::GameStatus::Final {
            assert!(
                game.result.is_some(),
                "game {} is final without a result",
                game.id
            );
            assert!(
                became_final <= 1,
                "game {} became final {became_final} times",
                game.id
            );
            finals += 1;
        } else {
            assert_eq!(became_final, 0, "game {} lost its final result", game.id);
        }
        assert!(game.first_id.is_some(), "game {} has no player", game.id);
    }
    crate::harness::settled_standings(&app, &access);
    finals
}
