//! Snapshots of what clients and readers see of one played event: the JSON API responses and the
//! key pages in each language, on both backends against the same stored snapshot. A change to any
//! of them shows up as a reviewed diff (`cargo insta review`), never silently.
//!
//! What varies from run to run is replaced before comparing: moments (`…_at` fields, dates and
//! times on pages, exports' dates), secrets (CSRF tokens, personal links) and validators.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{Req, TestApp, account_with_token, page_main, redact, redact_moments};
use crate::public::run_event;

async fn api_json(client: &crate::harness::Browser<'_>, req: Req) -> Value {
    let mut value = client.send(req).await.expect(200).json();
    redact(&mut value);
    value
}

async fn what_clients_and_readers_see(app: &TestApp) {
    let organiser = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let played = run_event(&organiser, &token).await;
    let id = played.id;
    let spectator = app.browser();

    let event = api_json(&spectator, Req::get(format!("/api/v1/events/{id}"))).await;
    insta::assert_json_snapshot!("api_event", event);
    let players = api_json(&spectator, Req::get(format!("/api/v1/events/{id}/players"))).await;
    insta::assert_json_snapshot!("api_players", players);
    let round = api_json(
        &spectator,
        Req::get(format!("/api/v1/events/{id}/rounds/2")),
    )
    .await;
    insta::assert_json_snapshot!("api_round_2", round);
    let standings = api_json(
        &spectator,
        Req::get(format!("/api/v1/events/{id}/standings")),
    )
    .await;
    insta::assert_json_snapshot!("api_standings", standings);
    let game = played.recorded[0];
    let shown = api_json(&spectator, Req::get(format!("/api/v1/games/{game}"))).await;
    insta::assert_json_snapshot!("api_game", shown);
    let link = api_json(
        &organiser,
        Req::get(format!(
            "/api/v1/events/{id}/players/{}/link",
            played.withdrawn
        ))
        .bearer(&token),
    )
    .await;
    insta::assert_json_snapshot!("api_personal_link", link);

    // The error envelope: an unknown game, a refused record, a missing token.
    let missing = spectator
        .send(Req::get("/api/v1/games/999999"))
        .await
        .expect(404)
        .json();
    insta::assert_json_snapshot!("api_error_not_found", missing);
    let refused = organiser
        .send(
            Req::post(format!("/api/v1/games/{game}/record"))
                .bearer(&token)
                .text("[Variant \"advanced\"]\n\n1. A9-"),
        )
        .await;
    insta::assert_json_snapshot!("api_error_refused_record", (refused.status, refused.json()));
    let anonymous = spectator
        .send(Req::post(format!("/api/v1/events/{id}/rounds")).json(json!({})))
        .await;
    insta::assert_json_snapshot!("api_error_no_token", (anonymous.status, anonymous.json()));

    // The key pages, in each language.
    let base = format!("/events/{}", played.slug);
    for lang in ["pt", "en", "fr"] {
        for (name, path) in [
            ("event", base.clone()),
            ("standings", format!("{base}/standings")),
            ("crosstable", format!("{base}/crosstable")),
            ("round_2", format!("{base}/rounds/2")),
            ("player", format!("{base}/players/{}", played.withdrawn)),
            ("forfeit", format!("{base}/games/{}", played.forfeit_game)),
            ("game", format!("{base}/games/{game}?ply=3")),
        ] {
            let page = spectator
                .send(Req::get(format!(
                    "{path}{}lang={lang}",
                    if path.contains('?') { '&' } else { '?' }
                )))
                .await
                .expect(200);
            insta::assert_snapshot!(format!("page_{name}_{lang}"), page_main(&page.body));
        }
    }

    // Exports other programs read.
    let csv = spectator
        .send(Req::get(format!("{base}/standings.csv")))
        .await
        .expect(200);
    insta::assert_snapshot!("export_standings_csv", csv.body);
    let trf = spectator
        .send(Req::get(format!("{base}/tournament.trf")))
        .await
        .expect(200);
    let trf: Vec<String> = trf.body.lines().map(redact_moments).collect();
    insta::assert_snapshot!("export_trf", trf.join("\n"));
}

both_backends!(what_clients_and_readers_see);
