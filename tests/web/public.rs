//! What the public sees: every public page and export of an event with byes, a forfeit and a
//! withdrawal, conditional GETs, the bracket of a knockout, and the TRF round trip.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{
    Backend, Browser, Req, TestApp, account_with_token, add_player, event_with_players,
    finished_record, pair_round, texts,
};

pub(crate) struct Played {
    pub(crate) id: i64,
    pub(crate) slug: String,
    /// Game ids with a replayable record.
    pub(crate) recorded: Vec<i64>,
    pub(crate) forfeit_game: i64,
    pub(crate) withdrawn: i64,
}

/// Seven players, three Swiss rounds: a pairing bye every round, a requested half-point bye in
/// round 2, a forfeit decided by the arbiter in round 1 and a withdrawal after round 1. The same
/// calls give the same event, so its pages and responses can be compared with snapshots.
pub(crate) async fn run_event(client: &Browser<'_>, token: &str) -> Played {
    let settings =
        json!({"name": "Open Público", "format": "swiss", "rounds": 3, "location": "Malanje"});
    let event = client
        .send(Req::post("/api/v1/events").bearer(token).json(settings))
        .await
        .expect(201)
        .json();
    let id = event["id"].as_i64().unwrap();
    let slug = event["slug"].as_str().unwrap().to_string();
    let mut players = Vec::new();
    for (i, name) in [
        "Ana Kiala",
        "Bento Lunda",
        "Carla Muxima",
        "Domingos Neto",
        "Eva Quissama",
        "Fausto Ribeiro",
        "Graça Soba",
    ]
    .iter()
    .enumerate()
    {
        let rating = 1900 - 25 * i as i64;
        players.push(add_player(client, token, id, json!({"name": name, "rating": rating})).await);
    }
    client
        .send(
            Req::post(format!("/api/v1/events/{id}/players/{}/byes", players[2]))
                .bearer(token)
                .json(json!({"round": 2, "points": "half"})),
        )
        .await
        .expect(200);

    let mut recorded = Vec::new();
    let mut forfeit_game = 0;
    let mut seed = 500;
    for round in 1..=3 {
        let pairings = pair_round(client, token, id).await["pairings"]
            .as_array()
            .unwrap()
            .clone();
        if round == 1 {
            // A bye for a round already paired is the event's state (409); a round that no
            // event has is the request's fault (422).
            for (asked, status) in [(1, 409), (0, 422), (100, 422)] {
                let refused = client
                    .send(
                        Req::post(format!("/api/v1/events/{id}/players/{}/byes", players[3]))
                            .bearer(token)
                            .json(json!({"round": asked, "points": "half"})),
                    )
                    .await
                    .expect(status)
                    .json();
                assert_eq!(refused["error"]["code"], "bye_round_invalid", "{refused}");
            }
        }
        for p in pairings.iter().filter(|p| p["status"] != "final") {
            let game = p["game_id"].as_i64().unwrap();
            if round == 1 && forfeit_game == 0 {
                let decision = json!({"result": "+-", "reason": "absent at the start"});
                client
                    .send(
                        Req::post(format!("/api/v1/games/{game}/decision"))
                            .bearer(token)
                            .json(decision),
                    )
                    .await
                    .expect(200);
                forfeit_game = game;
                continue;
            }
            seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            client
                .send(
                    Req::post(format!("/api/v1/games/{game}/record"))
                        .bearer(token)
                        .text(&record),
                )
                .await
                .expect(200);
            recorded.push(game);
        }
        if round == 1 {
            client
                .send(
                    Req::post(format!(
                        "/api/v1/events/{id}/players/{}/withdraw",
                        players[6]
                    ))
                    .bearer(token),
                )
                .await
                .expect(200);
        }
    }
    Played {
        id,
        slug,
        recorded,
        forfeit_game,
        withdrawn: players[6],
    }
}

fn standings_by_name(standings: &Value) -> Vec<(String, f64, Vec<f64>)> {
    standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["points"].as_f64().unwrap(),
                r["tiebreaks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["value"].as_f64().unwrap())
                    .collect(),
            )
        })
        .collect()
}

