//! One season across two installations of the one program: a venue (local ids, the national
//! registry loaded from the federation's file) runs a Swiss-then-knockout qualifier; its
//! archive goes to the federation, which verifies every record again, matches every entry to
//! its registry, shows the event as the venue did, and counts its verified games in the
//! national list. Tampered archives are refused naming the game; the same archive twice is one
//! event; a push while the federation is down catches up when it is back.

use serde_json::{Value, json};

use crate::harness::{
    Backend, Browser, Req, TestApp, account_with_token, decide_boards, enter_player,
    finished_record, pair_round,
};

/// A venue (the default role) and the federation's server.
async fn installations(venue: Backend, federation: Backend) -> Option<(TestApp, TestApp)> {
    let venue = TestApp::spawn_with(venue, |c| c.installation_role = None).await?;
    let federation = TestApp::spawn(federation).await?;
    Some((venue, federation))
}

/// The federation's registry: four people, two of them rated by a finished event put into the
/// national list (its games decided by an arbiter).
async fn federation_registry(federation: &TestApp) -> Vec<String> {
    let organiser = account_with_token(federation, "fed-org@example.ao", "Org", "organiser");
    let admin = account_with_token(federation, "fed@example.ao", "Federação", "admin");
    let client = federation.browser();
    let event = client
        .send(Req::post("/api/v1/events").bearer(&organiser).json(json!({
            "name": "Open de Luanda", "rounds": 1, "rated": true,
            "starts_on": "2026-11-07", "ends_on": "2026-11-07",
        })))
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    let mut ids = Vec::new();
    for (name, club) in [
        ("Ana Kiala", "Petro"),
        ("Bento Lunda", "Primeiro de Agosto"),
        ("Carla Muxima", "Interclube"),
        ("Domingos Neto", "Sagrada Esperança"),
    ] {
        let (_, shown) = enter_player(
            &client,
            &organiser,
            event,
            json!({"name": name, "club": club, "province": "Luanda"}),
        )
        .await;
        ids.push(shown["federation_id"].as_str().unwrap().to_string());
    }
    assert!(ids.iter().all(|id| id.starts_with("K000")), "{ids:?}");
    let round = pair_round(&client, &organiser, event).await;
    decide_boards(&client, &organiser, &round, &["1-0", "0-1"]).await;
    client
        .send(Req::post(format!("/api/v1/events/{event}/rating")).bearer(&admin))
        .await
        .expect(200);
    ids
}

/// Plays every open game of the round with finished records the organiser enters.
async fn play_round(client: &Browser<'_>, token: &str, event: i64, round: i64, seed: &mut u64) {
    for _ in 0..20 {
        let shown = client
            .send(Req::get(format!("/api/v1/events/{event}/rounds/{round}")))
            .await
            .expect(200)
            .json();
        let open: Vec<Value> = shown["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["status"] != "final" && !p["second"].is_null())
            .cloned()
            .collect();
        if open.is_empty() {
            return;
        }
        for p in open {
            *seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                *seed,
            );
            let game = p["game_id"].as_i64().unwrap();
            client
                .send(
                    Req::post(format!("/api/v1/games/{game}/record"))
                        .bearer(token)
                        .text(&record),
                )
                .await
                .expect(200);
        }
    }
    panic!("round {round} never finished");
}

/// Pairs the next round; its number.
async fn next_round(client: &Browser<'_>, token: &str, event: i64) -> Option<i64> {
    let resp = client
        .send(Req::post(format!("/api/v1/events/{event}/rounds")).bearer(token))
        .await;
    (resp.status == 201).then(|| resp.json()["round"].as_i64().unwrap())
}

/// The standings as (pairing number, place, points, name) rows, and whether they are final.
async fn standings(client: &Browser<'_>, event: i64) -> (Vec<(Value, Value, Value, Value)>, Value) {
    let table = client
        .send(Req::get(format!("/api/v1/events/{event}/standings")))
        .await
        .expect(200)
        .json();
    let rows = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["pairing_number"].clone(),
                r["place"].clone(),
                r["points"].clone(),
                r["name"].clone(),
            )
        })
        .collect();
    (rows, table["final"].clone())
}

/// Every game of the event in order: (round, board, first and second by pairing number, result,
/// record).
async fn games(client: &Browser<'_>, event: i64) -> Vec<(i64, i64, Value, Value, Value, Value)> {
    let shown = client
        .send(Req::get(format!("/api/v1/events/{event}")))
        .await
        .expect(200)
        .json();
    let mut out = Vec::new();
    for round in 1..=shown["rounds_paired"].as_i64().unwrap() {
        let pairings = client
            .send(Req::get(format!("/api/v1/events/{event}/rounds/{round}")))
            .await
            .expect(200)
            .json();
        for p in pairings["pairings"].as_array().unwrap() {
            let game = client
                .send(Req::get(format!("/api/v1/games/{}", p["game_id"])))
                .await
                .expect(200)
                .json();
            out.push((
                round,
                p["board"].as_i64().unwrap(),
                p["first"]["name"].clone(),
                p["second"]["name"].clone(),
                game["result"].clone(),
                game["record"].clone(),
            ));
        }
    }
    out
}

/// Any event this program ran travels: its archive, given to another installation (here the
/// same one under another installation's code), is reviewed without a refusal. Called at the
/// end of the tests of every format and of the arbiter's desk.
pub(crate) async fn archive_travels(app: &TestApp, client: &Browser<'_>, token: &str, event: i64) {
    let archive = archive_of(client, token, event).await;
    let Some(other) = TestApp::spawn(app.backend).await else {
        return;
    };
    let organiser = account_with_token(&other, "other@example.ao", "Other", "organiser");
    approve_venue(&other, app, &organiser, &archive).await;
    let review = other
        .browser()
        .send(post_archive(&organiser, "?dry_run=true", &archive))
        .await;
    assert_eq!(review.status, 200, "{}", review.body);
    other.stop().await;
}

