//! The federation's registry: each person once across events, found however the name is
//! spelt, flagged (never merged) when a new name may be someone registered, and the entries
//! written before the registry existed migrated into it.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{Req, TestApp, account_with_token, enter_player as enter, link_account};

async fn new_event(client: &crate::harness::Browser<'_>, token: &str, name: &str) -> i64 {
    client
        .send(
            Req::post("/api/v1/events")
                .bearer(token)
                .json(json!({"name": name, "rounds": 5})),
        )
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap()
}

fn federation_ids(list: &Value) -> Vec<String> {
    list["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["federation_id"].as_str().unwrap().to_string())
        .collect()
}

fn is_issued(id: &str) -> bool {
    id.len() >= 8 && id.starts_with('K') && id[1..].chars().all(|c| c.is_ascii_digit())
}

async fn one_person_across_events(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let first = new_event(&client, &token, "Provincial de Luanda").await;
    let second = new_event(&client, &token, "Final Nacional").await;

    // A new person gets an issued, printable id.
    let (created, kiluanji) = enter(
        &client,
        &token,
        first,
        json!({"name": "Kiluanji Ukuma", "club": "Petro", "province": "Luanda",
               "sex": "F", "birth_year": 1990}),
    )
    .await;
    assert!(created.get("warnings").is_none(), "{created}");
    let id = kiluanji["federation_id"].as_str().unwrap().to_string();
    assert!(is_issued(&id), "{id}");

    // Another spelling of the name is flagged as possibly the same person, and still entered
    // as a new one: the same name is not the same person.
    let (created, other) = enter(
        &client,
        &token,
        second,
        json!({"name": "Kiluangi Ucuma", "club": "Sagrada"}),
    )
    .await;
    let warnings = created["warnings"].as_array().unwrap();
    assert!(
        warnings.iter().any(|w| w["code"] == "possible_same_person"
            && w["federation_id"] == id.as_str()
            && w["name"] == "Kiluanji Ukuma"),
        "{created}"
    );
    let other_id = other["federation_id"].as_str().unwrap().to_string();
    assert!(is_issued(&other_id) && other_id != id);

    // Entering the registered person by federation id: blank details come from the registry.
    let third = new_event(&client, &token, "Torneio de Benguela").await;
    let (created, again) = enter(
        &client,
        &token,
        third,
        json!({"name": "Kiluanji Ukuma", "federation_id": id.to_lowercase()}),
    )
    .await;
    assert!(created.get("warnings").is_none(), "{created}");
    assert_eq!(again["federation_id"], id.as_str());
    assert_eq!(again["club"], "Petro");
    assert_eq!(again["province"], "Luanda");
    // A federation id that names someone of another name is entered, with a warning.
    let (created, _) = enter(
        &client,
        &token,
        second,
        json!({"name": "Rui Silva", "federation_id": id}),
    )
    .await;
    assert_eq!(created["warnings"][0]["code"], "other_name", "{created}");
    assert_eq!(created["warnings"][0]["name"], "Kiluanji Ukuma");
    // Nothing of the registered person reaches an entry of another name, even for its staff.
    let rui = client
        .send(Req::get(format!("/api/v1/events/{second}/players/{}", created["id"])).bearer(&token))
        .await
        .expect(200)
        .json();
    for private in ["sex", "birth_year", "email"] {
        assert!(
            rui.get(private).is_none_or(Value::is_null),
            "{private}: {rui}"
        );
    }
    assert_eq!(rui["club"], "");

    // Search: case, accents and spelling aside; by federation id; nothing private.
    for q in ["kiluangi", "%C3%9AKUMA", "Kiluanji%20Ukuma", "quiluanji"] {
        let found = client
            .send(Req::get(format!("/api/v1/registry?q={q}")))
            .await
            .expect(200);
        assert_eq!(found.header("access-control-allow-origin"), Some("*"));
        let ids = federation_ids(&found.json());
        assert!(ids.contains(&id) && ids.contains(&other_id), "{q}: {ids:?}");
    }
    let found = client
        .send(Req::get(format!("/api/v1/registry?q={other_id}")))
        .await
        .expect(200)
        .json();
    assert_eq!(federation_ids(&found), vec![other_id.clone()]);
    let row = &found["players"][0];
    assert_eq!(row["name"], "Kiluangi Ucuma");
    assert_eq!(row["club"], "Sagrada");
    assert!(row["rating"].is_null());
    for private in ["email", "sex", "birth_year", "user_id"] {
        assert!(row.get(private).is_none(), "{private} in {row}");
    }
    for q in ["", "%20%20", "%ZZ", "zzzzzz"] {
        let found = client
            .send(Req::get(format!("/api/v1/registry?q={q}")))
            .await
            .expect(200)
            .json();
        assert_eq!(found["players"], json!([]), "{q}");
    }

    // One person, three events.
    let person = client
        .send(Req::get(format!("/api/v1/registry/{id}")))
        .await
        .expect(200)
        .json();
    // The latest details of the same name; an entry of another name changed nothing.
    assert_eq!(person["name"], "Kiluanji Ukuma");
    let events: Vec<&str> = person["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        events,
        [
            "Provincial de Luanda",
            "Torneio de Benguela",
            "Final Nacional"
        ]
    );
    assert_eq!(person["games"], 0);
    assert_eq!(person["rated_games"], 0);
    assert_eq!(person["rating_history"], json!([]));
    assert!(person.get("sex").is_none() && person.get("email").is_none());
    let missing = client
        .send(Req::get("/api/v1/registry/K9999999"))
        .await
        .expect(404)
        .json();
    assert_eq!(missing["error"]["code"], "not_found");

    // A federation's own id for someone not yet registered is kept as it is.
    let (_, own) = enter(
        &client,
        &token,
        first,
        json!({"name": "Nzinga Mbande", "federation_id": "ao-77"}),
    )
    .await;
    assert_eq!(own["federation_id"], "AO-77");
    let found = client
        .send(Req::get("/api/v1/registry?q=ao-77"))
        .await
        .expect(200)
        .json();
    assert_eq!(federation_ids(&found), vec!["AO-77".to_string()]);
    let person = client
        .send(Req::get("/api/v1/registry/AO-77"))
        .await
        .expect(200)
        .json();
    assert_eq!(person["name"], "Nzinga Mbande");

    // An entry removed just after it was made takes its new person with it.
    let (created, temporary) =
        enter(&client, &token, first, json!({"name": "Zé Temporário"})).await;
    let temporary_id = temporary["federation_id"].as_str().unwrap().to_string();
    client
        .send(
            Req::delete(format!("/api/v1/events/{first}/players/{}", created["id"])).bearer(&token),
        )
        .await
        .expect(204);
    client
        .send(Req::get(format!("/api/v1/registry/{temporary_id}")))
        .await
        .expect(404);

    // An edit moving an entry to another federation id leaves the first person to the
    // entries still naming them, and registers the new id.
    let (created, moving) = enter(&client, &token, third, json!({"name": "Eva Quissama"})).await;
    let old_id = moving["federation_id"].as_str().unwrap().to_string();
    client
        .send(
            Req::patch(format!("/api/v1/events/{third}/players/{}", created["id"]))
                .bearer(&token)
                .json(json!({"federation_id": "AO-78"})),
        )
        .await
        .expect(200);
    client
        .send(Req::get(format!("/api/v1/registry/{old_id}")))
        .await
        .expect(404);
    let moved = client
        .send(Req::get("/api/v1/registry/AO-78"))
        .await
        .expect(200)
        .json();
    assert_eq!(moved["name"], "Eva Quissama");
    assert_eq!(moved["events"][0]["event"], "Torneio de Benguela");
}

/// Entries written before the registry existed: one person per account, then per federation
/// id, then per entry; found by search once the keys are written at start-up.
async fn entries_before_the_registry_are_migrated(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    account_with_token(app, "ana@example.ao", "Ana", "player");
    let client = app.browser();
    let first = new_event(&client, &token, "Primeiro").await;
    let second = new_event(&client, &token, "Segundo").await;
    let mut entries = Vec::new();
    for (event, body) in [
        (first, json!({"name": "Ana Kiala"})),
        (second, json!({"name": "Ana M. Kiala"})),
        (
            first,
            json!({"name": "Bento Lunda", "federation_id": "AO-9"}),
        ),
        (
            second,
            json!({"name": "Bento Lunda", "federation_id": "AO-9"}),
        ),
        (first, json!({"name": "Carla Muxima"})),
        (second, json!({"name": "Carla Muxima"})),
        // A federation's own id of the issued form.
        (
            first,
            json!({"name": "Eva Quissama", "federation_id": "K1234567"}),
        ),
    ] {
        let (created, _) = enter(&client, &token, event, body).await;
        entries.push((event, created["id"].as_i64().unwrap()));
    }
    // Ana's two entries are bound to her account.
    for &(event, player) in &entries[..2] {
        link_account(&client, &token, event, player, "ana@example.ao").await;
    }
    {
        let mut conn = app.app.conn().unwrap();
        // Back to before the registry, and up again.
        kiela::db::revert_to(&mut conn, "2026-12-02-000009").unwrap();
        use diesel::RunQueryDsl;
        // The ids the registry issued went with it; the federations' own stayed.
        let count = |conn: &mut kiela::db::DbConnection, filter: &str| {
            diesel::sql_query(format!("UPDATE players SET name = name WHERE {filter}"))
                .execute(conn)
                .unwrap()
        };
        assert_eq!(count(&mut conn, "federation_id IS NULL"), 4, "Ana, Carla");
        assert_eq!(count(&mut conn, "federation_id = 'K1234567'"), 1);
        // An id typed in lower case before ids were read in upper case.
        let one = diesel::sql_query(
            "UPDATE players SET federation_id = 'ao-9' WHERE id = (SELECT min(id) FROM players WHERE federation_id = 'AO-9')",
        )
        .execute(&mut *conn)
        .unwrap();
        assert_eq!(one, 1);
        kiela::db::run_migrations(&mut conn).unwrap();
        assert_eq!(
            kiela::service::registry::write_missing_keys(&mut conn).unwrap(),
            5,
            "Ana, Bento, Carla twice and Eva"
        );
    }
    let mut ids = Vec::new();
    for &(event, player) in &entries {
        let shown = client
            .send(Req::get(format!("/api/v1/events/{event}/players/{player}")).bearer(&token))
            .await
            .expect(200)
            .json();
        ids.push(shown["federation_id"].as_str().unwrap().to_string());
    }
    assert_eq!(ids[0], ids[1], "one account, one person");
    assert!(is_issued(&ids[0]));
    assert_eq!((ids[2].as_str(), ids[3].as_str()), ("AO-9", "AO-9"));
    assert!(is_issued(&ids[4]) && is_issued(&ids[5]) && ids[4] != ids[5]);
    assert_eq!(ids[6], "K1234567");
    let found = client
        .send(Req::get("/api/v1/registry?q=muxima"))
        .await
        .expect(200)
        .json();
    let mut found = federation_ids(&found);
    found.sort();
    let mut expected = vec![ids[4].clone(), ids[5].clone()];
    expected.sort();
    assert_eq!(found, expected);
    let ana = client
        .send(Req::get(format!("/api/v1/registry/{}", ids[0])))
        .await
        .expect(200)
        .json();
    assert_eq!(ana["events"].as_array().unwrap().len(), 2);
    // The next person registered gets an id of their own.
    let (_, next) = enter(&client, &token, first, json!({"name": "Domingos Neto"})).await;
    assert!(!ids.contains(&next["federation_id"].as_str().unwrap().to_string()));
}

/// Two people meet in two events: the search page finds them, each one's page lists both
/// events and both games with their replays, and the head-to-head counts them, in every
/// language.
async fn a_players_page_across_events(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let mut ids: Vec<String> = Vec::new();
    let mut games = Vec::new();
    for (n, name) in ["Taça de Luanda", "Taça do Huambo"].iter().enumerate() {
        let event = new_event(&client, &token, name).await;
        let mut entered = Vec::new();
        for (i, player) in ["Ngola Kiluanji", "Nzinga Mbande"].iter().enumerate() {
            let body = match ids.get(i) {
                Some(id) => json!({"name": player, "rating": 1900 - i, "federation_id": id}),
                None => json!({"name": player, "rating": 1900 - i}),
            };
            let (_, shown) = enter(&client, &token, event, body).await;
            entered.push(shown["federation_id"].as_str().unwrap().to_string());
        }
        if n == 0 {
            ids = entered;
        }
        let round = crate::harness::pair_round(&client, &token, event).await;
        let game = round["pairings"][0]["game_id"].as_i64().unwrap();
        let first = round["pairings"][0]["first"]["name"]
            .as_str()
            .unwrap()
            .to_string();
        // Ngola wins the first event's game and draws the second.
        let result = match (n, first.as_str()) {
            (0, "Ngola Kiluanji") => "1-0",
            (0, _) => "0-1",
            _ => "1/2-1/2",
        };
        client
            .send(
                Req::post(format!("/api/v1/games/{game}/decision"))
                    .bearer(&token)
                    .json(json!({"result": result, "reason": "adjudicated"})),
            )
            .await
            .expect(200);
        games.push(game);
    }
    let (ngola, nzinga) = (&ids[0], &ids[1]);

    let found = client.get("/players?q=kiluangi&lang=en").await;
    assert_eq!(found.status, 200);
    assert!(
        found.body.contains(&format!("href=\"/players/{ngola}\"")),
        "{}",
        found.body
    );
    assert!(!found.body.contains(&format!("/players/{nzinga}")));
    let none = client.get("/players?q=zzzz&lang=pt").await;
    assert!(
        none.body
            .contains("Nenhum jogador registado corresponde a «zzzz».")
    );
    // Markup in a search is text.
    let hostile = client.get("/players?q=%3Cscript%3E&lang=fr").await;
    assert_eq!(hostile.status, 200);
    assert!(!hostile.body.contains("<script>") && hostile.body.contains("&#60;script&#62;"));

    let page = client.get(&format!("/players/{ngola}?lang=en")).await;
    assert_eq!(page.status, 200);
    for text in [
        "Ngola Kiluanji",
        "Taça de Luanda",
        "Taça do Huambo",
        "Nzinga Mbande",
    ] {
        assert!(page.body.contains(text), "{text}");
    }
    for game in &games {
        assert!(
            page.body.contains(&format!("/games/{game}\"")),
            "game {game}"
        );
    }
    let versus = client
        .get(&format!(
            "/players/{ngola}?against={}&lang=pt",
            nzinga.to_lowercase()
        ))
        .await;
    assert_eq!(versus.status, 200);
    assert!(
        versus
            .body
            .contains("Contra Nzinga Mbande: vitórias 1, empates 1, derrotas 0."),
        "{}",
        versus.body
    );
    let versus = client
        .get(&format!("/players/{nzinga}?against={ngola}&lang=fr"))
        .await;
    assert!(
        versus
            .body
            .contains("Contre Ngola Kiluanji\u{a0}: gagnées 0, nulles 1, perdues 1.")
    );
    // The opponent by words of their name, as a reader types it.
    let by_name = client
        .get(&format!("/players/{ngola}?against=nzinga&lang=pt"))
        .await;
    assert!(
        by_name
            .body
            .contains("Contra Nzinga Mbande: vitórias 1, empates 1, derrotas 0."),
        "{}",
        by_name.body
    );
    assert_eq!(client.get("/players/K9999999").await.status, 404);
    // Nobody of that name or id among the opponents: no game, no error.
    let nobody = client
        .get(&format!("/players/{ngola}?against=K9999999&lang=pt"))
        .await;
    assert_eq!(nobody.status, 200);
    assert!(
        nobody.body.contains("vitórias 0, empates 0, derrotas 0"),
        "{}",
        nobody.body
    );
    let api = client
        .send(Req::get(format!("/api/v1/registry/{ngola}")))
        .await
        .expect(200)
        .json();
    assert_eq!(api["games"], 2);
}

/// An administrator merges two entries of the registry that are one person: their events
/// and games move, the old id leads to the person kept, each event logs it; two people of one
/// event are never merged.
async fn two_entries_of_one_person_merged(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let admin = account_with_token(app, "fed@example.ao", "Federação", "admin");
    let client = app.browser();
    let first = new_event(&client, &token, "Torneio do Uíge").await;
    let second = new_event(&client, &token, "Torneio do Zaire").await;
    let (_, a) = enter(&client, &token, first, json!({"name": "Kiluanji Ukuma"})).await;
    let (created, b) = enter(&client, &token, second, json!({"name": "Kiluangi Ucuma"})).await;
    assert_eq!(created["warnings"][0]["code"], "possible_same_person");
    let (_, c) = enter(&client, &token, second, json!({"name": "Kiluanji Ukuma"})).await;
    let (a, b, c) = (
        a["federation_id"].as_str().unwrap().to_string(),
        b["federation_id"].as_str().unwrap().to_string(),
        c["federation_id"].as_str().unwrap().to_string(),
    );
    let merge = |gone: &str, into: &str, token: &str| {
        Req::post(format!("/api/v1/registry/{gone}/merge"))
            .bearer(token)
            .json(json!({ "into": into }))
    };
    client.send(merge(&b, &a, &token)).await.expect(403);
    let refused = client.send(merge(&b, &b, &admin)).await.expect(422).json();
    assert_eq!(refused["error"]["code"], "merge_same_person");
    let refused = client
        .send(merge(&b, "K9999999", &admin))
        .await
        .expect(422)
        .json();
    assert_eq!(refused["error"]["code"], "registry_player_unknown");
    // b and c are both entered in the second event: two people.
    let refused = client.send(merge(&b, &c, &admin)).await.expect(409).json();
    assert_eq!(refused["error"]["code"], "merge_same_event");
    assert_eq!(refused["error"]["detail"], "Torneio do Zaire");

    let merged = client.send(merge(&b, &a, &admin)).await.expect(200).json();
    assert_eq!(
        merged,
        json!({"federation_id": a, "merged": b, "entries": 1})
    );
    let person = client
        .send(Req::get(format!("/api/v1/registry/{}", b.to_lowercase())))
        .await
        .expect(200)
        .json();
    assert_eq!(
        person["federation_id"],
        a.as_str(),
        "the old id leads to the person kept"
    );
    assert_eq!(person["events"].as_array().unwrap().len(), 2);
    // Entering the old id enters the person kept.
    let third = new_event(&client, &token, "Torneio do Bengo").await;
    let (_, again) = enter(
        &client,
        &token,
        third,
        json!({"name": "Kiluanji Ukuma", "federation_id": b}),
    )
    .await;
    assert_eq!(again["federation_id"], a.as_str());
    let log = client
        .send(Req::get(format!("/api/v1/events/{second}")).bearer(&token))
        .await
        .json();
    let slug = log["slug"].as_str().unwrap();
    let audit = app.browser();
    audit.log_in("org@example.ao", "a-long-password").await;
    let page = audit.get(&format!("/events/{slug}/audit?lang=en")).await;
    assert!(
        page.body
            .contains(&format!("Kiluangi Ucuma ({b}) → Kiluanji Ukuma ({a})")),
        "{}",
        page.body
    );

    // On the site: the administrator sees the possible duplicates and merges with a button.
    let desk = app.browser();
    desk.log_in("fed@example.ao", "a-long-password").await;
    let page = desk.get(&format!("/players/{a}?lang=en")).await;
    assert!(
        page.body
            .contains(&format!("action=\"/players/{c}/merge\"")),
        "{}",
        page.body
    );
    assert!(page.body.contains(&format!("Also known as</dt><dd>{b}")));
    let visitor = client.get(&format!("/players/{a}?lang=en")).await;
    assert!(!visitor.body.contains("/merge"));
    let refused = desk
        .post_form(&format!("/players/{c}/merge"), &[("into", a.as_str())])
        .await;
    assert_eq!(refused.status, 409, "c and a are in the second event");
    let other = new_event(&client, &token, "Torneio do Moxico").await;
    let (_, d) = enter(&client, &token, other, json!({"name": "Kiluanji Ukuma"})).await;
    let d = d["federation_id"].as_str().unwrap().to_string();
    let done = desk
        .post_form(&format!("/players/{d}/merge"), &[("into", a.as_str())])
        .await;
    assert_eq!(done.status, 303);
    assert_eq!(done.location(), Some(format!("/players/{a}").as_str()));
}

/// A CSV import is compared with the registry: lines naming a registered person are entered
/// as them, and the lines to check (another name behind the id, a new person who may be
/// someone registered) are listed for the organiser.
async fn an_import_is_matched_against_the_registry(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let first = new_event(&client, &token, "Primeiro").await;
    let (_, kiluanji) = enter(
        &client,
        &token,
        first,
        json!({"name": "Kiluanji Ukuma", "club": "Petro"}),
    )
    .await;
    let (_, nzinga) = enter(&client, &token, first, json!({"name": "Nzinga Mbande"})).await;
    let (k, n) = (
        kiluanji["federation_id"].as_str().unwrap().to_string(),
        nzinga["federation_id"].as_str().unwrap().to_string(),
    );
    let second = new_event(&client, &token, "Segundo").await;
    let slug = client
        .send(Req::get(format!("/api/v1/events/{second}")))
        .await
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string();
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let csv = format!(
        "nome,n_federacao\nKiluanji Ukuma,{k}\nRui Silva,{n}\nQuiluangi Ucuma,\nEva Quissama,\n"
    );
    let page = desk
        .post_form(
            &format!("/events/{slug}/players/import?lang=en"),
            &[("csv", &csv)],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("their federation id names: 1."),
        "{}",
        page.body
    );
    assert!(page.body.contains(&format!("Line 3: its federation id belongs to <a href=\"/players/{n}\"><bdi>Nzinga Mbande</bdi></a>")), "{}", page.body);
    assert!(page.body.contains(&format!("Line 4: entered as a new person, but may be <a href=\"/players/{k}\"><bdi>Kiluanji Ukuma</bdi></a>")), "{}", page.body);
    assert!(!page.body.contains("Line 5:"), "Eva is no one registered");
    let players = client
        .send(Req::get(format!("/api/v1/events/{second}/players")))
        .await
        .json();
    let by_name = |name: &str| {
        players["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["federation_id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(by_name("Kiluanji Ukuma"), k);
    assert_eq!(by_name("Rui Silva"), n);
    assert_ne!(by_name("Quiluangi Ucuma"), k);

    // A line by federation id alone enters the registered person, named as registered.
    let third = new_event(&client, &token, "Terceiro").await;
    let third_slug = client
        .send(Req::get(format!("/api/v1/events/{third}")))
        .await
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string();
    let page = desk
        .post_form(
            &format!("/events/{third_slug}/players/import?lang=en"),
            &[("csv", &format!("nome,n_federacao\n,{k}\n"))],
        )
        .await;
    assert_eq!(
        page.status, 303,
        "imported with nothing to check: {}",
        page.body
    );
    let players = client
        .send(Req::get(format!("/api/v1/events/{third}/players")))
        .await
        .json();
    assert_eq!(players["players"][0]["name"], "Kiluanji Ukuma", "{players}");
    assert_eq!(players["players"][0]["federation_id"], k.as_str());
}

/// A registered person is bound to the account their own entry was bound to; another
/// account bound to another entry with their id (an organiser holds every entry's link) does
/// not take them: that account's self-registration is a new person, the person's own is them.
async fn an_entry_never_takes_a_person_from_their_account(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    account_with_token(app, "ana@example.ao", "Ana Kiala", "player");
    account_with_token(app, "outra@example.ao", "Ana Kiala", "player");
    let client = app.browser();
    let first = new_event(&client, &token, "Primeiro").await;
    let (created, ana) = enter(&client, &token, first, json!({"name": "Ana Kiala"})).await;
    let id = ana["federation_id"].as_str().unwrap().to_string();
    link_account(
        &client,
        &token,
        first,
        created["id"].as_i64().unwrap(),
        "ana@example.ao",
    )
    .await;
    let second = new_event(&client, &token, "Segundo").await;
    let (created, _) = enter(
        &client,
        &token,
        second,
        json!({"name": "Ana Kiala", "federation_id": id}),
    )
    .await;
    link_account(
        &client,
        &token,
        second,
        created["id"].as_i64().unwrap(),
        "outra@example.ao",
    )
    .await;
    let open = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Aberto", "self_registration": true})),
        )
        .await
        .expect(201)
        .json();
    let (open_id, slug) = (
        open["id"].as_i64().unwrap(),
        open["slug"].as_str().unwrap().to_string(),
    );
    for email in ["outra@example.ao", "ana@example.ao"] {
        let browser = app.browser();
        browser.log_in(email, "a-long-password").await;
        let done = browser
            .post_form(&format!("/events/{slug}/register"), &[("club", "Petro")])
            .await;
        assert!(
            done.status == 303 || done.status == 200,
            "{email}: {}",
            done.status
        );
    }
    let entries = client
        .send(Req::get(format!("/api/v1/events/{open_id}/players")).bearer(&token))
        .await
        .json();
    let rows = entries["players"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{entries}");
    let of = |email: &str| {
        rows.iter().find(|p| p["email"] == email).unwrap()["federation_id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        of("ana@example.ao"),
        id,
        "the person's own account finds them"
    );
    assert_ne!(
        of("outra@example.ao"),
        id,
        "another account is someone else"
    );
    // A printed id with its dash is found by search.
    let found = client
        .send(Req::get(format!(
            "/api/v1/registry?q={}",
            id.to_lowercase()
        )))
        .await
        .expect(200)
        .json();
    assert_eq!(found["players"][0]["federation_id"], id.as_str());
}

/// A TRF file carries each player's federation id on our `XKF` line; imported again, the
/// players are the same people (filled from the registry where the file says nothing), and
/// the event's log lists how many matched and whom to check.
async fn a_trf_file_is_matched_against_the_registry(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let first = new_event(&client, &token, "Primeiro").await;
    let (_, ana) = enter(
        &client,
        &token,
        first,
        json!({"name": "Ana Kiala", "club": "Kilamba", "federation_id": "AO-1"}),
    )
    .await;
    let (_, kiluanji) = enter(
        &client,
        &token,
        first,
        json!({"name": "Kiluanji Ukuma", "province": "Uíge"}),
    )
    .await;
    let k = kiluanji["federation_id"].as_str().unwrap().to_string();
    assert_eq!(ana["federation_id"], "AO-1");
    let trf = client
        .send(Req::get(format!("/api/v1/events/{first}/export.trf")))
        .await
        .expect(200)
        .body;
    assert!(trf.contains("\nXKF    1 AO-1\n"), "{trf}");
    assert!(trf.contains(&format!("\nXKF    2 {k}\n")), "{trf}");

    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let again = crate::files::import(&desk, &client, &trf).await;
    let players = client
        .send(Req::get(format!("/api/v1/events/{again}/players")))
        .await
        .json();
    assert_eq!(federation_ids(&players), ["AO-1", k.as_str()]);
    assert_eq!(
        players["players"][0]["club"], "Kilamba",
        "the registry fills what TRF cannot carry: {players}"
    );
    let found = client
        .send(Req::get("/api/v1/registry?q=ana%20kiala"))
        .await
        .json();
    assert_eq!(found["players"].as_array().unwrap().len(), 1, "{found}");
    let slug_of = |id: i64| {
        let client = &client;
        async move {
            client
                .send(Req::get(format!("/api/v1/events/{id}")))
                .await
                .json()["slug"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    let log = desk
        .get(&format!("/events/{}/audit?lang=en", slug_of(again).await))
        .await;
    assert!(
        log.body
            .contains("2 players are entered as the registered person their federation id"),
        "{}",
        log.body
    );

    // A file of another program: an id of someone else's, a name that sounds registered, and
    // `XKF` lines that do not read (a player the file lacks, an id that is no id).
    let line = |n: usize, name: &str| format!("001 {n:>4}      {name:<33} 1700\n");
    let other = format!(
        "012 Outro\n{}{}{}XKF    1 ao-1\nXKF    7 AO-7\nXKF    2 A;B\n",
        line(1, "Zeca Tumba"),
        line(2, "Quiluangi Ucuma"),
        line(3, "Eva Quissama"),
    );
    let imported = desk
        .post_form("/events/import?lang=pt", &[("trf", &other)])
        .await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    let slug = imported
        .location()
        .unwrap()
        .trim_start_matches("/events/")
        .trim_end_matches("/manage")
        .to_string();
    let manage = desk.get(&format!("/events/{slug}/manage?lang=pt")).await;
    assert!(
        manage
            .body
            .contains("O histórico do torneio indica o que verificar"),
        "{}",
        manage.body
    );
    let log = desk.get(&format!("/events/{slug}/audit?lang=en")).await;
    assert!(
        log.body.contains(
            "player 1: the federation id AO-1 belongs to Ana Kiala; the entry keeps the file"
        ),
        "{}",
        log.body
    );
    assert!(
        log.body.contains(&format!(
            "player 2: entered as a new person, but may be Kiluanji Ukuma ({k})"
        )),
        "{}",
        log.body
    );
    assert!(!log.body.contains("player 3:"), "Eva is no one registered");
    for line in [6, 7] {
        assert!(
            log.body
                .contains(&format!("line {line}: a `XKF` line is read but not kept")),
            "line {line}: {}",
            log.body
        );
    }
    let ana_page = client
        .send(Req::get("/api/v1/registry/AO-1"))
        .await
        .expect(200)
        .json();
    assert_eq!(ana_page["name"], "Ana Kiala", "the registry keeps its name");
}

/// A person has one entry in an event, whichever way the entry comes: the API, the form, a
/// CSV import (an id twice in the file, or of someone entered), a TRF file (an id on two
/// players), an edit moving an entry to someone entered.
async fn a_person_is_entered_once_in_an_event(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let event = new_event(&client, &token, "Uma vez").await;
    let (_, ana) = enter(
        &client,
        &token,
        event,
        json!({"name": "Ana Kiala", "federation_id": "AO-1"}),
    )
    .await;
    assert_eq!(ana["federation_id"], "AO-1");
    let again = client
        .send(
            Req::post(format!("/api/v1/events/{event}/players"))
                .bearer(&token)
                .json(json!({"name": "Ana Kiala", "federation_id": "ao-1"})),
        )
        .await
        .expect(409)
        .json();
    assert_eq!(again["error"]["code"], "person_already_entered");
    let slug = client
        .send(Req::get(format!("/api/v1/events/{event}")))
        .await
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string();
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let form = desk
        .post_form(
            &format!("/events/{slug}/players?lang=pt"),
            &[("name", "Ana K."), ("federation_id", "AO-1")],
        )
        .await;
    // Said beside the form, which keeps what was typed.
    assert_eq!(form.status, 409);
    assert!(crate::harness::has(
        &form.body,
        "input[name=name][value=\"Ana K.\"]"
    ));
    assert!(
        form.body.contains("já está inscrita neste torneio"),
        "{}",
        form.body
    );
    for csv in [
        "nome,n_federacao\nBento Lunda,AO-2\nBento L.,AO-2\n",
        "nome,n_federacao\nAna Kiala,AO-1\n",
    ] {
        let page = desk
            .post_form(
                &format!("/events/{slug}/players/import?lang=en"),
                &[("csv", csv)],
            )
            .await;
        assert_eq!(page.status, 422, "{csv}");
        assert!(
            page.body.contains("is already entered in this event"),
            "{}",
            page.body
        );
    }
    let (_, carla) = enter(&client, &token, event, json!({"name": "Carla Muxima"})).await;
    let moved = client
        .send(
            Req::patch(format!("/api/v1/events/{event}/players/{}", carla["id"]))
                .bearer(&token)
                .json(json!({"federation_id": "AO-1"})),
        )
        .await
        .expect(409)
        .json();
    assert_eq!(moved["error"]["code"], "person_already_entered");
    let players = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .json();
    assert_eq!(
        federation_ids(&players)
            .iter()
            .filter(|id| *id == "AO-1")
            .count(),
        1,
        "{players}"
    );
    assert_eq!(
        players["players"].as_array().unwrap().len(),
        2,
        "Ana and Carla"
    );
    // A TRF file naming one id for two players keeps it for the first.
    let line = |n: usize, name: &str| format!("001 {n:>4}      {name:<33} 1700\n");
    let trf = format!(
        "012 Duas vezes\n{}{}XKF    1 AO-7\nXKF    2 AO-7\n",
        line(1, "Eva Quissama"),
        line(2, "Eva Q.")
    );
    let imported = crate::files::import(&desk, &client, &trf).await;
    let players = client
        .send(Req::get(format!("/api/v1/events/{imported}/players")))
        .await
        .json();
    let ids = federation_ids(&players);
    assert_eq!(ids[0], "AO-7");
    assert_ne!(ids[1], "AO-7");
}

/// The national registry is its keeper's. At the federation a registry file is refused (from
/// the command line and the administrator's form); an organiser's entry, an edit of it and an
/// entry of a player file that say other details of a registered person (club, province, sex,
/// year of birth) change nothing in the registry, which the women's and junior lists read:
/// each difference waits, once per person and event, for the administrator, who takes it or
/// leaves it. At a venue a registry file with one id twice is refused, naming the person.
async fn the_national_registry_is_its_keepers(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    account_with_token(app, "adm@example.ao", "Adm", "admin");
    let first = new_event(&client, &organiser, "Primeiro").await;
    let (_, ana) = enter(
        &client,
        &organiser,
        first,
        json!({"name": "Ana Kiala", "club": "Petro", "province": "Luanda", "sex": "F", "birth_year": 1990}),
    )
    .await;
    let id = ana["federation_id"].as_str().unwrap().to_string();
    let registered = || async {
        client
            .send(Req::get(format!("/api/v1/registry/{id}")))
            .await
            .expect(200)
            .json()
    };
    let before = registered().await;
    assert_eq!(before["club"], "Petro");
    // Another organiser's entry in another event, by the national id, saying otherwise.
    let other = account_with_token(app, "other@example.ao", "Other", "organiser");
    let second = new_event(&client, &other, "Segundo").await;
    let (created, entry) = enter(
        &client,
        &other,
        second,
        json!({"federation_id": id, "name": "Ana Kiala", "club": "Interclube", "province": "Huíla", "sex": "M", "birth_year": 2011}),
    )
    .await;
    assert_eq!(
        entry["club"], "Interclube",
        "the entry says what it was given"
    );
    // Edited, and a player file of a third event.
    client
        .send(
            Req::patch(format!("/api/v1/events/{second}/players/{}", created["id"]))
                .bearer(&other)
                .json(json!({"club": "Sagrada Esperança"})),
        )
        .await
        .expect(200);
    let third = new_event(&client, &other, "Terceiro").await;
    let page = app.browser();
    page.log_in("other@example.ao", "a-long-password").await;
    let slug = client
        .send(Req::get(format!("/api/v1/events/{third}")))
        .await
        .expect(200)
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string();
    let csv = format!("name,club,federation id\nAna Kiala,Académica,{id}\n");
    let imported = page
        .post_form(&format!("/events/{slug}/players/import"), &[("csv", &csv)])
        .await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    let after = registered().await;
    for field in ["name", "club", "province"] {
        assert_eq!(after[field], before[field], "{field}: {after}");
    }
    // The administrator sees each difference, once per event, and takes one.
    let keeper = app.browser();
    keeper.log_in("adm@example.ao", "a-long-password").await;
    let person = keeper.get(&format!("/players/{id}?lang=pt")).await;
    let forms = crate::harness::attributes(&person.body, "#proposals form", "action");
    assert_eq!(forms.len(), 2, "one per event: {}", person.body);
    assert!(person.body.contains("Sagrada Esperança") && person.body.contains("Académica"));
    assert!(
        !person.body.contains("Interclube"),
        "the edit replaced the entry's first word"
    );
    let public = app.browser().get(&format!("/players/{id}")).await;
    assert!(
        !crate::harness::has(&public.body, "#proposals"),
        "for the keeper only"
    );
    let taken = keeper.post_form(&forms[0], &[("action", "take")]).await;
    assert_eq!(taken.status, 303, "{}", taken.body);
    let left = keeper.post_form(&forms[1], &[("action", "leave")]).await;
    assert_eq!(left.status, 303, "{}", left.body);
    let now = registered().await;
    assert_ne!(now["club"], before["club"], "the keeper's choice: {now}");
    let person = keeper.get(&format!("/players/{id}")).await;
    assert!(!crate::harness::has(&person.body, "#proposals"), "settled");
    // Nobody else settles one.
    let outsider = app.browser();
    outsider.log_in("other@example.ao", "a-long-password").await;
    assert_eq!(
        outsider
            .post_form(&forms[0], &[("action", "take")])
            .await
            .status,
        403
    );

    // A registry file at the federation: refused, by the command and by the form.
    let file = std::env::temp_dir().join(format!(
        "kiela-registry-at-federation-{}-{:?}.json",
        std::process::id(),
        app.backend
    ));
    let export = client
        .send(Req::get("/api/v1/registry/export"))
        .await
        .expect(200);
    std::fs::write(&file, &export.body).unwrap();
    let refused = kiela::cli::season::registry(
        &app.app,
        kiela::cli::season::RegistryCommand::Import { file: file.clone() },
    );
    std::fs::remove_file(&file).unwrap();
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.contains("keeps the national registry")),
        "{refused:?}"
    );
    assert_eq!(registered().await["club"], now["club"]);
}

/// At a venue, a registry file that names one person twice loads nothing and says which.
async fn a_registry_file_names_each_person_once(backend: crate::harness::Backend) {
    let Some(venue) = TestApp::spawn_with(backend, |c| c.installation_role = None).await else {
        return;
    };
    let file = json!({"format": "kiela-registry", "version": 1, "installation": "F",
    "as_of": "2026-12-01", "people": [
        {"federation_id": "K0000001", "name": "Ana Kiala"},
        {"federation_id": "K0000002", "name": "Bento Lunda"},
        {"federation_id": "k0000001", "name": "Ana Kiala Dois"},
    ]});
    let path = std::env::temp_dir().join(format!(
        "kiela-registry-twice-{}-{backend:?}.json",
        std::process::id()
    ));
    std::fs::write(&path, file.to_string()).unwrap();
    let refused = kiela::cli::season::registry(
        &venue.app,
        kiela::cli::season::RegistryCommand::Import { file: path.clone() },
    );
    std::fs::remove_file(&path).unwrap();
    let said = refused.unwrap_err();
    assert!(
        said.contains("person 3") && said.contains("person 1"),
        "{said}"
    );
    let registry = venue
        .browser()
        .send(Req::get("/api/v1/registry?q=Bento"))
        .await
        .expect(200)
        .json();
    assert_eq!(
        registry["people"].as_array().map_or(0, Vec::len),
        0,
        "nothing loaded: {registry}"
    );
    venue.stop().await;
}

mod registry_files {
    use crate::harness::Backend;

    #[actix_web::test]
    async fn sqlite() {
        super::a_registry_file_names_each_person_once(Backend::Sqlite).await;
    }

    #[actix_web::test]
    async fn postgres() {
        super::a_registry_file_names_each_person_once(Backend::Postgres).await;
    }
}

both_backends!(
    the_national_registry_is_its_keepers,
    a_person_is_entered_once_in_an_event,
    a_trf_file_is_matched_against_the_registry,
    an_entry_never_takes_a_person_from_their_account,
    an_import_is_matched_against_the_registry,
    two_entries_of_one_person_merged,
    one_person_across_events,
    entries_before_the_registry_are_migrated,
    a_players_page_across_events,
);