async fn every_public_page_and_export(app: &TestApp) {
    let organiser = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let played = run_event(&organiser, &token).await;
    let base = format!("/events/{}", played.slug);
    let spectator = app.browser();

    for path in [
        base.clone(),
        format!("{base}/players"),
        format!("{base}/standings"),
        format!("{base}/crosstable"),
        format!("{base}/rounds/1"),
        format!("{base}/rounds/2"),
        format!("{base}/rounds/3"),
        format!("{base}/rounds/1/sheet"),
        format!("{base}/rounds/2/scoresheets"),
        format!("{base}/players/{}", played.withdrawn),
        format!("{base}/games/{}", played.forfeit_game),
        format!("{base}/games/{}", played.recorded[0]),
    ] {
        let page = spectator.get(&path).await;
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        assert!(page.body.contains("Open Público"), "{path}");
        assert!(page.header("etag").is_some(), "{path} has a validator");
        assert!(page.header("last-modified").is_some(), "{path}");
        // The same visitor asking again with the validator gets a 304 and no body.
        let again = spectator
            .get_with(&path, &[("if-none-match", page.header("etag").unwrap())])
            .await;
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty());
        // So does a client that never kept a cookie: the validator is what the page shows.
        for _ in 0..2 {
            let stranger = app
                .browser()
                .get_with(&path, &[("if-none-match", page.header("etag").unwrap())])
                .await;
            assert_eq!(stranger.status, 304, "{path}: a visitor without cookies");
        }
    }

    // What each page shows is compared with its snapshot in `snapshots.rs`.

    // The standings break every tie-break value down by opponent on the player page.
    let standings = spectator
        .api(
            "GET",
            &format!("/api/v1/events/{}/standings", played.id),
            None,
            None,
        )
        .await
        .json();
    let leader = standings["rows"][0]["player_id"].as_i64().unwrap();
    let leader_page = spectator
        .get(&format!("{base}/players/{leader}?lang=en"))
        .await;
    assert_eq!(leader_page.status, 200);
    let leader_name = standings["rows"][0]["name"].as_str().unwrap();
    assert!(leader_page.body.contains(leader_name));
    let code = standings["rows"][0]["tiebreaks"][0]["code"]
        .as_str()
        .unwrap();
    assert!(
        leader_page.body.contains(code),
        "tie-break {code} explained"
    );
    let withdrawn = spectator
        .get(&format!("{base}/players/{}?lang=en", played.withdrawn))
        .await;
    assert!(withdrawn.body.contains("Withdrawn") || withdrawn.body.contains("withdrawn"));
    assert_eq!(
        spectator
            .get(&format!("{base}/players/999999"))
            .await
            .status,
        404
    );

    // Replay: every ply has a page with first/previous/next/last links and labelled holes.
    let game = played.recorded[0];
    let shown = spectator
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    let plies = shown["plies"].as_i64().unwrap();
    assert!(plies > 2);
    let mid = spectator
        .get(&format!("{base}/games/{game}?ply=2&lang=en"))
        .await;
    assert_eq!(mid.status, 200);
    for link in [
        "?ply=0".to_string(),
        "?ply=1".to_string(),
        "?ply=3".to_string(),
        format!("?ply={plies}"),
    ] {
        assert!(mid.body.contains(&link), "{link}");
    }
    assert!(mid.body.contains("aria-label="), "holes are labelled");
    let beyond = spectator
        .get(&format!("{base}/games/{game}?ply=100000"))
        .await;
    assert_eq!(
        beyond.status, 200,
        "a ply past the end shows the final position"
    );
    assert_eq!(
        spectator
            .get(&format!("{base}/games/{game}?ply=abc"))
            .await
            .status,
        400
    );

    // Scoresheets: names, numbered lines and a QR code per board opening the game.
    // Asked at an address phones can open (not the laptop's own `127.0.0.1`, where the codes
    // would point at the phone itself: tests/web/hall.rs).
    let hall = [("host", "sala.local:8080")];
    let sheets = spectator
        .get_with(&format!("{base}/rounds/2/scoresheets"), &hall)
        .await;
    let boards = sheets.body.matches("/qr.svg\"").count();
    assert!(boards >= 2, "a QR code per board: {boards}");
    assert_eq!(
        sheets.body.matches("<article class=\"scoresheet").count(),
        boards,
        "one page per board"
    );
    // A game of usual length fits on it (90 lines, two plies a line), and so do the result and
    // the signatures.
    let numbers = texts(&sheets.body, "td.num");
    assert_eq!(numbers.len(), 90 * boards, "{numbers:?}");
    assert!(numbers.iter().any(|n| n == "90") && !numbers.iter().any(|n| n == "91"));
    assert_eq!(
        texts(&sheets.body, "article.scoresheet p.sheet-result").len(),
        boards
    );
    // A longer game continues on continuation sheets, as long as the longest of the shared
    // records over the board needs.
    let longest = kiela::cli::vectors::read_record_vectors(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rules"
    )))
    .unwrap()
    .iter()
    .filter(|(_, v)| v.variant != "beginner")
    .map(|(_, v)| v.moves.len())
    .max()
    .unwrap();
    assert!(sheets.body.contains("scoresheets?from=91"));
    let more = spectator
        .get(&format!("{base}/rounds/2/scoresheets?from=91"))
        .await;
    assert_eq!(more.status, 200);
    let numbers = texts(&more.body, "td.num");
    assert!(numbers.iter().any(|n| n == "91") && numbers.iter().any(|n| n == "186"));
    assert!(
        2 * 186 >= longest,
        "two sheets hold games of {longest} plies"
    );
    assert!(
        !more.body.contains("/qr.svg"),
        "a continuation has no QR code"
    );
    assert!(more.body.contains("scoresheets?from=187"));
    let further = spectator
        .get(&format!("{base}/rounds/2/scoresheets?from=187"))
        .await;
    assert!(texts(&further.body, "td.num").iter().any(|n| n == "282"));
    assert!(further.body.contains("scoresheets?from=283"));
    let qr_path = sheets
        .body
        .split("src=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .find(|s| s.ends_with("/qr.svg"))
        .expect("a QR code")
        .to_string();
    let qr = spectator.get_with(&qr_path, &hall).await;
    assert_eq!(qr.status, 200);
    assert_eq!(
        crate::hall::read_qr(&qr.body),
        format!(
            "http://sala.local:8080{}",
            qr_path.trim_end_matches("/qr.svg").to_string() + "/enter"
        )
    );
    assert!(
        qr.header("content-type")
            .unwrap()
            .starts_with("image/svg+xml")
    );
    assert!(qr.body.contains("<svg"));

    // The version poll changes when a result changes.
    let version = spectator.get(&format!("{base}/version")).await;
    assert_eq!(version.status, 200);

    // Exports.
    let csv = spectator.get(&format!("{base}/standings.csv")).await;
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    assert_eq!(csv.body.lines().count(), 8, "header and seven players");
    let kgn = spectator.get(&format!("{base}/games.kgn")).await;
    assert_eq!(kgn.status, 200);
    let games = kiela::rules::kgn::parse_games(kgn.body.as_bytes());
    assert_eq!(
        games.len(),
        played.recorded.len() + 1,
        "every recorded game and the forfeit"
    );
    for g in &games {
        let record = g.as_ref().expect("the export parses");
        assert!(
            kiela::rules::verify::verify(record).is_ok(),
            "every exported game verifies"
        );
    }
    assert_eq!(kgn.body.matches("[Decision \"forfeit\"]").count(), 1);
    organiser.log_in("org@example.ao", "a-long-password").await;
    let saved = organiser
        .post_form(
            &format!("{base}/rounds/2/start"),
            &[("starts_at", "2026-12-05T14:30")],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let ics = spectator.get(&format!("{base}/calendar.ics")).await;
    assert_eq!(ics.body.matches("BEGIN:VEVENT").count(), 1, "{}", ics.body);
    assert!(ics.body.contains("DTSTART:2026120"), "{}", ics.body);
    assert_eq!(ics.status, 200);
    assert!(
        ics.header("content-type")
            .unwrap()
            .starts_with("text/calendar")
    );
    assert!(ics.body.starts_with("BEGIN:VCALENDAR\r\n"));
    assert!(ics.body.trim_end().ends_with("END:VCALENDAR"));
    // The round is named in the reader's language.
    assert!(ics.body.contains(" — Round 2\r\n"), "{}", ics.body);
    let in_portuguese = spectator.get(&format!("{base}/calendar.ics?lang=pt")).await;
    assert!(
        in_portuguese.body.contains(" — Ronda 2\r\n"),
        "{}",
        in_portuguese.body
    );
    let in_french = spectator.get(&format!("{base}/calendar.ics?lang=fr")).await;
    assert!(
        in_french.body.contains(" — Ronde 2\r\n"),
        "{}",
        in_french.body
    );

    // The TRF export re-imports to the same standings.
    let trf = spectator.get(&format!("{base}/tournament.trf")).await;
    assert_eq!(trf.status, 200);
    assert!(trf.body.contains("012 Open Público"), "{}", trf.body);
    let imported = organiser
        .post_form("/events/import", &[("trf", &trf.body)])
        .await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    let manage = imported.location().unwrap().to_string();
    let new_slug = manage
        .trim_start_matches("/events/")
        .trim_end_matches("/manage");
    let listed = spectator
        .api("GET", "/api/v1/events", None, None)
        .await
        .json();
    let new_id = listed["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["slug"] == new_slug)
        .expect("the imported event is listed")["id"]
        .as_i64()
        .unwrap();
    let reimported = spectator
        .api(
            "GET",
            &format!("/api/v1/events/{new_id}/standings"),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(
        standings_by_name(&reimported),
        standings_by_name(&standings)
    );

    // Unknown events and rounds are 404s, in the visitor's language.
    assert_eq!(
        spectator
            .get("/events/no-such-event/crosstable")
            .await
            .status,
        404
    );
    assert_eq!(
        spectator
            .get(&format!("{base}/rounds/9/scoresheets"))
            .await
            .status,
        404
    );
}

async fn version_and_validators_change_with_results(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (id, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Fresh", "format": "swiss", "rounds": 2}),
        &["A", "B"],
    )
    .await;
    let round = pair_round(&client, &token, id).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let spectator = app.browser();
    let path = format!("/events/{slug}/standings");
    let before = spectator.get(&path).await;
    let etag = before.header("etag").unwrap().to_string();
    let version_before = spectator.get(&format!("/events/{slug}/version")).await.body;
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        9,
    );
    let resp = client
        .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
        .await;
    assert_eq!(resp.status, 200);
    // A crowd without cookies arriving together at the new version, by page and by API: every
    // one is served, the same answer (that one request renders it while the others wait is
    // `PageCache`'s test).
    for crowd_path in [path.clone(), format!("/api/v1/events/{id}/standings")] {
        let crowd = futures_util::future::join_all(
            (0..12).map(|_| async { app.browser().get(&crowd_path).await }),
        )
        .await;
        let first = &crowd[0];
        assert_eq!(first.status, 200, "{crowd_path}: {}", first.body);
        for visitor in &crowd {
            assert_eq!(visitor.status, 200, "{crowd_path}");
            assert_eq!(visitor.header("etag"), first.header("etag"), "{crowd_path}");
            assert_eq!(visitor.body, first.body, "{crowd_path}");
        }
    }
    let after = spectator.get_with(&path, &[("if-none-match", &etag)]).await;
    assert_eq!(after.status, 200, "a new result is a new page");
    assert_ne!(after.header("etag").unwrap(), etag);
    let version_after = spectator.get(&format!("/events/{slug}/version")).await.body;
    assert_ne!(version_before, version_after);
}

/// With the shared read on, visitors without an account may be shown the read of the event an
/// app server already has (for as long as the delay; `RecentEvents` has the test of the
/// delay itself), while the signed-in organiser sees a new result at once.
async fn public_pages_may_share_a_recent_read(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| c.public_cache_ms = 3_600_000).await else {
        return;
    };
    let client = app.browser();
    let token = account_with_token(&app, "org@example.ao", "Org", "organiser");
    let (id, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Shared", "format": "swiss", "rounds": 1}),
        &["A", "B"],
    )
    .await;
    let round = pair_round(&client, &token, id).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let spectator = app.browser();
    let path = format!("/events/{slug}/rounds/1?lang=en");
    let before = spectator.get(&path).await;
    assert!(before.body.contains("to be played"), "{}", before.body);
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        3,
    );
    let resp = client
        .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
        .await;
    assert_eq!(resp.status, 200);
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    assert!(
        !organiser.get(&path).await.body.contains("to be played"),
        "the organiser sees the result at once"
    );
    let shared = spectator.get(&path).await;
    assert!(
        shared.body.contains("to be played"),
        "within the delay the shared read is reused"
    );
    app.stop().await;
}