/// The venue's qualifier: eight players (two entered by national id alone, one under another
/// person's national id, five new people with local ids), three Swiss rounds and a knockout of
/// four, with an arbiter's decision and a correction; returns its id, slug and the organiser's
/// token.
async fn qualifier(venue: &TestApp, national: &[String]) -> (i64, String, String) {
    let organiser = account_with_token(venue, "malanje@example.ao", "Malanje", "organiser");
    let client = venue.browser();
    let created = client
        .send(Req::post("/api/v1/events").bearer(&organiser).json(json!({
            "name": "Qualificação de Malanje", "format": "swiss_then_knockout", "rounds": 3,
            "knockout_size": 4, "starts_on": "2026-11-21", "ends_on": "2026-11-22",
        })))
        .await
        .expect(201)
        .json();
    let event = created["id"].as_i64().unwrap();
    let slug = created["slug"].as_str().unwrap().to_string();
    // By national id alone: the registry loaded from the federation fills the rest.
    for id in &national[..2] {
        let (_, shown) =
            enter_player(&client, &organiser, event, json!({"federation_id": id})).await;
        assert_eq!(shown["federation_id"], id.as_str());
    }
    // Someone else's national id, typed by mistake.
    let (created, _) = enter_player(
        &client,
        &organiser,
        event,
        json!({"name": "Carlota Mussungo", "federation_id": national[3]}),
    )
    .await;
    assert_eq!(created["warnings"][0]["code"], "other_name", "{created}");
    for name in [
        "Eduardo Quissanga",
        "Filomena Cambuta",
        "Gaspar Ngola",
        "Helena Kassoma",
        "Isabel Malanga",
    ] {
        let (_, shown) = enter_player(
            &client,
            &organiser,
            event,
            json!({"name": name, "province": "Malanje"}),
        )
        .await;
        let id = shown["federation_id"].as_str().unwrap();
        assert!(id.starts_with("L-") && !id.starts_with('K'), "{id}");
    }
    // An entry's e-mail address set and an account linked: the log says so here, and no
    // archive carries either.
    let players = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&organiser))
        .await
        .expect(200)
        .json();
    let fourth = players["players"][3]["id"].as_i64().unwrap();
    client
        .send(
            Req::patch(format!("/api/v1/events/{event}/players/{fourth}"))
                .bearer(&organiser)
                .json(json!({"email": "eduardo@example.ao"})),
        )
        .await
        .expect(200);
    account_with_token(venue, "filomena@example.ao", "Filomena", "player");
    let fifth = players["players"][4]["id"].as_i64().unwrap();
    crate::harness::link_account(&client, &organiser, event, fifth, "filomena@example.ao").await;
    let mut seed = 100;
    let mut played = 0;
    while let Some(round) = next_round(&client, &organiser, event).await {
        if round == 1 {
            // The arbiter decides a game, and later corrects another.
            let shown = client
                .send(Req::get(format!("/api/v1/events/{event}/rounds/1")))
                .await
                .expect(200)
                .json();
            decide_boards(&client, &organiser, &shown, &["1-0"]).await;
        }
        play_round(&client, &organiser, event, round, &mut seed).await;
        if round == 2 {
            let shown = client
                .send(Req::get(format!("/api/v1/events/{event}/rounds/2")))
                .await
                .expect(200)
                .json();
            let game = &shown["pairings"][0];
            let result = if game["result"] == "1-0" {
                "0-1"
            } else {
                "1-0"
            };
            client
                .send(
                    Req::post(format!("/api/v1/games/{}/correction", game["game_id"]))
                        .bearer(&organiser)
                        .json(json!({"result": result, "reason": "scoresheet misread"})),
                )
                .await
                .expect(200);
        }
        played += 1;
        assert!(played < 10, "the qualifier never ends");
    }
    assert_eq!(played, 5, "three Swiss rounds, semi-finals, final");
    (event, slug, organiser)
}

/// Loads the federation's registry file at the venue, as `kiela registry import` does.
fn load_registry(venue: &TestApp, file: &str) -> String {
    let path = std::env::temp_dir().join(format!(
        "kiela-registry-{}-{}.json",
        std::process::id(),
        venue.base.replace([':', '/', '.'], "-")
    ));
    std::fs::write(&path, file).unwrap();
    let loaded = kiela::cli::season::registry(
        &venue.app,
        kiela::cli::season::RegistryCommand::Import { file: path.clone() },
    )
    .unwrap();
    std::fs::remove_file(&path).unwrap();
    loaded
}

/// A form with its CSRF token and the archive as its file, as a browser sends it.
fn multipart(fields: &[(&str, &str)], file: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----kielaArchive7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"q.kiela\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The import page: the review in the organiser's language, with a choice for each entry
/// flagged; the import of an event already here changes nothing.
async fn import_page(federation: &TestApp, archive: &Value) {
    let page = federation.browser();
    page.log_in("nacional@example.ao", "a-long-password").await;
    let form = page.get("/events/import-archive?lang=pt").await;
    assert_eq!(form.status, 200);
    let csrf = crate::harness::extract_csrf(&form.body).unwrap();
    let bytes = serde_json::to_vec(archive).unwrap();
    let (ctype, body) = multipart(&[("csrf", &csrf), ("action", "review")], &bytes);
    let review = page
        .request(
            "POST",
            "/events/import-archive?lang=pt",
            &[("content-type", &ctype)],
            body,
        )
        .await;
    assert_eq!(review.status, 200, "{}", review.body);
    assert!(
        review
            .body
            .contains("o mesmo arquivo da última vez: nada muda"),
        "{}",
        review.body
    );
    assert!(
        crate::harness::has(&review.body, "[name=match-3]"),
        "{}",
        review.body
    );
    assert!(
        review
            .body
            .contains("um identificador local de um local de jogo")
    );
    let mut broken = bytes.clone();
    broken.truncate(bytes.len() / 2);
    let (ctype, body) = multipart(&[("csrf", &csrf), ("action", "import")], &broken);
    let refused = page
        .request(
            "POST",
            "/events/import-archive?lang=fr",
            &[("content-type", &ctype)],
            body,
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("Le fichier n’est pas une archive de tournoi"),
        "{}",
        refused.body
    );
}

/// An event's archive, as its organiser downloads it. Every archive of the suite is taken
/// through here: none carries an e-mail address (nor an account's), whatever the event's log
/// says of them.
async fn archive_of(client: &Browser<'_>, token: &str, event: i64) -> Value {
    let resp = client
        .send(Req::get(format!("/api/v1/events/{event}/archive")).bearer(token))
        .await
        .expect(200);
    assert!(
        !resp.body.contains('@'),
        "an archive carries an e-mail address: {}",
        resp.body
    );
    serde_json::from_str(&resp.body).unwrap()
}

/// The archive as the venue (holding its own key) signs it after changing it: a venue that
/// writes whatever it likes. What cannot be read as an archive stays as it is (and is refused
/// as such).
fn resigned(venue: &TestApp, archive: &Value) -> Value {
    let bytes = serde_json::to_vec(archive).unwrap();
    match kiela::service::archive::sign_document(&venue.app.signing, &bytes) {
        Ok(signed) => serde_json::from_slice(&signed).unwrap(),
        Err(_) => archive.clone(),
    }
}

/// The federation's administrator approves the venue's key, as a new venue's first archive
/// needs: that archive is refused until then (409 `venue_not_approved`, naming the key's
/// fingerprint), the administrator's page lists the venue waiting, a wrong fingerprint typed
/// approves nothing, and the one the venue's administrator reads out does.
async fn approve_venue(federation: &TestApp, venue: &TestApp, token: &str, archive: &Value) {
    let fed = federation.browser();
    let print = venue.app.signing.public().fingerprint();
    let refused = fed
        .send(post_archive(token, "?dry_run=true", archive))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "venue_not_approved", "{refused}");
    assert!(
        refused["error"]["detail"]
            .as_str()
            .unwrap()
            .contains(&print),
        "{refused}"
    );
    if kiela::service::accounts::user_by_email(&federation.app, "fed@example.ao")
        .unwrap()
        .is_none()
    {
        account_with_token(federation, "fed@example.ao", "Federação", "admin");
    }
    let admin = federation.browser();
    admin.log_in("fed@example.ao", "a-long-password").await;
    let page = admin.get("/admin/users?lang=pt").await;
    assert!(page.body.contains(&print), "{}", page.body);
    assert!(page.body.contains("à espera de aprovação"));
    let code = &venue.app.installation.id;
    let wrong = admin
        .post_form(
            &format!("/admin/venues/{code}/approve?lang=pt"),
            &[("fingerprint", "0000-0000-0000-0000")],
        )
        .await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    let approved = admin
        .post_form(
            &format!("/admin/venues/{code}/approve"),
            &[("fingerprint", &print.to_lowercase().replace('-', " "))],
        )
        .await;
    assert_eq!(approved.status, 303, "{}", approved.body);
}

