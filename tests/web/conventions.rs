//! The API as generated clients and other sites expect it: 405 with `Allow`, unknown fields
//! refused, our own 404 for a path that does not parse, `Location` on 201, pagination, CORS
//! and ETags on public reads only, RFC 3339 moments, lowercase enums, records as JSON.

use serde_json::json;

use crate::both_backends;
use crate::harness::{Req, TestApp, account_with_token, event_with_players, finished_record};

async fn api_conventions(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();

    // 201 with Location, for an event, a player and a round.
    let created = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Aberto", "rounds": 3})),
        )
        .await
        .expect(201);
    let id = created.json()["id"].as_i64().unwrap();
    assert_eq!(
        created.location(),
        Some(format!("/api/v1/events/{id}").as_str())
    );
    let player = client
        .send(
            Req::post(format!("/api/v1/events/{id}/players"))
                .bearer(&token)
                .json(json!({"name": "Ana Kiala"})),
        )
        .await
        .expect(201);
    let pid = player.json()["id"].as_i64().unwrap();
    assert_eq!(
        player.location(),
        Some(format!("/api/v1/events/{id}/players/{pid}").as_str())
    );

    // A field the operation does not have is named, never ignored; nothing is created.
    let refused = client
        .send(
            Req::post(format!("/api/v1/events/{id}/players"))
                .bearer(&token)
                .json(json!({"name": "Bento", "ratting": 1900})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(refused["error"]["code"], "unknown_fields");
    assert_eq!(refused["error"]["fields"], json!(["ratting"]));
    let refused = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "X", "formt": "swiss"})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(refused["error"]["fields"], json!(["formt"]));
    // A field of the wrong type is named, in JSON's words, not Rust's.
    let wrong = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "X", "rounds": "a"})),
        )
        .await
        .expect(400)
        .json();
    assert_eq!(wrong["error"]["field"], "rounds");
    let message = wrong["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("whole number") && !message.contains("i64"),
        "{message}"
    );
    // An object is an object at every depth: serde alone would read a prize category's rule,
    // or a pairing board, from an array of its fields in order.
    for (path, method, body, field) in [
        (
            format!("/api/v1/events/{id}/prizes"),
            "PUT",
            json!({"places": [], "categories": [{"name": "S", "prizes": [], "rule": ["F", null]}]}),
            "categories[0].rule",
        ),
        (
            format!("/api/v1/events/{id}/rounds/1/pairings"),
            "PUT",
            json!({"boards": [[pid, null]]}),
            "boards[0]",
        ),
    ] {
        let req = match method {
            "PUT" => Req::put(&path),
            _ => Req::post(&path),
        };
        let wrong = client
            .send(req.bearer(&token).json(body))
            .await
            .expect(400)
            .json();
        assert_eq!(wrong["error"]["field"], field, "{wrong}");
        let message = wrong["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("array") && message.contains("expected a JSON object"),
            "{message}"
        );
    }

    // A wrong method: 405 with Allow, on the API and on pages; a real 404 stays a 404.
    let wrong = client
        .send(Req::delete(format!("/api/v1/events/{id}/standings")))
        .await
        .expect(405);
    assert_eq!(wrong.header("allow"), Some("GET, HEAD"));
    assert_eq!(wrong.json()["error"]["code"], "method_not_allowed");
    let wrong = client.send(Req::put("/api/v1/events")).await.expect(405);
    assert_eq!(wrong.header("allow"), Some("GET, POST, HEAD"));
    let page = client.send(Req::delete("/login")).await.expect(405);
    assert_eq!(page.header("allow"), Some("GET, POST, HEAD"));
    client
        .send(Req::get("/api/v1/events/999999"))
        .await
        .expect(404);
    client
        .send(Req::get("/api/v1/nothing-here"))
        .await
        .expect(404);

    // A path parameter that does not parse: our own words.
    let bad = client
        .send(Req::get("/api/v1/games/abc"))
        .await
        .expect(404)
        .json();
    assert_eq!(bad["error"]["code"], "not_found");
    let missing = client
        .send(Req::get("/api/v1/events/999999"))
        .await
        .expect(404)
        .json();
    assert_eq!(
        bad["error"]["message"], missing["error"]["message"],
        "one wording for every 404"
    );
    assert!(!bad.to_string().contains("deserialize"), "{bad}");

    // Moments with their offset, enums lowercase.
    let shown = client
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json();
    let updated = shown["updated_at"].as_str().unwrap();
    assert!(
        chrono::DateTime::parse_from_rfc3339(updated).is_ok(),
        "{updated}"
    );
    assert!(updated.ends_with('Z'), "{updated}");
    assert_eq!(shown["initial_colour"], "white");

    // Public reads: CORS for anyone, an ETag answered 304; writes: no CORS header.
    let standings = client
        .send(Req::get(format!("/api/v1/events/{id}/standings")))
        .await
        .expect(200);
    assert_eq!(standings.header("access-control-allow-origin"), Some("*"));
    assert_eq!(standings.header("cache-control"), Some("public, no-cache"));
    let tag = standings.header("etag").unwrap().to_string();
    let again = client
        .send(Req::get(format!("/api/v1/events/{id}/standings")).header("If-None-Match", &tag))
        .await
        .expect(304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(tag.as_str()));
    let with_token = client
        .send(Req::get(format!("/api/v1/events/{id}")).bearer(&token))
        .await
        .expect(200);
    assert_eq!(
        with_token.header("cache-control"),
        Some("private, no-cache")
    );
    assert!(
        created.header("access-control-allow-origin").is_none(),
        "no CORS on a write"
    );
    let mine = client
        .send(Req::get("/api/v1/me/games").bearer(&token))
        .await
        .expect(200);
    assert!(
        mine.header("access-control-allow-origin").is_none(),
        "nor on a private read"
    );

    // Pagination: per_page and page, Link and X-Total-Count; bad values named.
    let (other, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Torneio", "rounds": 3}),
        &["A Um", "B Dois", "C Três", "D Quatro", "E Cinco"],
    )
    .await;
    let page = client
        .send(Req::get(format!(
            "/api/v1/events/{other}/players?per_page=2&page=2"
        )))
        .await
        .expect(200);
    assert_eq!(page.header("x-total-count"), Some("5"));
    let names: Vec<String> = page.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, vec!["C Três", "D Quatro"]);
    let link = page.header("link").unwrap();
    for rel in [
        format!("</api/v1/events/{other}/players?page=1&per_page=2>; rel=\"first\""),
        format!("</api/v1/events/{other}/players?page=1&per_page=2>; rel=\"prev\""),
        format!("</api/v1/events/{other}/players?page=3&per_page=2>; rel=\"next\""),
        format!("</api/v1/events/{other}/players?page=3&per_page=2>; rel=\"last\""),
    ] {
        assert!(link.contains(&rel), "{link}");
    }
    let all = client
        .send(Req::get(format!("/api/v1/events/{other}/players")))
        .await
        .expect(200)
        .json();
    assert_eq!(
        all["players"].as_array().unwrap().len(),
        5,
        "no parameters: every item"
    );
    let bad = client
        .send(Req::get(format!(
            "/api/v1/events/{other}/standings?per_page=0"
        )))
        .await
        .expect(400)
        .json();
    assert_eq!(bad["error"]["field"], "per_page");

    // A round's 201 has its Location; a record sent as JSON is taken like the text.
    let round = client
        .send(Req::post(format!("/api/v1/events/{other}/rounds")).bearer(&token))
        .await
        .expect(201);
    assert_eq!(
        round.location(),
        Some(format!("/api/v1/events/{other}/rounds/1").as_str())
    );
    let game = round.json()["pairings"][0]["game_id"].as_i64().unwrap();
    let event_before = client
        .send(Req::get(format!("/api/v1/events/{other}")))
        .await
        .expect(200);
    let game_before = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200);
    let game_again = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200);
    assert_eq!(game_again.body, game_before.body);
    assert_eq!(game_again.header("etag"), game_before.header("etag"));
    let (record, result) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        77,
    );
    let submitted = client
        .send(
            Req::post(format!("/api/v1/games/{game}/record"))
                .bearer(&token)
                .json(json!({"record": record})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(submitted["result"], result.as_str(), "{submitted}");
    // A new record is a new version of the event: the stored answer is not served any more.
    let event_after = client
        .send(
            Req::get(format!("/api/v1/events/{other}"))
                .header("If-None-Match", event_before.header("etag").unwrap()),
        )
        .await
        .expect(200);
    assert_ne!(event_after.header("etag"), event_before.header("etag"));
    assert_ne!(
        event_after.json()["version"],
        event_before.json()["version"]
    );
}

both_backends!(api_conventions);

/// A client generated from the served OpenAPI document (openapi-python-client, from PyPI)
/// drives a whole event, records included, with no hand-written HTTP call
/// (`tests/clients/drive_event.py`). Skipped without the generator, except under `CI=true`.
#[actix_web::test]
async fn a_generated_client_drives_a_whole_event() {
    if crate::harness::fast_tier() {
        return;
    }
    let generator = std::process::Command::new("openapi-python-client")
        .arg("--version")
        .output();
    if !generator.is_ok_and(|o| o.status.success()) {
        assert!(
            !crate::harness::in_ci(),
            "CI=true but openapi-python-client is not installed (pip install openapi-python-client)"
        );
        eprintln!("openapi-python-client is not installed: the generated-client test is skipped");
        return;
    }
    let app = TestApp::spawn(crate::harness::Backend::Sqlite)
        .await
        .unwrap();
    let token = account_with_token(&app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();
    let document = client
        .send(Req::get("/api/v1/openapi.json"))
        .await
        .expect(200)
        .body;
    let dir = std::env::temp_dir().join(format!("kiela-client-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("openapi.json"), document).unwrap();
    let generated = std::process::Command::new("openapi-python-client")
        .args(["generate", "--path", "openapi.json", "--meta", "none"])
        .args(["--output-path", "kiela_client"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        generated.status.success(),
        "{}",
        String::from_utf8_lossy(&generated.stderr)
    );
    let records: Vec<String> = (0..12)
        .map(|i| {
            finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                4000 + i,
            )
            .0
        })
        .collect();
    std::fs::write(dir.join("records.json"), json!(records).to_string()).unwrap();
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/drive_event.py");
    let base = app.base.clone();
    let dir_arg = dir.clone();
    let driven = actix_web::rt::task::spawn_blocking(move || {
        std::process::Command::new("python3")
            .arg(script)
            .arg(&base)
            .arg(&token)
            .arg(&dir_arg)
            .arg(dir_arg.join("records.json"))
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(
        driven.status.success(),
        "{}{}",
        String::from_utf8_lossy(&driven.stdout),
        String::from_utf8_lossy(&driven.stderr)
    );
    let out: serde_json::Value = serde_json::from_slice(&driven.stdout).unwrap();
    assert_eq!(
        out["records"], 6,
        "two boards a round for three rounds: {out}"
    );
    assert_eq!(out["state"], "finished", "{out}");
    let rows = out["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let points: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!(
        (points - 9.0).abs() < 1e-9,
        "six games and three byes: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    app.stop().await;
}

/// Every database connection busy: a request waits its bounded time in line, then answers 503
/// with `Retry-After`, page and API alike; once a connection is free it is served again.
async fn an_exhausted_pool_answers_503_with_retry_after(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();
    let (id, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Cheio"}),
        &["A Um", "B Dois"],
    )
    .await;
    let held: Vec<_> = (0..2).map(|_| app.app.conn().unwrap()).collect();
    for path in [
        format!("/api/v1/events/{id}/standings"),
        format!("/events/{slug}/players"),
    ] {
        let busy = client.send(Req::get(path.clone())).await.expect(503);
        assert_eq!(busy.header("retry-after"), Some("1"), "{path}");
    }
    drop(held);
    client
        .send(Req::get(format!("/api/v1/events/{id}/standings")))
        .await
        .expect(200);
}

mod exhausted_pool {
    #[actix_web::test]
    async fn sqlite() {
        let app = crate::harness::TestApp::spawn_with(crate::harness::Backend::Sqlite, |c| {
            c.pool_size = 2;
            c.pool_wait_ms = 200;
        })
        .await
        .unwrap();
        super::an_exhausted_pool_answers_503_with_retry_after(&app).await;
        app.stop().await;
    }

    #[actix_web::test]
    async fn postgres() {
        if let Some(app) =
            crate::harness::TestApp::spawn_with(crate::harness::Backend::Postgres, |c| {
                c.pool_size = 2;
                c.pool_wait_ms = 200;
            })
            .await
        {
            super::an_exhausted_pool_answers_503_with_retry_after(&app).await;
            app.stop().await;
        }
    }
}