#[actix_rt::test]
async fn shared_read_delay_sqlite() {
    public_pages_may_share_a_recent_read(Backend::Sqlite).await;
}

#[actix_rt::test]
async fn shared_read_delay_postgres() {
    public_pages_may_share_a_recent_read(Backend::Postgres).await;
}

async fn knockout_bracket_shows_byes_winners_and_third_place(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "Taça", "format": "single_elimination", "third_place": true})),
        )
        .await;
    let id = resp.json()["id"].as_i64().unwrap();
    let slug = resp.json()["slug"].as_str().unwrap().to_string();
    for i in 0..6 {
        client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&token),
                Some(json!({"name": format!("Seed {}", i + 1), "rating": 2000 - i * 10})),
            )
            .await;
    }
    let spectator = app.browser();
    let empty = spectator
        .get(&format!("/events/{slug}/bracket?lang=en"))
        .await;
    assert_eq!(empty.status, 200);
    assert!(empty.body.contains("has not started"));
    let mut seed = 40;
    for _ in 0..3 {
        let round = client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/rounds"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(round.status, 201, "{}", round.body);
        let number = round.json()["round"].as_i64().unwrap();
        for _ in 0..10 {
            let shown = client
                .api(
                    "GET",
                    &format!("/api/v1/events/{id}/rounds/{number}"),
                    None,
                    None,
                )
                .await
                .json();
            let open: Vec<i64> = shown["pairings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["status"] != "final")
                .map(|p| p["game_id"].as_i64().unwrap())
                .collect();
            if open.is_empty() {
                break;
            }
            for game in open {
                seed += 1;
                let (record, _) = finished_record(
                    kiela::rules::Variant::Advanced,
                    kiela::rules::Side::South,
                    seed,
                );
                client
                    .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
                    .await;
            }
        }
    }
    let page = spectator
        .get(&format!("/events/{slug}/bracket?lang=en"))
        .await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("(bye)"), "the two top seeds have byes");
    assert!(page.body.contains("Third place"));
    assert!(page.body.contains("Champion:"));
    assert!(crate::harness::has(&page.body, ".entrant.winner"));
    for i in 1..=6 {
        assert!(page.body.contains(&format!("Seed {i}")), "Seed {i}");
    }
    // Six players make a bracket of eight: quarter-finals (two of them byes), semi-finals,
    // the final and the match for third place, named as people name them.
    let headings: Vec<&str> = page
        .body
        .split("<h2 id=\"bracket-col-")
        .skip(1)
        .filter_map(|h| {
            h.split_once('>')
                .and_then(|(_, rest)| rest.split('<').next())
        })
        .collect();
    assert_eq!(
        headings,
        ["Quarter-finals", "Semi-finals", "Final", "Third place"]
    );
    // The two semi-finals feed the final: drawn joined, numbered.
    assert!(
        crate::harness::has(&page.body, ".pair.joined"),
        "{}",
        page.body
    );
    assert!(
        crate::harness::texts(&page.body, "span.code").contains(&"2".to_string()),
        "{}",
        page.body
    );
    let final_round = spectator
        .get(&format!("/events/{slug}/rounds/3?lang=en"))
        .await;
    assert!(
        crate::harness::texts(&final_round.body, "h1")
            .iter()
            .any(|h| h.starts_with("Round 3: Final, Third place ")),
        "{}",
        final_round.body
    );
    for (lang, semis) in [("pt", "Meias-finais"), ("fr", "Demi-finales")] {
        let translated = spectator
            .get(&format!("/events/{slug}/bracket?lang={lang}"))
            .await;
        assert_eq!(translated.status, 200);
        assert!(!translated.body.contains("Third place"), "{lang}");
        assert!(translated.body.contains(semis), "{lang}");
    }
}