fn post_archive(token: &str, query: &str, archive: &Value) -> Req {
    Req::post(format!("/api/v1/archives{query}"))
        .bearer(token)
        .json(archive.clone())
}

async fn a_qualifier_travels_to_the_federation(venue: &TestApp, federation: &TestApp) {
    let national = federation_registry(federation).await;
    let fed = federation.browser();
    let registry = fed
        .send(Req::get("/api/v1/registry/export"))
        .await
        .expect(200);
    assert!(!registry.body.contains('@'), "no e-mail address leaves");
    let file: Value = serde_json::from_str(&registry.body).unwrap();
    let ana = file["people"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["federation_id"] == national[0].as_str())
        .unwrap()
        .clone();
    let ana_rating = ana["rating"].as_f64().expect("rated on the national list");
    let loaded = load_registry(venue, &registry.body);
    assert!(loaded.starts_with("4 people added"), "{loaded}");
    // The venue shows the national list it loaded: on its list, its person pages and the
    // registry's search, as of the federation's date.
    let venue_client = venue.browser();
    let list = venue_client
        .send(Req::get("/api/v1/ratings"))
        .await
        .expect(200)
        .json();
    let listed = list["rows"]
        .as_array()
        .or_else(|| list["ratings"].as_array())
        .unwrap_or_else(|| panic!("{list}"));
    let rated_in_file = file["people"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["rating"].is_number())
        .count();
    assert_eq!(listed.len(), rated_in_file, "{list}");
    assert_eq!(
        listed[0]["rating"].as_f64().unwrap().round(),
        file["people"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["rating"].as_f64())
            .fold(f64::MIN, f64::max)
            .round()
    );
    let found = venue_client
        .send(Req::get("/api/v1/registry?q=Ana%20Kiala"))
        .await
        .expect(200)
        .json();
    let ana_found = found["players"]
        .as_array()
        .unwrap_or_else(|| panic!("{found}"))
        .iter()
        .find(|p| p["federation_id"] == national[0].as_str())
        .unwrap_or_else(|| panic!("{found}"))
        .clone();
    assert_eq!(
        ana_found["rating"].as_f64().unwrap(),
        ana_rating.round(),
        "{ana_found}"
    );
    let person = venue_client
        .get(&format!("/players/{}?lang=en", national[0]))
        .await;
    assert_eq!(person.status, 200);
    assert!(
        person.body.contains(&format!("{}", ana_rating.round())),
        "the person's page shows the rating"
    );
    let ratings_page = venue_client.get("/ratings?lang=en").await;
    assert!(
        ratings_page.body.contains("Ana Kiala"),
        "the list names the people"
    );
    // Loaded again through the administrator's form, the message gives the counts.
    account_with_token(venue, "admin@example.ao", "Admin", "admin");
    let admin = venue.browser();
    admin.log_in("admin@example.ao", "a-long-password").await;
    let form = admin.get("/admin/users?lang=en").await;
    let csrf = crate::harness::extract_csrf(&form.body).unwrap();
    let (ctype, body) = multipart(&[("csrf", &csrf)], registry.body.as_bytes());
    let sent = admin
        .request(
            "POST",
            "/admin/registry?lang=en",
            &[("content-type", &ctype)],
            body,
        )
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    let shown = admin.follow(sent).await;
    let said = crate::harness::texts(&shown.body, "#flash").join(" ");
    assert!(
        said.contains(&format!(
            "0 people added, 0 brought up to date, {rated_in_file} national ratings"
        )),
        "{said}"
    );

    let (event, slug, organiser) = qualifier(venue, &national).await;
    let client = venue.browser();
    let players = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .expect(200)
        .json();
    let first = &players["players"][0];
    assert_eq!(first["name"], "Ana Kiala", "{first}");
    assert_eq!(first["club"], "Petro");
    assert_eq!(
        first["rating"].as_f64().unwrap(),
        ana_rating.round(),
        "the national rating, offline"
    );

    let archive = archive_of(&client, &organiser, event).await;
    assert!(!serde_json::to_string(&archive).unwrap().contains("/p/"));
    let fed_organiser =
        account_with_token(federation, "nacional@example.ao", "Nacional", "organiser");
    let events_before = fed
        .send(Req::get("/api/v1/events"))
        .await
        .expect(200)
        .json()["events"]
        .as_array()
        .unwrap()
        .len();

    // The venue's first archive waits for the federation's administrator to approve its key.
    approve_venue(federation, venue, &fed_organiser, &archive).await;
    // The review: the same people matched, the others proposed, nothing written.
    let review = fed
        .send(post_archive(&fed_organiser, "?dry_run=true", &archive))
        .await
        .expect(200)
        .json();
    assert_eq!(review["action"], "created");
    let reasons: Vec<&str> = review["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        [
            "same_person",
            "same_person",
            "other_name",
            "local_id",
            "local_id",
            "local_id",
            "local_id",
            "local_id"
        ],
        "{review}"
    );
    assert_eq!(review["matches"][2]["matched"]["kind"], "new");
    assert_eq!(
        review["matches"][2]["candidates"][0]["federation_id"],
        national[3].as_str()
    );
    let events_now = fed
        .send(Req::get("/api/v1/events"))
        .await
        .expect(200)
        .json();
    assert_eq!(
        events_now["events"].as_array().unwrap().len(),
        events_before
    );

    // Imported: one new person decided by the organiser as a registered one is refused when
    // the person is someone else's entry already; the bare archive takes the defaults.
    let imported = fed
        .send(post_archive(&fed_organiser, "", &archive))
        .await
        .expect(201)
        .json();
    let id = imported["id"].as_i64().unwrap();
    // The answer's event is the event as written: finished, as the venue's, not as inserted.
    let shown = fed
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json();
    assert_eq!(
        imported["event"]["state"], "finished",
        "{}",
        imported["event"]
    );
    assert_eq!(imported["event"]["state"], shown["state"]);
    assert_eq!(imported["event"]["version"], shown["version"]);
    let people = imported["people"].as_array().unwrap();
    assert_eq!(people.len(), 8);
    assert!(
        people
            .iter()
            .all(|p| p["federation_id"].as_str().unwrap().starts_with('K')),
        "every local id replaced by a national one: {imported}"
    );
    assert_eq!(people[0]["federation_id"], national[0].as_str());
    assert_ne!(people[2]["federation_id"], national[3].as_str());

    // As the venue showed it.
    assert_eq!(standings(&fed, id).await, standings(&client, event).await);
    assert_eq!(games(&fed, id).await, games(&client, event).await);
    let shown = fed
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["state"], "finished");
    assert_eq!(shown["origin"]["event_id"], event);
    let page = fed
        .get(&format!(
            "/events/{}?lang=en",
            shown["slug"].as_str().unwrap()
        ))
        .await;
    assert!(page.body.contains("Run at"), "{}", page.body);
    let venue_archive = serde_json::to_value(&archive["audit"]).unwrap();
    let again = archive_of(&fed, &fed_organiser, id).await;
    assert_eq!(
        again["audit"].as_array().unwrap().len(),
        venue_archive.as_array().unwrap().len() + 1,
        "the venue's log, and the import"
    );
    import_page(federation, &archive).await;
    assert_eq!(
        again["rounds"], archive["rounds"],
        "every game and submission"
    );

    // The same archive again: nothing changes.
    let same = fed
        .send(post_archive(&fed_organiser, "", &archive))
        .await
        .expect(200)
        .json();
    assert_eq!(same["review"]["action"], "unchanged");
    assert_eq!(same["id"], id);
    let events_after = fed
        .send(Req::get("/api/v1/events"))
        .await
        .expect(200)
        .json();
    assert_eq!(
        events_after["events"].as_array().unwrap().len(),
        events_before + 1
    );

    // Read-only here, except whether it counts for the list.
    let refused = fed
        .send(Req::post(format!("/api/v1/events/{id}/rounds")).bearer(&fed_organiser))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "event_imported");
    fed.send(
        Req::patch(format!("/api/v1/events/{id}"))
            .bearer(&fed_organiser)
            .json(json!({"rated": true})),
    )
    .await
    .expect(200);
    // A later archive of the same event (one more line in its log) updates it in place, and
    // its entries stay the people they were matched to.
    let mut later = archive.clone();
    let line = later["audit"][0].clone();
    later["audit"].as_array_mut().unwrap().push(line);
    let later = resigned(venue, &later);
    let updated = fed
        .send(post_archive(&fed_organiser, "", &later))
        .await
        .expect(200)
        .json();
    assert_eq!(updated["review"]["action"], "updated");
    assert_eq!(updated["id"], id);
    assert_eq!(updated["people"], imported["people"], "no new person twice");

    let shown = fed
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json();
    assert_eq!(
        shown["rated"], true,
        "the federation's word on rating stays"
    );
    // Another organiser here is told someone else holds the event.
    let other = account_with_token(federation, "outro@example.ao", "Outro", "organiser");
    let held = fed
        .send(post_archive(&other, "", &later))
        .await
        .expect(403)
        .json();
    assert_eq!(held["error"]["code"], "event_held_by_other", "{held}");

    let admin =
        kiela::service::accounts::create_api_token_for(&federation.app, "fed@example.ao", "season")
            .unwrap();
    // The venue's decision without a record is shown as such, and the list leaves it out
    // until the federation says it counts.
    assert_eq!(review["decisions"].as_array().unwrap().len(), 1, "{review}");
    let report = fed
        .send(Req::post(format!("/api/v1/events/{id}/rating")).bearer(&admin))
        .await
        .expect(200)
        .json();
    let games_played = games(&client, event)
        .await
        .iter()
        .filter(|g| g.3.is_string() && g.4 != "+-" && g.4 != "-+" && g.4 != "--")
        .count();
    assert_eq!(
        report["rated_games"].as_u64().unwrap() as usize,
        games_played - 1,
        "every verified game counts, the decision does not: {report}"
    );
    assert!(
        report.to_string().contains("venue_decision"),
        "the decision is left out as the venue's: {report}"
    );
    let in_list = fed
        .send(
            Req::put(format!("/api/v1/events/{id}/venue-decisions"))
                .bearer(&fed_organiser)
                .json(json!({"rated": true})),
        )
        .await
        .expect(409)
        .json();
    assert_eq!(in_list["error"]["code"], "event_in_rating_list");
    fed.send(Req::delete(format!("/api/v1/events/{id}/rating")).bearer(&admin))
        .await
        .expect(200);
    fed.send(
        Req::put(format!("/api/v1/events/{id}/venue-decisions"))
            .bearer(&fed_organiser)
            .json(json!({"rated": true})),
    )
    .await
    .expect(204);
    let report = fed
        .send(Req::post(format!("/api/v1/events/{id}/rating")).bearer(&admin))
        .await
        .expect(200)
        .json();
    assert_eq!(
        report["rated_games"].as_u64().unwrap() as usize,
        games_played,
        "with the federation's word, the decision counts too: {report}"
    );
    let _ = slug;
}

