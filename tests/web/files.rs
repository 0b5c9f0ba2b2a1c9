//! Tournament files round trip: an event's TRF, imported, is the same event (its export is the
//! same file), in every state a Swiss or round robin can be in.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, add_player, finished_record, pair_round,
};

/// Plays the round just paired: every board gets a finished record.
async fn play(client: &Browser<'_>, token: &str, round: &Value, seed: &mut u64) {
    for p in round["pairings"].as_array().unwrap() {
        if p["status"] == "final" || p["second"].is_null() {
            continue;
        }
        *seed += 1;
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            *seed,
        );
        client
            .send(
                Req::post(format!("/api/v1/games/{}/record", p["game_id"]))
                    .bearer(token)
                    .text(&record),
            )
            .await
            .expect(200);
    }
}

async fn export(client: &Browser<'_>, id: i64) -> String {
    client
        .send(Req::get(format!("/api/v1/events/{id}/export.trf")))
        .await
        .expect(200)
        .body
}

/// A file of the TRF corpus (`tests/data/trf/`).
fn corpus(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// Pastes the file into the import form (`query` picks the language); the new event's slug.
async fn imported_slug(organiser: &Browser<'_>, query: &str, trf: &str) -> String {
    let imported = organiser
        .post_form(&format!("/events/import{query}"), &[("trf", trf)])
        .await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    imported
        .location()
        .unwrap()
        .trim_start_matches("/events/")
        .trim_end_matches("/manage")
        .to_string()
}

/// Imports the file as the organiser; the new event's id.
pub(crate) async fn import(organiser: &Browser<'_>, client: &Browser<'_>, trf: &str) -> i64 {
    let slug = imported_slug(organiser, "", trf).await;
    let listed = client.api("GET", "/api/v1/events", None, None).await.json();
    listed["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["slug"] == slug.as_str())
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// Export, import, export again: the two files are the same, line for line.
async fn round_trip(organiser: &Browser<'_>, client: &Browser<'_>, id: i64) -> (i64, String) {
    let first = export(client, id).await;
    let again = import(organiser, client, &first).await;
    let second = export(client, again).await;
    assert_eq!(
        second.lines().collect::<Vec<_>>(),
        first.lines().collect::<Vec<_>>(),
        "the imported event exports the same file"
    );
    (again, first)
}

async fn event(client: &Browser<'_>, id: i64) -> Value {
    client
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json()
}

async fn trf_round_trip_swiss(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let settings = json!({
        "name": "Prémio Kiela — Huíla", "format": "swiss", "rounds": 4, "location": "Lubango",
        "starts_on": "2026-03-14", "ends_on": "2026-03-15", "points_win": 3, "points_draw": 1,
        "points_bye": 3, "tiebreaks": ["BH", "SB", "WIN"], "initial_colour": "B",
    });
    let created = client
        .send(Req::post("/api/v1/events").bearer(&token).json(settings))
        .await
        .expect(201)
        .json();
    let id = created["id"].as_i64().unwrap();
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
        let sex = if i % 2 == 0 { "F" } else { "M" };
        let player = json!({"name": name, "rating": 1900 - 30 * i as i64, "sex": sex, "birth_year": 1990 + i as i64});
        players.push(add_player(&client, &token, id, player).await);
    }
    // Before any round: players only.
    let (again, _) = round_trip(&organiser, &client, id).await;
    assert_eq!(event(&client, again).await["state"], "registration");

    let mut seed = 900;
    let round = pair_round(&client, &token, id).await;
    play(&client, &token, &round, &mut seed).await;
    client
        .send(
            Req::post(format!(
                "/api/v1/events/{id}/players/{}/withdraw",
                players[6]
            ))
            .bearer(&token),
        )
        .await
        .expect(200);
    let round = pair_round(&client, &token, id).await;
    play(&client, &token, &round, &mut seed).await;
    client
        .send(
            Req::post(format!("/api/v1/events/{id}/players/{}/byes", players[2]))
                .bearer(&token)
                .json(json!({"round": 3, "points": "half"})),
        )
        .await
        .expect(200);
    // Running, with a withdrawal and a bye entered for the next round.
    let (again, trf) = round_trip(&organiser, &client, id).await;
    assert!(
        trf.contains("162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"),
        "{trf}"
    );
    assert!(trf.contains("0000 - H"), "the next round's bye: {trf}");
    let shown = event(&client, again).await;
    assert_eq!(shown["state"], "running");
    assert_eq!(
        (shown["starts_on"].as_str(), shown["ends_on"].as_str()),
        (Some("2026-03-14"), Some("2026-03-15"))
    );
    assert_eq!(shown["rounds"], 4);
    let listed = client
        .send(Req::get(format!("/api/v1/events/{again}/players")))
        .await
        .expect(200)
        .json();
    let graca = listed["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Graça Soba")
        .unwrap()
        .clone();
    assert_eq!(graca["status"], "withdrawn", "{graca}");
    // The imported event goes on: its next round leaves out the withdrawn player and the bye.
    let next = pair_round(&client, &token, again).await;
    let names: Vec<&str> = next["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [p["first"]["name"].as_str(), p["second"]["name"].as_str()])
        .flatten()
        .collect();
    assert_eq!(names.len(), 5, "{next}");
    assert!(
        !names.contains(&"Graça Soba") && !names.contains(&"Carla Muxima"),
        "{names:?}"
    );

    for _ in 3..=4 {
        let round = pair_round(&client, &token, id).await;
        play(&client, &token, &round, &mut seed).await;
    }
    assert_eq!(event(&client, id).await["state"], "finished");
    // Finished.
    let (again, _) = round_trip(&organiser, &client, id).await;
    assert_eq!(event(&client, again).await["state"], "finished");
    // Both travel as archives: the event played here, and the one read from its TRF file.
    crate::season::archive_travels(app, &client, &token, id).await;
    crate::season::archive_travels(app, &client, &token, again).await;
}

async fn trf_round_trip_round_robin(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let created = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Liga de Benguela", "format": "round_robin"})),
        )
        .await
        .expect(201)
        .json();
    let id = created["id"].as_i64().unwrap();
    for name in [
        "Ana Kiala",
        "Bento Lunda",
        "Carla Muxima",
        "Domingos Neto",
        "Eva Quissama",
    ] {
        add_player(&client, &token, id, json!({"name": name})).await;
    }
    let mut seed = 300;
    let round = pair_round(&client, &token, id).await;
    play(&client, &token, &round, &mut seed).await;
    let (again, _) = round_trip(&organiser, &client, id).await;
    let shown = event(&client, again).await;
    assert_eq!(
        (shown["format"].as_str(), shown["state"].as_str()),
        (Some("round_robin"), Some("running"))
    );
    for _ in 2..=5 {
        let round = pair_round(&client, &token, id).await;
        play(&client, &token, &round, &mut seed).await;
    }
    assert_eq!(event(&client, id).await["state"], "finished");
    let (again, _) = round_trip(&organiser, &client, id).await;
    assert_eq!(event(&client, again).await["state"], "finished");
}

/// A file from another program, with what it holds that an event cannot keep: imported, with
/// its warnings in the event's log in the reader's language; a refused file names the line
/// and column in the reader's language and keeps what was pasted.
async fn trf_import_warnings_and_refusals(app: &TestApp) {
    account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let slug = imported_slug(
        &organiser,
        "?lang=pt",
        &corpus("blank-rounds-and-totals.trf"),
    )
    .await;
    let log = organiser
        .get(&format!("/events/{slug}/audit?lang=pt"))
        .await;
    assert!(
        log.body
            .contains("jogador 4: o ficheiro dá 2.0 pontos, os resultados somam 1.0"),
        "{}",
        log.body
    );
    let refused = organiser
        .post_form(
            "/events/import?lang=fr",
            &[("trf", "012 X\n001    1      Ana Kiala                         1900                             1.0    1     2 x 1\n")],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.body.contains(
            "Ligne 2, colonne 97\u{a0}: ronde 1\u{a0}: la couleur doit être w, b ou -, pas `x`."
        ),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("Ana Kiala"),
        "the pasted text is kept"
    );
}

both_backends!(
    trf_round_trip_swiss,
    trf_round_trip_round_robin,
    trf_import_warnings_and_refusals
);

/// What an event cannot hold is refused on the import page, in the reader's language, with
/// the text kept: more rounds than an event has, more players than an event takes.
async fn trf_import_limits(app: &TestApp) {
    account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let line = |n: usize, name: &str, rounds: &str| {
        format!("001 {n:>4}      {name:<33} 1900                             0.0 {n:>4}{rounds}\n")
    };
    let many_rounds = format!(
        "012 Longo\n{}{}",
        line(1, "Ana Kiala", &"  0000 - Z".repeat(100)),
        line(2, "Bento Mbala", "")
    );
    let refused = organiser
        .post_form("/events/import?lang=pt", &[("trf", &many_rounds)])
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("um ficheiro pode ter no máximo 99 rondas"),
        "{}",
        refused.body
    );
    let players: String = (1..=4001)
        .map(|n| line(n, &format!("Jogador {n}"), ""))
        .collect();
    let refused = organiser
        .post_form(
            "/events/import?lang=en",
            &[("trf", &format!("012 Grande\n{players}"))],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("an event may have at most 4000 players"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("Jogador 4001"),
        "the pasted text is kept"
    );
}

both_backends!(trf_import_limits);

/// An imported event's players page leaves out the columns nobody has a value in.
async fn imported_players_page_has_no_empty_columns(app: &TestApp) {
    account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let slug = imported_slug(&organiser, "?lang=en", &corpus("full-details.trf")).await;
    let page = app
        .browser()
        .get(&format!("/events/{slug}/players?lang=en"))
        .await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Kiala, Ana"), "{}", page.body);
    for header in [">Club<", ">Province<", ">Status<"] {
        assert!(
            !page.body.contains(header),
            "{header} without values: {}",
            page.body
        );
    }
}

both_backends!(imported_players_page_has_no_empty_columns);

/// A player list longer than an event takes is refused at the line past the limit, without
/// reading the rest, and nothing is imported.
async fn csv_import_stops_at_the_player_limit(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();
    let (id, slug) = crate::harness::event_with_players(
        &client,
        &token,
        json!({"name": "Grande"}),
        &["Ana Kiala"],
    )
    .await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let csv: String = (1..=20_000)
        .map(|n| format!("Jogador {n},1500\n"))
        .collect();
    let refused = organiser
        .post_form(
            &format!("/events/{slug}/players/import?lang=en"),
            &[("csv", &csv)],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("An event takes at most 4000 players."),
        "{}",
        refused.body
    );
    assert!(refused.body.contains("Line 4001"), "{}", refused.body);
    let listed = client
        .send(Req::get(format!("/api/v1/events/{id}/players")))
        .await
        .expect(200)
        .json();
    assert_eq!(
        listed["players"].as_array().unwrap().len(),
        1,
        "nothing imported"
    );
}

both_backends!(csv_import_stops_at_the_player_limit);

/// A large event's manage page shows its players a hundred at a time, and finds one by name
/// (without regard to accents), club or pairing number.
async fn manage_page_is_paginated_and_searchable(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let client = app.browser();
    let (_, slug) =
        crate::harness::event_with_players(&client, &token, json!({"name": "Nacional"}), &[]).await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let mut csv: String = (1..=249)
        .map(|n| format!("Jogador {n:03},1500,Clube {}\n", n % 7))
        .collect();
    csv.push_str("Conceição Gonçalves,1600,Clube Ímpar\n");
    let imported = organiser
        .post_form(&format!("/events/{slug}/players/import"), &[("csv", &csv)])
        .await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    let manage = format!("/events/{slug}/manage");
    let first = organiser.get(&format!("{manage}?lang=en")).await;
    assert!(first.body.contains("Jogador 001") && first.body.contains("Jogador 100"));
    assert!(!first.body.contains("Jogador 101"), "a hundred a page");
    assert!(first.body.contains("Page 1 of 3"), "{}", first.body);
    let third = organiser.get(&format!("{manage}?lang=en&page=3")).await;
    assert!(third.body.contains("Jogador 249") && third.body.contains("Conceição Gonçalves"));
    assert!(!third.body.contains("Jogador 001"));
    let found = organiser
        .get(&format!("{manage}?lang=en&q=conceicao+goncalves"))
        .await;
    assert!(
        found.body.contains("Conceição Gonçalves"),
        "accents ignored"
    );
    assert!(found.body.contains("1 of 250 players"), "{}", found.body);
    assert!(!found.body.contains("Jogador 001"));
    let by_number = organiser.get(&format!("{manage}?lang=en&q=17")).await;
    assert!(by_number.body.contains("Jogador 017") && !by_number.body.contains("Jogador 170"));
    let by_club = organiser
        .get(&format!("{manage}?lang=en&q=%C3%ADmpar"))
        .await;
    assert!(by_club.body.contains("Conceição Gonçalves") && !by_club.body.contains("Jogador 00"));
    // A page past the last shows the last.
    let beyond = organiser.get(&format!("{manage}?lang=en&page=99")).await;
    assert!(beyond.body.contains("Page 3 of 3"));
}

both_backends!(manage_page_is_paginated_and_searchable);