/// The demonstration event (also the load benchmark's fixture) is a complete, valid event.
async fn demo_event_is_played_out(app: &TestApp) {
    let owner = kiela::service::accounts::create_user(
        &app.app,
        "demo@example.ao",
        "Demo",
        "organiser".parse().unwrap(),
        "a-long-password",
    )
    .unwrap();
    let spec = kiela::service::demo::DemoSpec {
        name: "Demo".into(),
        players: 9,
        rounds: 3,
        played: 3,
        open_round: false,
        seed: 5,
    };
    let event = kiela::service::demo::create_demo_event(&app.app, &owner, &spec).unwrap();
    let client = app.browser();
    let standings = client
        .api(
            "GET",
            &format!("/api/v1/events/{}/standings", event.id),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(standings["after_round"], 3);
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 9);
    let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!(
        (total - 3.0 * 4.0 - 3.0).abs() < 1e-9,
        "four games and a bye a round: {total}"
    );
    let kgn = client
        .get(&format!("/events/{}/games.kgn", event.slug))
        .await;
    assert_eq!(
        kiela::rules::kgn::parse_games(kgn.body.as_bytes()).len(),
        12
    );
}

/// The KGN export lists every game decided: the records, and the games an arbiter decided
/// without one (each with its decision as a tag, no moves, and a result the verifier takes as
/// claimed); a bye is no game. An event without any says so, in the reader's language.
async fn kgn_export_lists_every_decided_game(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Decisões", "rounds": 3}),
        &[
            "Ana", "Bento", "Carla", "Domingos", "Eva", "Fausto", "Graça",
        ],
    )
    .await;
    let empty = client
        .get(&format!("/events/{slug}/games.kgn?lang=pt"))
        .await;
    assert_eq!(empty.status, 200);
    assert_eq!(
        empty.body.trim(),
        "{ Nenhuma partida deste torneio terminou ainda. }"
    );
    let round = pair_round(&client, &token, event).await;
    let boards: Vec<&Value> = round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["status"] != "final")
        .collect();
    assert_eq!(boards.len(), 3, "and a bye: {round}");
    for (board, result) in boards.iter().zip(["-+", "--", "1/2-1/2"]) {
        client
            .send(
                Req::post(format!("/api/v1/games/{}/decision", board["game_id"]))
                    .bearer(&token)
                    .json(json!({"result": result, "reason": "the arbiter's decision"})),
            )
            .await
            .expect(200);
    }
    let kgn = client.get(&format!("/events/{slug}/games.kgn")).await;
    let games = kiela::rules::kgn::parse_games(kgn.body.as_bytes());
    assert_eq!(games.len(), 3, "three games, no bye: {}", kgn.body);
    let mut seen = Vec::new();
    for (g, board) in games.iter().zip(&boards) {
        let record = g.as_ref().expect("the export parses");
        assert!(record.moves.is_empty());
        let tag = |name: &str| {
            record
                .tags
                .iter()
                .find(|t| t.name == name)
                .map(|t| t.value.clone())
        };
        assert_eq!(
            tag("South").as_deref(),
            board["first"]["name"].as_str(),
            "the first player sits South"
        );
        let verdict = kiela::rules::Verdict::of(Ok(record));
        seen.push((
            tag("Decision").unwrap_or_default(),
            record.claimed_result().map(|r| r.to_string()),
            verdict.kind().as_str().to_string(),
        ));
    }
    let expected = |d: &str, r: &str, v: &str| (d.to_string(), Some(r.to_string()), v.to_string());
    assert_eq!(
        seen,
        [
            expected("forfeit", "0-1", "valid_claimed"),
            expected("double_forfeit", "*", "valid_unfinished"),
            expected("adjudication", "1/2-1/2", "valid_claimed"),
        ]
    );
}