async fn tampered_archives_are_refused_naming_the_game(venue: &TestApp, federation: &TestApp) {
    let national = federation_registry(federation).await;
    let registry = federation
        .browser()
        .send(Req::get("/api/v1/registry/export"))
        .await
        .expect(200);
    load_registry(venue, &registry.body);
    let (event, _, organiser) = qualifier(venue, &national).await;
    let client = venue.browser();
    let archive = archive_of(&client, &organiser, event).await;
    let fed = federation.browser();
    let token = account_with_token(federation, "nacional@example.ao", "Nacional", "organiser");
    approve_venue(federation, venue, &token, &archive).await;
    // Changed by hand after the venue signed it: refused before anything else is read, and
    // unsigned the same way.
    let mut edited = archive.clone();
    edited["players"][0]["name"] = json!("Alguém Outro");
    let mut unsigned = archive.clone();
    unsigned.as_object_mut().unwrap().remove("signature");
    for (archive, code) in [
        (edited, "archive_signature_invalid"),
        (unsigned, "archive_unsigned"),
    ] {
        let answer = fed
            .send(post_archive(&token, "", &archive))
            .await
            .expect(422)
            .json();
        assert_eq!(answer["error"]["code"], code, "{answer}");
    }
    // What follows is a venue that signs whatever it writes: every record is verified again
    // all the same.
    let refused = |mut archive: Value, change: &dyn Fn(&mut Value)| {
        change(&mut archive);
        resigned(venue, &archive)
    };
    // A result flipped on a game that ended on the board.
    let flipped = refused(archive.clone(), &|a| {
        let game = a["rounds"][2]["games"][0].as_object_mut().unwrap();
        let result = game["result"].as_str().unwrap();
        let other = if result == "1-0" { "0-1" } else { "1-0" };
        game.insert("result".into(), json!(other));
    });
    // A move of a record changed.
    let moved = refused(archive.clone(), &|a| {
        let game = a["rounds"][2]["games"][1].as_object_mut().unwrap();
        // The first move, played from the opponent's row.
        let record = game["record"].as_str().unwrap().to_string();
        let at = record.find("\n1. ").unwrap() + 5;
        let mut changed = record.clone();
        let row = if record[at + 1..].starts_with('1') {
            "4"
        } else {
            "1"
        };
        changed.replace_range(at + 1..at + 2, row);
        assert_ne!(changed, record);
        game.insert("record".into(), json!(changed));
    });
    // A game added between someone entered and nobody.
    let added = refused(archive.clone(), &|a| {
        let mut game = a["rounds"][0]["games"][0].clone();
        game["board"] = json!(99);
        game["second"] = json!(77);
        a["rounds"][0]["games"].as_array_mut().unwrap().push(game);
    });
    // A player twice in one round.
    let twice = refused(archive.clone(), &|a| {
        let mut game = a["rounds"][0]["games"][0].clone();
        game["board"] = json!(98);
        game["record"] = Value::Null;
        game["submissions"] = json!([]);
        a["rounds"][0]["games"].as_array_mut().unwrap().push(game);
    });
    for (archive, code, round, board) in [
        (flipped, "archive_result_disagrees", 3, 1),
        (moved, "archive_record_illegal", 3, 2),
        (added, "archive_player_unknown", 1, 99),
        (twice, "archive_player_twice", 1, 98),
    ] {
        let answer = fed
            .send(post_archive(&token, "", &archive))
            .await
            .expect(422)
            .json();
        assert_eq!(answer["error"]["code"], code, "{answer}");
        assert_eq!(answer["error"]["round"], round, "{answer}");
        assert_eq!(answer["error"]["board"], board, "{answer}");
    }
    // Numbers far past the event, a decision or a correction the log does not hold, a name
    // on two lines, a bye asked twice.
    let far = refused(archive.clone(), &|a| {
        let mut round = a["rounds"][0].clone();
        round["number"] = json!(2_000_000_000);
        round["games"] = json!([]);
        a["rounds"].as_array_mut().unwrap().push(round);
    });
    let late = refused(archive.clone(), &|a| {
        a["players"][0]["joined_round"] = json!(i32::MAX);
    });
    let undecided = refused(archive.clone(), &|a| {
        a["audit"]
            .as_array_mut()
            .unwrap()
            .retain(|line| line["action"] != "arbiter_decision");
    });
    let uncorrected = refused(archive.clone(), &|a| {
        a["audit"]
            .as_array_mut()
            .unwrap()
            .retain(|line| line["action"] != "result_corrected");
    });
    // A state the log's action does not have (the log page reads each by its action).
    let strange_state = refused(archive.clone(), &|a| {
        let line = a["audit"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|l| !l["to_state"].is_null())
            .unwrap();
        line["to_state"] = json!("<b>garbage</b>");
    });
    let two_lines = refused(archive.clone(), &|a| {
        a["players"][3]["name"] = json!("Ana\nBento");
    });
    let two_byes = refused(archive.clone(), &|a| {
        a["byes"] = json!([{"player": 1, "round": 2, "kind": "half"}, {"player": 1, "round": 2, "kind": "zero"}]);
    });
    // A bye written as an array of its fields: an object is an object in an archive too.
    let positional = refused(archive.clone(), &|a| {
        a["byes"] = json!([[1, 2, "half"]]);
    });
    // A result with neither record nor decision, a second game of a "match" in a Swiss round,
    // a game whose record is not the one stood behind, a record sent by someone not playing.
    let bare = refused(archive.clone(), &|a| {
        let game = &mut a["rounds"][2]["games"][0];
        game["record"] = Value::Null;
        game["termination"] = Value::Null;
        game["plies"] = Value::Null;
        game["final_position"] = Value::Null;
        game["submissions"] = json!([]);
    });
    let matched_twice = refused(archive.clone(), &|a| {
        let mut game = a["rounds"][1]["games"][0].clone();
        a["rounds"][1]["games"][0]["bracket_code"] = json!("W1");
        game["bracket_code"] = json!("W1");
        game["game_no"] = json!(2);
        a["rounds"][1]["games"].as_array_mut().unwrap().push(game);
    });
    let other_record = refused(archive.clone(), &|a| {
        let other = a["rounds"][2]["games"][1].clone();
        let game = &mut a["rounds"][2]["games"][0];
        for field in ["record", "result", "termination", "plies", "final_position"] {
            game[field] = other[field].clone();
        }
    });
    let stranger = refused(archive.clone(), &|a| {
        let outsider = a["rounds"][2]["games"][1]["first"].clone();
        a["rounds"][2]["games"][0]["submissions"][0]["player"] = outsider;
    });
    for (archive, code) in [
        (bare, "archive_result_disagrees"),
        (matched_twice, "archive_round_invalid"),
        (other_record, "archive_result_disagrees"),
        (stranger, "archive_player_unknown"),
        (far, "archive_round_invalid"),
        (late, "archive_malformed"),
        (undecided, "archive_result_disagrees"),
        (uncorrected, "archive_result_disagrees"),
        (two_lines, "archive_malformed"),
        (strange_state, "archive_malformed"),
        (two_byes, "archive_player_twice"),
        (positional, "archive_malformed"),
    ] {
        let answer = fed
            .send(post_archive(&token, "?dry_run=true", &archive))
            .await
            .expect(422)
            .json();
        assert_eq!(answer["error"]["code"], code, "{answer}");
    }
    let mut future = archive.clone();
    future["version"] = json!(3);
    let answer = fed
        .send(post_archive(&token, "", &future))
        .await
        .expect(422)
        .json();
    assert_eq!(answer["error"]["code"], "archive_version");
    let mut first = archive.clone();
    first["version"] = json!(1);
    let answer = fed
        .send(post_archive(&token, "", &first))
        .await
        .expect(422)
        .json();
    assert_eq!(answer["error"]["code"], "archive_unsigned", "{answer}");
    for body in [
        b"{not json".to_vec(),
        vec![0x1f, 0x8b, 0, 1, 2],
        b"[]".to_vec(),
    ] {
        let answer = fed
            .send(
                Req::post("/api/v1/archives")
                    .bearer(&token)
                    .bytes(body, "application/json"),
            )
            .await
            .expect(422)
            .json();
        assert_eq!(answer["error"]["code"], "archive_malformed", "{answer}");
    }
    // Hostile text is kept as text, never as markup, and a huge body is refused as it comes.
    let big = vec![b' '; 33 << 20];
    fed.send(
        Req::post("/api/v1/archives")
            .bearer(&token)
            .bytes(big, "application/json"),
    )
    .await
    .expect(413);
    // Gzip is read as well; nothing of the refusals was written.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, serde_json::to_string(&archive).unwrap().as_bytes())
        .unwrap();
    let review = fed
        .send(
            Req::post("/api/v1/archives?dry_run=true")
                .bearer(&token)
                .bytes(gz.finish().unwrap(), "application/gzip"),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(review["action"], "created", "{review}");
    let listed = fed
        .send(Req::get("/api/v1/events"))
        .await
        .expect(200)
        .json();
    assert_eq!(
        listed["events"].as_array().unwrap().len(),
        1,
        "only the Open"
    );
    // Hostile text is text: a name that is markup is imported and shown escaped.
    let mut hostile = archive.clone();
    hostile["players"][4]["name"] = json!("<script>alert(1)</script>");
    let mut hostile = resigned(venue, &hostile);
    for round in hostile["rounds"].as_array_mut().unwrap() {
        for game in round["games"].as_array_mut().unwrap() {
            for tag in ["record"] {
                if let Some(text) = game[tag].as_str() {
                    // A record naming players by tag would no longer agree; ours name none.
                    assert!(!text.contains("[South"), "{text}");
                }
            }
        }
    }
    let imported = fed
        .send(post_archive(&token, "", &hostile))
        .await
        .expect(201)
        .json();
    let players = fed
        .get(&format!(
            "/events/{}/players",
            imported["slug"].as_str().unwrap()
        ))
        .await;
    assert!(
        players
            .body
            .contains("&#60;script&#62;alert(1)&#60;/script&#62;")
    );
    assert!(!players.body.contains("<script>alert(1)"));
    // Without a role to create events, nothing is read.
    let player = account_with_token(federation, "p@example.ao", "P", "player");
    fed.send(post_archive(&player, "", &archive))
        .await
        .expect(403);
    fed.send(Req::post("/api/v1/archives").json(archive.clone()))
        .await
        .expect(401);
}

/// How many events an installation lists.
async fn count_events(client: &Browser<'_>) -> usize {
    client
        .send(Req::get("/api/v1/events"))
        .await
        .expect(200)
        .json()["events"]
        .as_array()
        .unwrap()
        .len()
}

/// Only the venue writes its events at the federation. An organiser there who relabels an
/// archive with the venue's code (for the venue's next event, say), or signs one with a key of
/// their own, is refused; a later archive the venue signs that swaps the players of a game,
/// swaps two entries' identities or turns a verified result into a decision without a record
/// is held, showing what it changes, until the event's organiser confirms it (or refuses it);
/// the federation's administrator hands the event to another organiser or withdraws it, and
/// the venue's next archive is told which.
async fn only_the_venue_writes_its_events(venue: &TestApp, federation: &TestApp) {
    let national = federation_registry(federation).await;
    let registry = federation
        .browser()
        .send(Req::get("/api/v1/registry/export"))
        .await
        .expect(200);
    load_registry(venue, &registry.body);
    let (event, _, organiser) = qualifier(venue, &national).await;
    let client = venue.browser();
    let archive = archive_of(&client, &organiser, event).await;
    let fed = federation.browser();
    let token = account_with_token(federation, "nacional@example.ao", "Nacional", "organiser");
    approve_venue(federation, venue, &token, &archive).await;
    let id = fed
        .send(post_archive(&token, "", &archive))
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    let held_before = count_events(&fed).await;

    // Relabelled by an organiser here: the venue's code and its next event's id, signed by a
    // key that is not the venue's (the federation's own, say); or a code nobody approved.
    let mut next = archive.clone();
    next["event"]["id"] = json!(event + 1);
    let bytes = serde_json::to_vec(&next).unwrap();
    let forged: Value = serde_json::from_slice(
        &kiela::service::archive::sign_document(&federation.app.signing, &bytes).unwrap(),
    )
    .unwrap();
    let refused = fed
        .send(post_archive(&token, "", &forged))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "venue_key_mismatch", "{refused}");
    let mut elsewhere = forged.clone();
    elsewhere["installation"]["id"] = json!("ZZZZZZ");
    let elsewhere = serde_json::from_slice::<Value>(
        &kiela::service::archive::sign_document(
            &federation.app.signing,
            &serde_json::to_vec(&elsewhere).unwrap(),
        )
        .unwrap(),
    )
    .unwrap();
    let refused = fed
        .send(post_archive(&token, "", &elsewhere))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "venue_not_approved", "{refused}");
    assert_eq!(count_events(&fed).await, held_before, "nothing taken");
    // The venue's own next event is the venue's.
    let real_next = resigned(venue, &next);
    fed.send(post_archive(&token, "", &real_next))
        .await
        .expect(201);

    // Later archives the venue signs, each changing what was there: held, nothing written.
    let before_games = games(&fed, id).await;
    let swapped = resigned(venue, &{
        let mut a = archive.clone();
        let game = &mut a["rounds"][0]["games"][1];
        let first = game["first"].clone();
        game["first"] = game["second"].clone();
        game["second"] = first;
        a
    });
    let identities = resigned(venue, &{
        let mut a = archive.clone();
        for field in ["name", "federation_id"] {
            let zero = a["players"][0][field].clone();
            a["players"][0][field] = a["players"][1][field].clone();
            a["players"][1][field] = zero;
        }
        a
    });
    let decided = resigned(venue, &{
        let mut a = archive.clone();
        let game = &mut a["rounds"][2]["games"][1];
        let place = json!({"round": 3, "board": game["board"], "game_no": 1});
        for field in ["record", "plies", "final_position"] {
            game[field] = Value::Null;
        }
        game["termination"] = json!("adjudication");
        game["submissions"] = json!([]);
        let mut line = a["audit"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["action"] == "arbiter_decision")
            .unwrap()
            .clone();
        line["round"] = json!(3);
        line["game"] = place;
        a["audit"].as_array_mut().unwrap().push(line);
        a
    });
    for (later, kind) in [
        (&swapped, "game_players"),
        (&identities, "entry_changed"),
        (&decided, "result_changed"),
    ] {
        let held = fed
            .send(post_archive(&token, "", later))
            .await
            .expect(202)
            .json();
        assert_eq!(held["review"]["action"], "held", "{held}");
        let changes = held["review"]["changes"].as_array().unwrap();
        assert!(
            !changes.is_empty() && changes.iter().all(|c| c["kind"] == kind),
            "{kind}: {changes:?}"
        );
        if kind == "result_changed" {
            assert_eq!(changes[0]["decision"], true, "{changes:?}");
        }
        assert_eq!(
            games(&fed, id).await,
            before_games,
            "{kind}: nothing written"
        );
    }
    // The organiser sees the held archive (the last one sent) on the event's page and refuses
    // it; then confirms the swap, sent again with its digest.
    let page = federation.browser();
    page.log_in("nacional@example.ao", "a-long-password").await;
    let shown = fed
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json();
    let slug = shown["slug"].as_str().unwrap().to_string();
    let manage = page.get(&format!("/events/{slug}/manage?lang=pt")).await;
    assert!(
        manage.body.contains("uma decisão do árbitro sem registo"),
        "{}",
        manage.body
    );
    fed.send(Req::delete(format!("/api/v1/events/{id}/held-archive")).bearer(&token))
        .await
        .expect(204);
    let nothing = fed
        .send(Req::post(format!("/api/v1/events/{id}/held-archive")).bearer(&token))
        .await
        .expect(409)
        .json();
    assert_eq!(nothing["error"]["code"], "nothing_held");
    let review = fed
        .send(post_archive(&token, "?dry_run=true", &swapped))
        .await
        .expect(200)
        .json();
    assert_eq!(review["action"], "held");
    let digest = review["digest"].as_str().unwrap();
    let confirmed = fed
        .send(post_archive(
            &token,
            &format!("?confirm={digest}"),
            &swapped,
        ))
        .await
        .expect(200)
        .json();
    assert_eq!(confirmed["review"]["action"], "updated", "{confirmed}");
    assert_ne!(games(&fed, id).await, before_games, "the swap, confirmed");

    // The administrator hands the event to another organiser: only they write it now.
    let admin =
        kiela::service::accounts::create_api_token_for(&federation.app, "fed@example.ao", "t")
            .unwrap();
    account_with_token(federation, "outro@example.ao", "Outro", "organiser");
    let other =
        kiela::service::accounts::create_api_token_for(&federation.app, "outro@example.ao", "t")
            .unwrap();
    fed.send(
        Req::put(format!("/api/v1/events/{id}/owner"))
            .bearer(&token)
            .json(json!({"email": "outro@example.ao"})),
    )
    .await
    .expect(403);
    fed.send(
        Req::put(format!("/api/v1/events/{id}/owner"))
            .bearer(&admin)
            .json(json!({"email": "outro@example.ao"})),
    )
    .await
    .expect(204);
    let refused = fed
        .send(post_archive(&token, "", &swapped))
        .await
        .expect(403)
        .json();
    assert_eq!(refused["error"]["code"], "event_held_by_other");
    fed.send(post_archive(&other, "", &swapped))
        .await
        .expect(200);
    // Withdrawn: gone, and its archives refused to organisers until an administrator imports
    // one again.
    fed.send(Req::delete(format!("/api/v1/events/{id}")).bearer(&other))
        .await
        .expect(403);
    fed.send(Req::delete(format!("/api/v1/events/{id}")).bearer(&admin))
        .await
        .expect(204);
    fed.send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(404);
    let refused = fed
        .send(post_archive(&other, "", &swapped))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "event_withdrawn");
    fed.send(post_archive(&admin, "", &swapped))
        .await
        .expect(201);
}

