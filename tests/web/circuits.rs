//! Circuits: qualifiers grouped with a points table, their standings, who goes to the final,
//! and the final's registration filled from them, once.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, decide_boards, enter_player, pair_round,
};

/// A finished one-round event of these players (federation ids where known); returns its id
/// and every player's federation id, in entry order.
async fn qualifier(
    client: &Browser<'_>,
    token: &str,
    name: &str,
    players: &[(&str, Option<&str>)],
) -> (i64, Vec<String>) {
    let event = client
        .send(
            Req::post("/api/v1/events")
                .bearer(token)
                .json(json!({"name": name, "rounds": 1})),
        )
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    let mut ids = Vec::new();
    for (i, (player, id)) in players.iter().enumerate() {
        let mut body = json!({"name": player, "rating": 1900 - 50 * i as i64});
        if let Some(id) = id {
            body["federation_id"] = json!(id);
        }
        let (_, shown) = enter_player(client, token, event, body).await;
        ids.push(shown["federation_id"].as_str().unwrap().to_string());
    }
    let round = pair_round(client, token, event).await;
    let boards = round["pairings"].as_array().unwrap().len();
    decide_boards(client, token, &round, &vec!["1-0"; boards]).await;
    (event, ids)
}

async fn circuit_standings_and_the_final(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let other = account_with_token(app, "outro@example.ao", "Outro", "organiser");
    let player = account_with_token(app, "ana@example.ao", "Ana", "player");
    let client = app.browser();
    let (luanda, first) = qualifier(
        &client,
        &token,
        "Apuramento de Luanda",
        &[
            ("Ana Kiala", None),
            ("Bento Lunda", None),
            ("Carla Muxima", None),
            ("Domingos Neto", None),
        ],
    )
    .await;
    let (huambo, second) = qualifier(
        &client,
        &token,
        "Apuramento do Huambo",
        &[
            ("Ana Kiala", Some(first[0].as_str())),
            ("Bento Lunda", Some(first[1].as_str())),
            ("Eva Quissama", None),
            ("Fausto Ribeiro", None),
        ],
    )
    .await;
    let final_event = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Final Nacional", "rounds": 3})),
        )
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    let circuit = json!({"name": "Prémio Kiela 2026", "points": [10, 6, 4, 3], "qualifiers": 2,
                         "events": [luanda, huambo], "final": final_event});
    let create = |token: &str, body: &Value| {
        Req::post("/api/v1/circuits")
            .bearer(token)
            .json(body.clone())
    };
    client.send(create(&player, &circuit)).await.expect(403);
    for (change, code) in [
        (json!({"points": []}), "circuit_points_invalid"),
        (json!({"points": [10, -1]}), "circuit_points_invalid"),
        (json!({"events": []}), "circuit_events_invalid"),
        (
            json!({"events": [luanda, 999_999]}),
            "circuit_events_invalid",
        ),
        (json!({"final": luanda}), "circuit_events_invalid"),
        (json!({"name": " "}), "name_empty"),
    ] {
        let mut body = circuit.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let refused = client.send(create(&token, &body)).await.expect(422).json();
        assert_eq!(refused["error"]["code"], code, "{change}");
    }
    let created = client.send(create(&token, &circuit)).await.expect(201);
    let location = created.header("location").unwrap().to_string();
    let created = created.json();
    assert_eq!(created["slug"], "premio-kiela-2026");

    let standings = client.send(Req::get(&location)).await.expect(200).json();
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "six people played: {standings}");
    // Every place of both qualifiers scores once (shared places share): 2 × (10+6+4+3).
    let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!((total - 46.0).abs() < 1e-9, "{standings}");
    // Ana and Bento played both; their points are both events' together.
    let ana = rows
        .iter()
        .find(|r| r["federation_id"] == first[0].as_str())
        .unwrap();
    assert_eq!(ana["events"], 2);
    assert!(
        rows.windows(2)
            .all(|w| w[0]["points"].as_f64() >= w[1]["points"].as_f64())
    );
    // Two from each qualifier, four different people.
    let qualified: Vec<&str> = standings["qualified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["federation_id"].as_str().unwrap())
        .collect();
    assert_eq!(qualified.len(), 4, "{standings}");
    let mut distinct = qualified.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 4);
    let from_huambo: Vec<&Value> = standings["qualified"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|q| q["event_id"] == huambo)
        .collect();
    assert_eq!(from_huambo.len(), 2);
    assert!(
        second
            .iter()
            .any(|id| id == from_huambo[0]["federation_id"].as_str().unwrap())
    );

    // The final's registration, filled once by its organiser.
    let id = created["id"].as_i64().unwrap();
    let fill = |token: &str| Req::post(format!("/api/v1/circuits/{id}/final")).bearer(token);
    client.send(fill(&other)).await.expect(403);
    let filled = client.send(fill(&token)).await.expect(200).json();
    assert_eq!(filled, json!({"added": 4, "already": 0}));
    let again = client.send(fill(&token)).await.expect(200).json();
    assert_eq!(again, json!({"added": 0, "already": 4}));
    let entries = client
        .send(Req::get(format!("/api/v1/events/{final_event}/players")))
        .await
        .json();
    let mut entered: Vec<&str> = entries["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["federation_id"].as_str().unwrap())
        .collect();
    entered.sort_unstable();
    assert_eq!(entered, distinct);

    let page = client.get("/circuits/premio-kiela-2026?lang=pt").await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Apurados para a final"), "{}", page.body);
    assert!(
        page.body
            .contains("Os 2 primeiros de cada apuramento vão à final.")
    );
    assert!(page.body.contains("Apuramento do Huambo") && page.body.contains("Final Nacional"));
    // The same from the circuit's page: another organiser is refused, the final's enters
    // nobody twice.
    let fill_form = "form[action='/circuits/premio-kiela-2026/final'] button";
    assert!(
        !crate::harness::has(&page.body, fill_form),
        "not offered to visitors"
    );
    let outsider = app.browser();
    outsider.log_in("outro@example.ao", "a-long-password").await;
    let refused = outsider
        .post_form("/circuits/premio-kiela-2026/final", &[])
        .await;
    assert_eq!(refused.status, 403);
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let page = organiser.get("/circuits/premio-kiela-2026?lang=pt").await;
    assert!(crate::harness::has(&page.body, fill_form), "{}", page.body);
    let done = organiser
        .post_form("/circuits/premio-kiela-2026/final", &[])
        .await;
    assert_eq!(done.status, 303, "{}", done.body);
    let after = organiser.follow(done).await;
    assert!(
        after
            .body
            .contains("Os qualificados foram inscritos na final.")
    );
    let entries = client
        .send(Req::get(format!("/api/v1/events/{final_event}/players")))
        .await
        .json();
    assert_eq!(entries["players"].as_array().unwrap().len(), 4);
    assert_eq!(client.get("/circuits/nenhum").await.status, 404);
    client
        .send(Req::get("/api/v1/circuits/999999"))
        .await
        .expect(404);
}