/// A calendar always holds a component (RFC 5545): without any round time, the event itself as
/// an all-day event on its dates, or, without dates either, as a journal entry naming it.
async fn a_calendar_without_round_times_gives_the_event(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (dated_id, dated) = event_with_players(
        &client,
        &token,
        json!({"name": "Taça; Luanda, 2026", "location": "Luanda", "rounds": 3,
               "starts_on": "2026-12-10", "ends_on": "2026-12-12"}),
        &["Ana", "Bento"],
    )
    .await;
    let ics = client.get(&format!("/events/{dated}/calendar.ics")).await;
    assert_eq!(ics.status, 200);
    let body = &ics.body;
    assert_eq!(body.matches("BEGIN:VEVENT\r\n").count(), 1, "{body}");
    assert!(body.contains("DTSTART;VALUE=DATE:20261210\r\n"), "{body}");
    assert!(
        body.contains("DTEND;VALUE=DATE:20261213\r\n"),
        "the day after the last: {body}"
    );
    assert!(
        body.contains("SUMMARY:Taça\\; Luanda\\, 2026\r\n"),
        "{body}"
    );
    assert!(body.contains("DTSTAMP:"), "{body}");
    // Named after this installation: another installation's event 1 is another entry.
    let uid = format!("UID:kiela-{dated_id}@{}\r\n", app.app.installation.id);
    assert!(body.contains(&uid), "{uid} in {body}");
    let (_, undated) = event_with_players(
        &client,
        &token,
        json!({"name": "Sem data", "rounds": 3}),
        &["Ana", "Bento"],
    )
    .await;
    let ics = client.get(&format!("/events/{undated}/calendar.ics")).await;
    let body = &ics.body;
    assert!(!body.contains("VEVENT"), "no day it may not be: {body}");
    assert!(body.contains("BEGIN:VJOURNAL\r\n") && body.contains("SUMMARY:Sem data\r\n"));
    assert!(!body.contains("DTSTART"));
}