/// The pushes due, off the test's thread: the federation answers on the same runtime.
async fn push_due(venue: &TestApp) -> usize {
    let app = venue.app.clone();
    actix_web::web::block(move || kiela::service::push::push_due(&app))
        .await
        .unwrap()
        .unwrap()
}

/// A venue connected to the federation: its archive is pushed after each round; while the
/// federation is down the push fails, is kept pending and said on the manage page, and the
/// federation's copy catches up once it is back; the venue's local ids become national ones.
async fn a_venue_publishes_round_by_round(venue_backend: Backend, federation_backend: Backend) {
    let Some(mut federation) = TestApp::spawn(federation_backend).await else {
        return;
    };
    federation_registry(&federation).await;
    let fed_token = account_with_token(&federation, "nacional@example.ao", "Nacional", "organiser");
    let base = federation.base.clone();
    let Some(venue) = TestApp::spawn_with(venue_backend, |c| {
        c.installation_role = None;
        c.federation_url = Some(base);
        c.federation_token = Some(fed_token.clone());
    })
    .await
    else {
        return;
    };
    let organiser = account_with_token(&venue, "huambo@example.ao", "Huambo", "organiser");
    let client = venue.browser();
    let created = client
        .send(Req::post("/api/v1/events").bearer(&organiser).json(json!({
            "name": "Qualificação do Huambo", "rounds": 2,
        })))
        .await
        .expect(201)
        .json();
    let event = created["id"].as_i64().unwrap();
    let slug = created["slug"].as_str().unwrap().to_string();
    for name in [
        "João Chipenda",
        "Lúcia Kalandula",
        "Mateus Sapalo",
        "Nair Tchiwale",
    ] {
        enter_player(&client, &organiser, event, json!({"name": name})).await;
    }
    let page = venue.browser();
    page.log_in("huambo@example.ao", "a-long-password").await;
    let marked = page.post_form(&format!("/events/{slug}/push"), &[]).await;
    assert_eq!(marked.status, 303, "{}", marked.body);
    // The federation does not know this venue's key yet: the push is refused, said in the
    // organiser's language with what to do, and not tried again by itself.
    assert_eq!(push_due(&venue).await, 1);
    let manage = page.get(&format!("/events/{slug}/manage?lang=pt")).await;
    assert!(
        manage
            .body
            .contains("a federação recusou o torneio tal como está"),
        "{}",
        manage.body
    );
    assert!(
        manage
            .body
            .contains("Leia a impressão digital da chave desta instalação"),
        "{}",
        manage.body
    );
    assert!(!manage.body.contains("could not"), "{}", manage.body);
    assert_eq!(
        push_due(&venue).await,
        0,
        "a refusal is not sent again by itself"
    );
    let fed_admin = kiela::service::accounts::user_by_email(&federation.app, "fed@example.ao")
        .unwrap()
        .unwrap();
    kiela::service::venues::approve(
        &federation.app,
        &fed_admin,
        &venue.app.installation.id,
        &venue.app.signing.public().fingerprint(),
    )
    .unwrap();
    let again = page.post_form(&format!("/events/{slug}/push"), &[]).await;
    assert_eq!(again.status, 303, "{}", again.body);
    assert_eq!(push_due(&venue).await, 1);
    let fed = federation.browser();
    let national_copy = |listed: Value| {
        listed["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["origin"]["event_id"] == event)
            .map(|e| e["id"].as_i64().unwrap())
    };
    let copy = national_copy(
        fed.send(Req::get("/api/v1/events"))
            .await
            .expect(200)
            .json(),
    )
    .expect("the federation holds the event");
    // The venue's people now carry the national ids the federation gave them.
    let players = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&organiser))
        .await
        .expect(200)
        .json();
    assert!(
        players["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["federation_id"].as_str().unwrap().starts_with('K')),
        "{players}"
    );
    assert_eq!(push_due(&venue).await, 0, "nothing new");

    let mut seed = 500;
    let round = next_round(&client, &organiser, event).await.unwrap();
    play_round(&client, &organiser, event, round, &mut seed).await;
    assert_eq!(push_due(&venue).await, 1);
    assert_eq!(standings(&fed, copy).await, standings(&client, event).await);

    // The federation goes down during round 2.
    federation.pause().await;
    let round = next_round(&client, &organiser, event).await.unwrap();
    play_round(&client, &organiser, event, round, &mut seed).await;
    assert_eq!(push_due(&venue).await, 1);
    let manage = page.get(&format!("/events/{slug}/manage?lang=en")).await;
    assert!(
        manage
            .body
            .contains("the federation could not be reached (1 attempt)"),
        "{}",
        manage.body
    );
    assert_eq!(push_due(&venue).await, 0, "the next attempt waits");
    federation.resume();
    let shown = kiela::service::access::access(
        &venue.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        None,
    )
    .unwrap()
    .event;
    let app = venue.app.clone();
    actix_web::web::block(move || kiela::service::push::push_now(&app, &shown))
        .await
        .unwrap()
        .unwrap();
    let fed = federation.browser();
    assert_eq!(standings(&fed, copy).await, standings(&client, event).await);
    assert_eq!(games(&fed, copy).await, games(&client, event).await);
    let manage = page.get(&format!("/events/{slug}/manage?lang=en")).await;
    assert!(
        manage
            .body
            .contains("the federation has the event as it stands"),
        "{}",
        manage.body
    );
    // The federation's administrator hands the event to another organiser: the venue's next
    // push, with its old organiser's key, is told so; then withdraws it: told that.
    let admin_token =
        kiela::service::accounts::create_api_token_for(&federation.app, "fed@example.ao", "t")
            .unwrap();
    account_with_token(&federation, "outro@example.ao", "Outro", "organiser");
    fed.send(
        Req::put(format!("/api/v1/events/{copy}/owner"))
            .bearer(&admin_token)
            .json(json!({"email": "outro@example.ao"})),
    )
    .await
    .expect(204);
    for (code, advice) in [
        (
            "event_held_by_other",
            "Outro organizador detém este torneio na federação",
        ),
        (
            "event_withdrawn",
            "O administrador da federação retirou este torneio",
        ),
    ] {
        if code == "event_withdrawn" {
            fed.send(Req::delete(format!("/api/v1/events/{copy}")).bearer(&admin_token))
                .await
                .expect(204);
            fed.send(Req::get(format!("/api/v1/events/{copy}")))
                .await
                .expect(404);
        }
        let again = page.post_form(&format!("/events/{slug}/push"), &[]).await;
        assert_eq!(again.status, 303, "{}", again.body);
        assert_eq!(push_due(&venue).await, 1);
        let manage = page.get(&format!("/events/{slug}/manage?lang=pt")).await;
        assert!(manage.body.contains(advice), "{code}: {}", manage.body);
        assert!(
            manage.body.contains("a federação recusou o torneio"),
            "{code}"
        );
        assert_eq!(
            push_due(&venue).await,
            0,
            "{code} is not sent again by itself"
        );
    }
    venue.stop().await;
    federation.stop().await;
}