/// The circuit form: the events to tick, a points table typed as text, a refusal that keeps
/// what was typed, and the new circuit's page.
async fn a_circuit_made_on_its_form(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let (luanda, _) = qualifier(
        &client,
        &token,
        "Apuramento de Luanda",
        &[("Ana Kiala", None), ("Bento Lunda", None)],
    )
    .await;
    let (huambo, _) = qualifier(
        &client,
        &token,
        "Apuramento do Huambo",
        &[("Carla Muxima", None), ("Domingos Neto", None)],
    )
    .await;
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let events = desk.get("/events?lang=en").await;
    assert!(crate::harness::has(
        &events.body,
        "a[href=\"/circuits/new\"]"
    ));
    let form = desk.get("/circuits/new?lang=pt").await;
    assert_eq!(form.status, 200);
    assert!(
        form.body
            .contains(&format!("name=\"event\" value=\"{luanda}\""))
    );
    let (l, h) = (luanda.to_string(), huambo.to_string());
    let refused = desk
        .post_form(
            "/circuits",
            &[
                ("name", "Taça 2026"),
                ("points", "10, seis"),
                ("qualifiers", "1"),
                ("event", &l),
            ],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.body.contains("A tabela de pontos"),
        "{}",
        refused.body
    );
    assert!(crate::harness::has(
        &refused.body,
        "input[name=points][value=\"10, seis\"]"
    ));
    // A place in the qualifiers' order is a number from 1.
    let place_h = format!("place-{h}");
    let refused = desk
        .post_form(
            "/circuits",
            &[
                ("name", "Taça 2026"),
                ("points", "10 6"),
                ("qualifiers", "1"),
                ("event", &l),
                ("event", &h),
                (&place_h, "primeiro"),
            ],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.body.contains("A ordem de um apuramento"),
        "{}",
        refused.body
    );
    assert!(crate::harness::has(
        &refused.body,
        &format!("input[name={place_h}][value=\"primeiro\"]")
    ));
    // Huambo is listed after Luanda but typed first: it comes first.
    let made = desk
        .post_form(
            "/circuits",
            &[
                ("name", "Taça 2026"),
                ("points", "10 6"),
                ("qualifiers", "1"),
                ("event", &l),
                ("event", &h),
                (&format!("place-{l}"), ""),
                (&place_h, "1"),
            ],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    assert_eq!(made.location(), Some("/circuits/taca-2026"));
    let page = client.get("/circuits/taca-2026?lang=en").await;
    assert!(
        page.body.contains("Qualified for the final"),
        "{}",
        page.body
    );
    let at = |name: &str| page.body.find(name).unwrap();
    assert!(
        at("Apuramento do Huambo") < at("Apuramento de Luanda"),
        "the qualifiers in the order typed: {}",
        page.body
    );
    // Someone who may not create events gets no form.
    let visitor = app.browser();
    assert_ne!(visitor.get("/circuits/new").await.status, 200);
}

both_backends!(circuit_standings_and_the_final, a_circuit_made_on_its_form);