/// Every CSV download comes plain, for scripts (the same bytes in every language), or for a
/// spreadsheet: a byte-order mark, and in Portuguese and French `;` and a decimal comma. An
/// unrated player's rating is blank, as on the pages.
async fn csv_for_scripts_and_for_spreadsheets(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Folhas", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda"],
    )
    .await;
    add_player(&client, &token, event, json!({"name": "Carla; Muxima"})).await;
    client
        .send(
            Req::put(format!("/api/v1/events/{event}/prizes"))
                .bearer(&token)
                .json(json!({"places": [1500.5, 750]})),
        )
        .await
        .expect(200);
    add_player(
        &client,
        &token,
        event,
        json!({"name": "Domingos Neto", "rating": 1500}),
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    for board in round["pairings"].as_array().unwrap() {
        client
            .send(
                Req::post(format!("/api/v1/games/{}/decision", board["game_id"]))
                    .bearer(&token)
                    .json(json!({"result": "1/2-1/2", "reason": "agreed"})),
            )
            .await
            .expect(200);
    }
    let get = |path: String| {
        let client = &client;
        async move {
            let got = client.get(&path).await;
            assert_eq!(got.status, 200, "{path}");
            got.body
        }
    };
    let plain = get(format!("/events/{slug}/standings.csv?lang=pt&format=plain")).await;
    assert!(
        plain.starts_with("rank,number,name,rating,club,points"),
        "{plain}"
    );
    assert!(!plain.starts_with('\u{feff}'));
    let carla = plain.lines().find(|l| l.contains("Carla")).unwrap();
    assert!(
        carla.contains(",Carla; Muxima,,"),
        "an unrated player's rating is blank: {carla}"
    );
    assert!(carla.contains(",0.5"), "{carla}");
    let plain_fr = get(format!("/events/{slug}/standings.csv?lang=fr&format=plain")).await;
    assert_eq!(
        plain, plain_fr,
        "the plain file does not depend on the language"
    );
    // The page's link, meant for people: a spreadsheet in the reader's language (the old
    // `?format=spreadsheet` links still give it).
    let sheet_pt = get(format!("/events/{slug}/standings.csv?lang=pt")).await;
    assert_eq!(
        sheet_pt,
        get(format!(
            "/events/{slug}/standings.csv?format=spreadsheet&lang=pt"
        ))
        .await
    );
    assert!(sheet_pt.starts_with("\u{feff}Lugar;"), "{sheet_pt}");
    assert!(sheet_pt.starts_with('\u{feff}'), "{sheet_pt}");
    let carla = sheet_pt.lines().find(|l| l.contains("Carla")).unwrap();
    assert!(carla.contains(";\"Carla; Muxima\";;"), "{carla}");
    assert!(carla.contains(";0,5"), "{carla}");
    let fields = plain
        .lines()
        .find(|l| l.contains("Carla"))
        .unwrap()
        .split(',')
        .count();
    assert_eq!(
        carla.split(';').count(),
        fields + 1,
        "the name's `;` is quoted: {carla}"
    );
    let sheet_en = get(format!("/events/{slug}/standings.csv?lang=en")).await;
    assert!(sheet_en.starts_with('\u{feff}'));
    assert!(sheet_en.lines().any(|l| l.contains(",0.5")), "{sheet_en}");
    let api = client
        .send(Req::get(format!("/api/v1/events/{event}/export.csv")))
        .await
        .expect(200)
        .body;
    assert!(api.starts_with("rank,number,name,rating,club,points"));
    assert!(api.contains(",Carla; Muxima,,"), "{api}");

    // The rating list and the prizes come the same two ways.
    let ratings_fr = get("/ratings.csv?format=spreadsheet&lang=fr".to_string()).await;
    assert!(ratings_fr.starts_with("\u{feff}Rang;"), "{ratings_fr}");
    // The prize list before it is published: its organiser's.
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let prizes = desk
        .get(&format!("/events/{slug}/prizes.csv?lang=pt"))
        .await
        .body;
    assert!(prizes.starts_with('\u{feff}') && prizes.lines().next().unwrap().contains(';'));
    assert!(prizes.contains(";562,63;"), "shared by all four: {prizes}");
    let plain_prizes = desk
        .get(&format!("/events/{slug}/prizes.csv?format=plain"))
        .await
        .body;
    assert!(plain_prizes.contains(",562.63,"), "{plain_prizes}");
    // The event's page offers both.
    let page = get(format!("/events/{slug}?lang=en")).await;
    assert!(page.contains("standings.csv?format=plain"));
}