mod publishing {
    use crate::harness::Backend;

    #[actix_web::test]
    async fn sqlite_venue_postgres_federation() {
        super::a_venue_publishes_round_by_round(Backend::Sqlite, Backend::Postgres).await;
    }

    #[actix_web::test]
    async fn postgres_venue_sqlite_federation() {
        super::a_venue_publishes_round_by_round(Backend::Postgres, Backend::Sqlite).await;
    }
}

/// An installation that states no role but issued ids of the national form before roles
/// existed (the migration that gave roles found them) is told, on its administrator's page, to
/// say which it is; one that states it is not, nor one holding national ids that came from
/// the federation.
async fn an_installation_that_issued_national_ids_is_told_to_state_its_role(backend: Backend) {
    for (stated, before_roles, told) in [
        (None, true, true),
        (Some(kiela::domain::InstallationRole::Venue), true, false),
        (None, false, false),
    ] {
        let Some(app) = TestApp::spawn_with(backend, |c| c.installation_role = stated).await else {
            return;
        };
        if before_roles {
            use diesel::connection::SimpleConnection;
            app.app
                .conn()
                .unwrap()
                .batch_execute(
                    "INSERT INTO settings (name, value) VALUES ('national_ids_before_roles', 'yes')",
                )
                .unwrap();
        }
        let token = account_with_token(&app, "admin@example.ao", "Admin", "admin");
        let client = app.browser();
        let event = client
            .send(
                Req::post("/api/v1/events")
                    .bearer(&token)
                    .json(json!({"name": "Antigo"})),
            )
            .await
            .expect(201)
            .json()["id"]
            .as_i64()
            .unwrap();
        enter_player(
            &client,
            &token,
            event,
            json!({"name": "Ana Kiala", "federation_id": "K0000001"}),
        )
        .await;
        let (_, local) = enter_player(&client, &token, event, json!({"name": "Bento Lunda"})).await;
        assert!(local["federation_id"].as_str().unwrap().starts_with("L-"));
        let page = app.browser();
        page.log_in("admin@example.ao", "a-long-password").await;
        let admin = page.get("/admin/users?lang=en").await;
        assert_eq!(
            admin.body.contains("before installations had roles"),
            told,
            "{}",
            admin.body
        );
        assert!(admin.body.contains(&app.app.installation.id));
        app.stop().await;
    }
}

