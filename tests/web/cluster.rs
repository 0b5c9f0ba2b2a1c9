//! Two `kiela serve` processes on one PostgreSQL database, as behind a load balancer: a
//! session from one works on the other, the login rate limit counts both, and racing requests
//! to both end with one round and one result.

use futures_util::future::join_all;
use serde_json::json;

use crate::harness::{Backend, Browser, TestDb, finished_record};
use crate::process::{Server, check_event, organiser_token};

#[actix_rt::test]
async fn two_app_servers_share_one_postgres_database() {
    let Some(db) = TestDb::create(Backend::Postgres) else {
        return;
    };
    let url = db.url();
    let token = organiser_token(&url, "org@example.ao");
    let (a, b) = (
        Server::start(&url, &[]).await,
        Server::start(&url, &[]).await,
    );

    // Logged in on A, recognised on B.
    let on_a = Browser::at(&a.base);
    let login = on_a.log_in("org@example.ao", "a-long-password").await;
    assert_eq!(login.status, 303);
    let on_b = Browser::at(&b.base);
    on_b.set_cookie(
        "kiela_session",
        &on_a.cookie("kiela_session").expect("a session cookie"),
    );
    let account = on_b.get("/account?lang=en").await;
    assert_eq!(account.status, 200);
    assert!(account.body.contains("org@example.ao"), "{}", account.body);
    // A form rendered by B is accepted by A: the CSRF secret is shared.
    on_a.set_cookie("kiela_csrf", &on_b.cookie("kiela_csrf").unwrap());
    let token_b = on_b.csrf().await;
    let created = on_a
        .post_raw(
            "/account/tokens",
            &[("csrf", token_b.as_str()), ("label", "from B's form")],
        )
        .await;
    assert!(
        created.status == 200 || created.status == 303,
        "{}",
        created.status
    );

    // Failed logins alternate between the servers; the limit counts them all.
    let mut statuses = Vec::new();
    for i in 0..8 {
        let server = if i % 2 == 0 { &a } else { &b };
        let browser = Browser::at(&server.base);
        statuses.push(
            browser
                .log_in("org@example.ao", "wrong-password")
                .await
                .status,
        );
    }
    assert!(statuses[..5].iter().all(|&s| s == 401), "{statuses:?}");
    assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");

    // An event, then both servers asked to pair round 1 at the same moment.
    let api_a = Browser::at(&a.base);
    let api_b = Browser::at(&b.base);
    let created = api_a
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "Duas", "format": "swiss", "rounds": 3})),
        )
        .await;
    let event = created.json()["id"].as_i64().unwrap();
    for i in 0..10 {
        let api = if i % 2 == 0 { &api_a } else { &api_b };
        let added = api
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(&token),
                Some(json!({"name": format!("P{i}"), "rating": 1500 + i})),
            )
            .await;
        assert_eq!(added.status, 201);
    }
    let path = format!("/api/v1/events/{event}/rounds");
    let (ra, rb) = futures_util::future::join(
        api_a.api("POST", &path, Some(&token), None),
        api_b.api("POST", &path, Some(&token), None),
    )
    .await;
    let mut statuses = [ra.status, rb.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{} / {}", ra.body, rb.body);
    let round = if ra.status == 201 {
        ra.json()
    } else {
        rb.json()
    };
    assert_eq!(round["round"], 1);

    // Every game finalised through both servers at once, several times.
    let mut requests = Vec::new();
    for (n, p) in round["pairings"].as_array().unwrap().iter().enumerate() {
        let game = p["game_id"].as_i64().unwrap();
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            200 + n as u64,
        );
        for server in [&a, &b, &a, &b] {
            let browser = Browser::at(&server.base);
            let record = record.clone();
            let token = token.clone();
            requests.push(async move {
                browser
                    .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
                    .await
            });
        }
    }
    for r in join_all(requests).await {
        assert!([200, 409].contains(&r.status), "{} {}", r.status, r.body);
    }
    let finals = check_event(&url, event as i32);
    assert_eq!(finals, 5, "every game has exactly one final result");
    let shown = api_b
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await;
    assert_eq!(shown.json()["rounds_paired"], 1);
}

/// A move entered through one app server reaches a spectator connected to the other: the
/// servers share nothing but the database, which carries the live feed.
#[actix_rt::test]
async fn a_move_on_one_server_reaches_a_spectator_on_the_other() {
    let Some(db) = TestDb::create(Backend::Postgres) else {
        return;
    };
    let url = db.url();
    let token = organiser_token(&url, "org@example.ao");
    let (a, b) = (
        Server::start(&url, &[]).await,
        Server::start(&url, &[]).await,
    );
    let on_a = Browser::at(&a.base);
    let created = on_a
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "Dois servidores", "rounds": 3})),
        )
        .await;
    let event = created.json()["id"].as_i64().unwrap();
    for i in 0..4 {
        on_a.api(
            "POST",
            &format!("/api/v1/events/{event}/players"),
            Some(&token),
            Some(json!({"name": format!("P{i}"), "rating": 1500 + i})),
        )
        .await;
    }
    let round = on_a
        .api(
            "POST",
            &format!("/api/v1/events/{event}/rounds"),
            Some(&token),
            None,
        )
        .await
        .json();
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let mut spectator = Browser::at(&b.base)
        .stream(&format!("/api/v1/events/{event}/rounds/1/live"), &[])
        .await;
    assert_eq!(spectator.status, 200);
    let opening = spectator
        .next(std::time::Duration::from_secs(30))
        .await
        .unwrap();
    assert_eq!(opening.name, "state");
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        5,
    );
    let first = kiela::rules::parse_record(&record).unwrap().moves[0].text();
    let played = on_a
        .api(
            "POST",
            &format!("/api/v1/games/{game}/moves"),
            Some(&token),
            Some(json!({"ply": 1, "move": first})),
        )
        .await;
    assert_eq!(played.status, 200, "{}", played.body);
    loop {
        let event = spectator
            .next(std::time::Duration::from_secs(30))
            .await
            .expect("the move reached the other server's spectator");
        if event.name == "move" {
            assert_eq!(event.data["game_id"], game);
            assert_eq!(event.data["ply"], 1);
            assert_eq!(event.data["move"], json!(first));
            break;
        }
    }
}