/// The home page lists the events being played, those open for entries and the finished ones.
async fn home_page_lists_events(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let finished = run_event(&client, &token).await;
    let (running, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Taça em Curso", "format": "swiss", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda"],
    )
    .await;
    pair_round(&client, &token, running).await;
    event_with_players(
        &client,
        &token,
        json!({"name": "Torneio Futuro", "format": "swiss", "rounds": 3}),
        &[],
    )
    .await;
    let home = client.get("/?lang=en").await;
    assert_eq!(home.status, 200);
    let at = |text: &str| {
        home.body
            .find(text)
            .unwrap_or_else(|| panic!("{text} on the home page: {}", home.body))
    };
    assert!(at("Being played") < at("Taça em Curso"));
    assert!(at("Taça em Curso") < at("Open for entries"));
    assert!(at("Open for entries") < at("Torneio Futuro"));
    assert!(at("Torneio Futuro") < at("Recently finished"));
    assert!(at("Recently finished") < at(&format!("/events/{}", finished.slug)));
}

/// An event's times are the venue's: entered and shown in its offset from UTC, stored in UTC.
async fn times_are_the_venues(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let refused = client
        .send(Req::post("/api/v1/events").bearer(&token).json(
            json!({"name": "Maputo", "format": "swiss", "rounds": 2, "utc_offset": "+15:00"}),
        ))
        .await
        .expect(422)
        .json();
    assert_eq!(refused["error"]["code"], "utc_offset_invalid");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Maputo", "format": "swiss", "rounds": 2, "utc_offset": "+02:00"}),
        &["Ana Kiala", "Bento Lunda"],
    )
    .await;
    let shown = client
        .send(Req::get(format!("/api/v1/events/{event}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["utc_offset"], "+02:00");
    pair_round(&client, &token, event).await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let saved = organiser
        .post_form(
            &format!("/events/{slug}/rounds/1/start"),
            &[("starts_at", "2026-12-05T09:30")],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let round = client
        .get(&format!("/events/{slug}/rounds/1?lang=en"))
        .await;
    assert!(
        round.body.contains("2026-12-05 09:30 (UTC+02:00)"),
        "{}",
        round.body
    );
    // Stored in UTC: the calendar says 07:30Z.
    let ics = client.get(&format!("/events/{slug}/calendar.ics")).await;
    assert!(
        ics.body.contains("DTSTART:20261205T073000Z"),
        "{}",
        ics.body
    );
    let audit = organiser.get(&format!("/events/{slug}/audit")).await;
    assert!(audit.body.contains("(UTC+02:00)"));
}

both_backends!(
    csv_for_scripts_and_for_spreadsheets,
    a_calendar_without_round_times_gives_the_event,
    kgn_export_lists_every_decided_game,
    demo_event_is_played_out,
    every_public_page_and_export,
    version_and_validators_change_with_results,
    knockout_bracket_shows_byes_winners_and_third_place,
    home_page_lists_events,
    times_are_the_venues,
);