mod roles {
    use crate::harness::Backend;

    #[actix_web::test]
    async fn sqlite() {
        super::an_installation_that_issued_national_ids_is_told_to_state_its_role(Backend::Sqlite)
            .await;
    }

    #[actix_web::test]
    async fn postgres() {
        super::an_installation_that_issued_national_ids_is_told_to_state_its_role(
            Backend::Postgres,
        )
        .await;
    }
}

macro_rules! two_installations {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            use crate::harness::Backend;

            /// A SQLite venue, a PostgreSQL federation.
            #[actix_web::test]
            async fn sqlite_venue_postgres_federation() {
                if let Some((venue, federation)) =
                    super::installations(Backend::Sqlite, Backend::Postgres).await
                {
                    super::$name(&venue, &federation).await;
                    venue.stop().await;
                    federation.stop().await;
                }
            }

            /// A PostgreSQL venue, a SQLite federation.
            #[actix_web::test]
            async fn postgres_venue_sqlite_federation() {
                if let Some((venue, federation)) =
                    super::installations(Backend::Postgres, Backend::Sqlite).await
                {
                    super::$name(&venue, &federation).await;
                    venue.stop().await;
                    federation.stop().await;
                }
            }
        }
    )*};
}

two_installations!(
    a_qualifier_travels_to_the_federation,
    tampered_archives_are_refused_naming_the_game,
    only_the_venue_writes_its_events,
);
