//! Crash safety: the server is killed (SIGKILL) in the middle of bursts of record submissions
//! and confirmations, again and again, on SQLite and on PostgreSQL. After every restart, each
//! request that was answered 2xx is in the database, nothing half-written is visible, and the
//! stored standings equal a recomputation from scratch.

use std::time::Duration;

use futures_util::future::{join, join_all};
use serde_json::{Value, json};

use crate::harness::{Backend, Browser, TestDb, finished_record, link_account};
use crate::process::{Server, check_event, organiser_token};

/// Kills per backend; both backends together make more than twenty.
const KILLS: usize = 20;
const PLAYERS: usize = 24;

/// What an answered request promises about a game.
#[derive(Clone, Copy, Debug)]
enum Promise {
    /// A player's record was accepted: the game holds it (pending) or has moved on.
    Submitted,
    /// The result is final.
    Final,
}

fn accounts(url: &str, n: usize) -> Vec<(String, String)> {
    let app = kiela::service::App::start(kiela::config::Config {
        database_url: url.to_string(),
        pool_size: 2,
        ..kiela::config::Config::default()
    })
    .unwrap();
    (0..n)
        .map(|i| {
            let email = format!("p{i}@example.ao");
            kiela::service::accounts::create_user(
                &app,
                &email,
                &format!("Player {i}"),
                kiela::service::accounts::Role::Player,
                "a-long-password",
            )
            .unwrap();
            let token =
                kiela::service::accounts::create_api_token_for(&app, &email, "crash").unwrap();
            (email, token)
        })
        .collect()
}

async fn kill_during_bursts(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    let url = db.url();
    let organiser = organiser_token(&url, "org@example.ao");
    let players = accounts(&url, PLAYERS);
    let mut server = Server::start(&url, &[]).await;
    let api = Browser::at(&server.base);
    let created = api
        .api(
            "POST",
            "/api/v1/events",
            Some(&organiser),
            Some(json!({"name": "Apagão", "format": "swiss", "rounds": 9})),
        )
        .await;
    let event = created.json()["id"].as_i64().unwrap();
    let mut token_of = std::collections::HashMap::new();
    for (i, (email, token)) in players.iter().enumerate() {
        let added = api
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(&organiser),
                Some(json!({"name": format!("Player {i}"), "rating": 2000 - i, "email": email})),
            )
            .await;
        let player = added.json()["id"].as_i64().unwrap();
        link_account(&api, &organiser, event, player, email).await;
        token_of.insert(player, token.clone());
    }

    let mut rng = fastrand::Rng::with_seed(backend as u64 + 17);
    let mut round = 0;
    let mut answered = 0;
    let mut lost_in_flight = 0;
    for kill in 0..KILLS {
        let api = Browser::at(&server.base);
        // The open games of the current round, or a new round when it is complete.
        let mut open: Vec<Value> = Vec::new();
        if round > 0 {
            let shown = api
                .api(
                    "GET",
                    &format!("/api/v1/events/{event}/rounds/{round}"),
                    None,
                    None,
                )
                .await
                .json();
            open = shown["pairings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["status"] != "final" && !p["second"].is_null())
                .cloned()
                .collect();
        }
        if open.is_empty() {
            let paired = api
                .api(
                    "POST",
                    &format!("/api/v1/events/{event}/rounds"),
                    Some(&organiser),
                    None,
                )
                .await;
            assert_eq!(paired.status, 201, "{}", paired.body);
            round = paired.json()["round"].as_i64().unwrap();
            open = paired.json()["pairings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["status"] != "final" && !p["second"].is_null())
                .cloned()
                .collect();
        }

        // A burst: on every open game a player submits and the opponent confirms; some games
        // are entered by the organiser instead. The server dies somewhere in the middle.
        let base = server.base.clone();
        let delay = Duration::from_millis(rng.u64(5..120));
        let bursts: Vec<_> = open
            .iter()
            .map(|p| {
                let game = p["game_id"].as_i64().unwrap();
                let first = token_of[&p["first"]["id"].as_i64().unwrap()].clone();
                let second = token_of[&p["second"]["id"].as_i64().unwrap()].clone();
                let by_organiser = rng.u8(..4) == 0;
                let organiser = organiser.clone();
                let seed = rng.u64(..);
                let base = base.clone();
                async move {
                    let client = Browser::at(&base);
                    let (record, _) = finished_record(
                        kiela::rules::Variant::Advanced,
                        kiela::rules::Side::South,
                        seed,
                    );
                    let mut promises = Vec::new();
                    let path = format!("/api/v1/games/{game}/record");
                    let submitter = if by_organiser { &organiser } else { &first };
                    let auth = format!("Bearer {submitter}");
                    let sent = client
                        .try_request(
                            "POST",
                            &path,
                            &[("authorization", &auth), ("content-type", "text/plain")],
                            record.into_bytes(),
                        )
                        .await;
                    match sent {
                        Ok(r) if r.status == 200 => promises.push((
                            game,
                            if by_organiser {
                                Promise::Final
                            } else {
                                Promise::Submitted
                            },
                        )),
                        Ok(r) => panic!("submission answered {}: {}", r.status, r.body),
                        Err(_) => return (promises, 1),
                    }
                    if !by_organiser {
                        let auth = format!("Bearer {second}");
                        match client
                            .try_request(
                                "POST",
                                &format!("/api/v1/games/{game}/confirm"),
                                &[("authorization", &auth)],
                                Vec::new(),
                            )
                            .await
                        {
                            Ok(r) if r.status == 200 => promises.push((game, Promise::Final)),
                            Ok(r) => panic!("confirmation answered {}: {}", r.status, r.body),
                            Err(_) => return (promises, 1),
                        }
                    }
                    (promises, 0)
                }
            })
            .collect();
        let killer = async {
            actix_rt::time::sleep(delay).await;
            server.kill();
        };
        let (results, ()) = join(join_all(bursts), killer).await;
        let mut promises = Vec::new();
        for (p, lost) in results {
            promises.extend(p);
            lost_in_flight += lost;
        }
        answered += promises.len();

        // Restart on the same database and hold the server to every answer it gave.
        server = Server::start(&url, &[]).await;
        let check = Browser::at(&server.base);
        for (game, promise) in &promises {
            let shown = check
                .api("GET", &format!("/api/v1/games/{game}"), None, None)
                .await
                .json();
            let status = shown["status"].as_str().unwrap();
            match promise {
                Promise::Submitted => assert!(
                    ["pending", "final", "disputed"].contains(&status),
                    "kill {kill}: game {game} lost an accepted record: {shown}"
                ),
                Promise::Final => assert_eq!(
                    status, "final",
                    "kill {kill}: game {game} lost its final result: {shown}"
                ),
            }
        }
        let url = url.clone();
        actix_rt::task::spawn_blocking(move || check_event(&url, event as i32))
            .await
            .unwrap();
    }
    println!(
        "{backend:?}: {KILLS} kills, {answered} answered requests kept, {lost_in_flight} requests cut off"
    );
    assert!(
        answered > 0 && lost_in_flight > 0,
        "the kills happened mid-burst"
    );
}

#[actix_rt::test]
async fn killed_mid_burst_sqlite() {
    kill_during_bursts(Backend::Sqlite).await;
}

#[actix_rt::test]
async fn killed_mid_burst_postgres() {
    kill_during_bursts(Backend::Postgres).await;
}
