//! The national rating list: an organiser marks an event as rated, an administrator puts the
//! finished event into the list; Glicko-2 over monthly periods, forfeits not counted; the list
//! as of any date, with filters, as JSON, a page and CSV; each person's history; and the stored
//! list always equal to rating every period again from scratch.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, decide_boards, enter_player, pair_round,
};

/// Players of the events, with their province and sex.
const PEOPLE: [(&str, &str, &str); 4] = [
    ("Ana Kiala", "Luanda", "F"),
    ("Bento Lunda", "Huambo", "M"),
    ("Carla Muxima", "Luanda", "F"),
    ("Domingos Neto", "Benguela", "M"),
];

/// A one-round event of the four people on `day`, each game decided as `results` says (from
/// the first player's side, boards in order); returns its id.
async fn event_of(
    client: &Browser<'_>,
    token: &str,
    name: &str,
    day: &str,
    rated: bool,
    ids: &mut Vec<String>,
    results: &[&str],
) -> i64 {
    let event = client
        .send(Req::post("/api/v1/events").bearer(token).json(json!({
            "name": name, "rounds": 1, "rated": rated, "starts_on": day, "ends_on": day,
        })))
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    for (i, (player, province, sex)) in PEOPLE.iter().enumerate() {
        let mut body = json!({"name": player, "province": province, "sex": sex,
                              "rating": 1800 - 100 * i as i64});
        if let Some(id) = ids.get(i) {
            body["federation_id"] = json!(id);
        }
        let (_, shown) = enter_player(client, token, event, body).await;
        if ids.len() <= i {
            ids.push(shown["federation_id"].as_str().unwrap().to_string());
        }
    }
    let round = pair_round(client, token, event).await;
    decide_boards(client, token, &round, results).await;
    event
}

fn row<'a>(list: &'a Value, id: &str) -> Option<&'a Value> {
    list["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["federation_id"] == id)
}

async fn ratings(client: &Browser<'_>, query: &str) -> Value {
    client
        .send(Req::get(format!("/api/v1/ratings{query}")))
        .await
        .expect(200)
        .json()
}

async fn rated_events_make_the_national_list(app: &TestApp) {
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    let admin = account_with_token(app, "fed@example.ao", "Federação", "admin");
    let client = app.browser();
    let mut ids = Vec::new();
    // March: both games over the board.
    let march = event_of(
        &client,
        &organiser,
        "Março",
        "2026-03-20",
        true,
        &mut ids,
        &["1-0", "1/2-1/2"],
    )
    .await;
    let put =
        |event: i64, token: &str| Req::post(format!("/api/v1/events/{event}/rating")).bearer(token);
    let refused = client.send(put(march, &organiser)).await.expect(403).json();
    assert_eq!(refused["error"]["code"], "forbidden");
    let report = client.send(put(march, &admin)).await.expect(200).json();
    assert_eq!(report["period"], "2026-03");
    assert_eq!(report["rated_games"], 2);
    let changes = report["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 4);
    assert!(changes.iter().all(|c| c["before"].is_null()));
    let up = changes
        .iter()
        .filter(|c| c["change"].as_f64().unwrap() > 0.0)
        .count();
    let down = changes
        .iter()
        .filter(|c| c["change"].as_f64().unwrap() < 0.0)
        .count();
    assert_eq!(
        (up, down),
        (1, 1),
        "one winner, one loser, two draws: {report}"
    );
    let again = client.send(put(march, &admin)).await.expect(409).json();
    assert_eq!(again["error"]["code"], "event_in_rating_list");

    // Unrated and unfinished events stay out.
    let unrated = event_of(
        &client,
        &organiser,
        "Amigável",
        "2026-04-02",
        false,
        &mut ids,
        &["1-0", "0-1"],
    )
    .await;
    let refused = client.send(put(unrated, &admin)).await.expect(409).json();
    assert_eq!(refused["error"]["code"], "event_not_rated");
    let open = event_of(
        &client,
        &organiser,
        "Aberto",
        "2026-04-10",
        true,
        &mut ids,
        &["1-0"],
    )
    .await;
    let refused = client.send(put(open, &admin)).await.expect(409).json();
    assert_eq!(refused["error"]["code"], "event_not_finished");

    let list = ratings(&client, "?as_of=2026-03-31").await;
    assert_eq!(list["as_of"], "2026-03-31");
    assert_eq!(list["rows"].as_array().unwrap().len(), 4);
    let first = &list["rows"][0];
    assert_eq!(first["rank"], 1);
    assert!(first["rating"].as_f64().unwrap() > 1500.0);
    assert_eq!(first["provisional"], true);
    assert_eq!(first["games"], 1);
    for field in [
        "federation_id",
        "name",
        "deviation",
        "volatility",
        "club",
        "province",
        "trend",
    ] {
        assert!(first.get(field).is_some(), "{field}");
    }
    assert_eq!(
        ratings(&client, "?as_of=2026-02-28").await["rows"],
        json!([])
    );
    // Months without a game make a rating less certain.
    let later = ratings(&client, "?as_of=2027-03-01").await;
    let (now, then) = (row(&later, &ids[0]).unwrap(), row(&list, &ids[0]).unwrap());
    assert!(now["deviation"].as_f64().unwrap() > then["deviation"].as_f64().unwrap());
    assert_eq!(now["rating"], then["rating"]);
    // Filters: province (accents and case aside), sex, years of birth.
    let luanda = ratings(&client, "?as_of=2026-03-31&province=LUANDA").await;
    assert_eq!(luanda["rows"].as_array().unwrap().len(), 2);
    let men = ratings(&client, "?as_of=2026-03-31&sex=m").await;
    assert!(
        men["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["name"] == "Bento Lunda" || r["name"] == "Domingos Neto")
    );
    assert_eq!(
        ratings(&client, "?as_of=2026-03-31&born_from=2000").await["rows"],
        json!([])
    );
    for bad in ["?as_of=31/03/2026", "?sex=X", "?born_from=abc"] {
        let refused = client
            .send(Req::get(format!("/api/v1/ratings{bad}")))
            .await
            .expect(422)
            .json();
        assert!(
            refused["error"]["code"]
                .as_str()
                .unwrap()
                .ends_with("_invalid"),
            "{bad}"
        );
    }

    // January, put in after March: March is rated again from January's results; forfeits
    // do not count.
    let january = event_of(
        &client,
        &organiser,
        "Janeiro",
        "2026-01-15",
        true,
        &mut ids,
        &["+-", "0-1"],
    )
    .await;
    let report = client.send(put(january, &admin)).await.expect(200).json();
    assert_eq!(report["period"], "2026-01");
    assert_eq!(
        report["rated_games"], 1,
        "the forfeit is not rated: {report}"
    );
    let stored = ratings(&client, "?as_of=2026-12-31").await;
    assert_ne!(stored, ratings(&client, "?as_of=2026-03-31").await);
    kiela::service::ratings::rate_everything(&app.app).unwrap();
    assert_eq!(
        ratings(&client, "?as_of=2026-12-31").await,
        stored,
        "rated again from scratch"
    );

    // A result corrected in an event already in the list corrects the event at once and is
    // held for the list until an administrator accepts it.
    let round = client
        .send(Req::get(format!("/api/v1/events/{march}/rounds/1")))
        .await
        .expect(200)
        .json();
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let stood = round["pairings"][0]["result"].clone();
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/correction"))
                .bearer(&organiser)
                .json(json!({"result": "0-1", "reason": "the wrong result was told"})),
        )
        .await
        .expect(200);
    assert_eq!(ratings(&client, "?as_of=2026-12-31").await, stored, "held");
    kiela::service::ratings::rate_everything(&app.app).unwrap();
    assert_eq!(
        ratings(&client, "?as_of=2026-12-31").await,
        stored,
        "held also when the whole list is rated again"
    );
    let report = client
        .send(Req::get(format!("/api/v1/events/{march}/rating")))
        .await
        .expect(200)
        .json();
    let held = report["held"].as_array().unwrap();
    assert_eq!(held.len(), 1, "{report}");
    assert_eq!(held[0]["game_id"], game);
    assert_eq!(
        (held[0]["round"].clone(), held[0]["board"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(held[0]["listed"]["result"], stood);
    assert_eq!(held[0]["now"]["result"], "0-1");
    let accept =
        |token: &str| Req::post(format!("/api/v1/events/{march}/rating/changes")).bearer(token);
    let refused = client.send(accept(&organiser)).await.expect(403).json();
    assert_eq!(refused["error"]["code"], "forbidden");
    let accepted = client.send(accept(&admin)).await.expect(200).json();
    assert_eq!(accepted["held"], json!([]), "{accepted}");
    let again = client.send(accept(&admin)).await.expect(409).json();
    assert_eq!(again["error"]["code"], "rating_nothing_held");
    let corrected = ratings(&client, "?as_of=2026-12-31").await;
    assert_ne!(corrected, stored, "the correction counts once accepted");
    kiela::service::ratings::rate_everything(&app.app).unwrap();
    assert_eq!(ratings(&client, "?as_of=2026-12-31").await, corrected);
    // An entry of that event moved to another person: held the same way, then their games
    // count for that person.
    let entries = client
        .send(Req::get(format!("/api/v1/events/{march}/players")))
        .await
        .json();
    let dino = entries["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Domingos Neto")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    client
        .send(
            Req::patch(format!("/api/v1/events/{march}/players/{dino}"))
                .bearer(&organiser)
                .json(json!({"federation_id": "AO-500"})),
        )
        .await
        .expect(200);
    assert_eq!(ratings(&client, "?as_of=2026-12-31").await, corrected);
    assert!(row(&corrected, "AO-500").is_none());
    let log = client
        .send(Req::get(format!("/api/v1/events/{march}/rating")))
        .await
        .json();
    assert_eq!(log["held"].as_array().unwrap().len(), 1, "{log}");
    client.send(accept(&admin)).await.expect(200);
    let moved = ratings(&client, "?as_of=2026-12-31").await;
    assert!(row(&moved, "AO-500").is_some(), "{moved}");
    kiela::service::ratings::rate_everything(&app.app).unwrap();
    assert_eq!(ratings(&client, "?as_of=2026-12-31").await, moved);
    let stored = moved;

    // Each person's history (Bento played both months; Carla's January game was a
    // forfeit), and their rating when entered again.
    let person = client
        .send(Req::get(format!("/api/v1/registry/{}", ids[1])))
        .await
        .expect(200)
        .json();
    let periods: Vec<&str> = person["rating_history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["period"].as_str().unwrap())
        .collect();
    assert_eq!(periods, ["2026-01", "2026-03"]);
    // The games the list counts, beside every game played: the same figure as the list's.
    let counted = row(&stored, &ids[1]).unwrap()["games"].clone();
    assert_eq!(person["rated_games"], counted, "{person}");
    assert!(counted.as_u64().unwrap() >= 1);
    assert!(person["games"].as_u64().unwrap() >= counted.as_u64().unwrap());
    let page = client.get(&format!("/players/{}?lang=en", ids[1])).await;
    assert!(
        page.body
            .contains(&format!("{} · {counted} count", person["games"])),
        "{}",
        page.body
    );
    let current = row(&stored, &ids[1]).unwrap()["rating"].as_f64().unwrap();
    assert_eq!(person["rating"], current.round() as i64);
    let next = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&organiser)
                .json(json!({"name": "Maio"})),
        )
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    let entered = client
        .send(
            Req::post(format!("/api/v1/events/{next}/players"))
                .bearer(&organiser)
                .json(json!({"name": "Bento Lunda", "federation_id": ids[1]})),
        )
        .await
        .expect(201)
        .json();
    let shown = client
        .send(Req::get(format!(
            "/api/v1/events/{next}/players/{}",
            entered["id"]
        )))
        .await
        .json();
    assert_eq!(
        shown["rating"],
        current.round() as i64,
        "seeded by the national rating"
    );

    // The pages: the list in Portuguese, its CSV, the event's report, the history drawn.
    let page = client.get("/ratings?as_of=2026-12-31&lang=pt").await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Lista nacional Elo") && page.body.contains("Carla Muxima"));
    assert!(page.body.contains("provisório"));
    let csv = client
        .get("/ratings.csv?as_of=2026-12-31&province=Luanda&lang=fr")
        .await;
    assert_eq!(csv.status, 200);
    let lines: Vec<&str> = csv.body.lines().collect();
    assert_eq!(lines.len(), 3, "{}", csv.body);
    assert!(lines[0].starts_with("\u{feff}Rang;"), "{}", lines[0]);
    // A provisional rating in words for people, 1 or 0 for scripts.
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.ends_with(";oui") || l.ends_with(";non")),
        "{}",
        csv.body
    );
    let plain = client
        .get("/ratings.csv?as_of=2026-12-31&province=Luanda&lang=fr&format=plain")
        .await;
    assert!(
        plain.body.starts_with("rank,federation_id,name,"),
        "{}",
        plain.body
    );
    assert!(
        plain
            .body
            .lines()
            .skip(1)
            .all(|l| l.ends_with(",1") || l.ends_with(",0")),
        "{}",
        plain.body
    );
    let report_page = client
        .get(&format!(
            "/events/{}/rating?lang=en",
            slug(&client, march).await
        ))
        .await;
    assert!(
        report_page
            .body
            .contains("In the rating list, period 2026-03: 2 rated games.")
    );
    let history = client.get(&format!("/players/{}?lang=en", ids[1])).await;
    assert!(crate::harness::has(&history.body, "svg.rating-history"));
    assert!(history.body.contains("Rating history"));
}

async fn slug(client: &Browser<'_>, event: i64) -> String {
    client
        .send(Req::get(format!("/api/v1/events/{event}")))
        .await
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string()
}

/// An administrator puts an event into the list from its page (a form with its token); a
/// visitor sees no button and cannot post.
async fn an_administrator_puts_an_event_in_from_its_page(app: &TestApp) {
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    account_with_token(app, "fed@example.ao", "Federação", "admin");
    let client = app.browser();
    let mut ids = Vec::new();
    let event = event_of(
        &client,
        &organiser,
        "Taça",
        "2026-05-05",
        true,
        &mut ids,
        &["1-0", "0-1"],
    )
    .await;
    let slug = slug(&client, event).await;
    let visitor = app.browser();
    let page = visitor.get(&format!("/events/{slug}/rating?lang=en")).await;
    assert!(
        page.body
            .contains("a federation administrator puts it there")
    );
    assert!(!crate::harness::has(
        &page.body,
        "form[action^=\"/events/\"]"
    ));
    let admin = app.browser();
    admin.log_in("fed@example.ao", "a-long-password").await;
    let page = admin.get(&format!("/events/{slug}/rating?lang=en")).await;
    assert!(page.body.contains("Put the event into the rating list"));
    let done = admin
        .post_form(&format!("/events/{slug}/rating"), &[])
        .await;
    assert_eq!(done.status, 303);
    let page = admin.get(&format!("/events/{slug}/rating?lang=en")).await;
    assert!(page.body.contains("period 2026-05"), "{}", page.body);
    assert_eq!(
        ratings(&client, "").await["rows"].as_array().unwrap().len(),
        4
    );
}

/// An event taken out of the list stops counting: the list is what it was without it. While
/// it is in the list its organiser cannot unmark it; only an administrator takes it out.
async fn an_event_taken_out_of_the_list_no_longer_counts(app: &TestApp) {
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    let admin = account_with_token(app, "fed@example.ao", "Federação", "admin");
    let client = app.browser();
    let mut ids = Vec::new();
    let january = event_of(
        &client,
        &organiser,
        "Janeiro",
        "2026-01-15",
        true,
        &mut ids,
        &["1-0", "0-1"],
    )
    .await;
    let put =
        |event: i64, token: &str| Req::post(format!("/api/v1/events/{event}/rating")).bearer(token);
    let take_out = |event: i64, token: &str| {
        Req::delete(format!("/api/v1/events/{event}/rating")).bearer(token)
    };
    client.send(put(january, &admin)).await.expect(200);
    let without = ratings(&client, "?as_of=2026-12-31").await;
    let march = event_of(
        &client,
        &organiser,
        "Março",
        "2026-03-20",
        true,
        &mut ids,
        &["0-1", "1/2-1/2"],
    )
    .await;
    client.send(put(march, &admin)).await.expect(200);
    let with = ratings(&client, "?as_of=2026-12-31").await;
    assert_ne!(with, without);

    // The organiser can neither unmark it nor take it out.
    let organiser_page = app.browser();
    organiser_page
        .log_in("org@example.ao", "a-long-password")
        .await;
    let march_slug = slug(&client, march).await;
    let unmark = organiser_page
        .post_form(
            &format!("/events/{march_slug}/settings?lang=en"),
            &[("name", "Março"), ("rounds", "1")],
        )
        .await;
    assert_eq!(unmark.status, 409, "{}", unmark.body);
    assert!(
        unmark
            .body
            .contains("a federation administrator takes it out"),
        "{}",
        unmark.body
    );
    let shown = client
        .send(Req::get(format!("/api/v1/events/{march}")))
        .await
        .json();
    assert_eq!(shown["rated"], true);
    let refused = client
        .send(take_out(march, &organiser))
        .await
        .expect(403)
        .json();
    assert_eq!(refused["error"]["code"], "forbidden");

    // The administrator takes it out: the list is as it was before March, also as of a date
    // after both.
    let answer = client
        .send(take_out(march, &admin))
        .await
        .expect(200)
        .json();
    assert_eq!(answer["periods_rated"], 0, "no later month holds an event");
    assert_eq!(ratings(&client, "?as_of=2026-12-31").await, without);
    let again = client
        .send(take_out(march, &admin))
        .await
        .expect(409)
        .json();
    assert_eq!(again["error"]["code"], "event_not_in_rating_list");
    let log = organiser_page
        .get(&format!("/events/{march_slug}/audit?lang=en"))
        .await;
    assert!(
        log.body.contains("event taken out of the rating list"),
        "{}",
        log.body
    );
    // Now the organiser may unmark it.
    let unmarked = organiser_page
        .post_form(
            &format!("/events/{march_slug}/settings"),
            &[("name", "Março"), ("rounds", "1")],
        )
        .await;
    assert_eq!(unmarked.status, 303, "{}", unmarked.body);

    // From the page: January out too, and the list is empty.
    let admin_page = app.browser();
    admin_page.log_in("fed@example.ao", "a-long-password").await;
    let january_slug = slug(&client, january).await;
    let page = admin_page
        .get(&format!("/events/{january_slug}/rating?lang=pt"))
        .await;
    assert!(
        page.body.contains("Retirar o torneio da lista Elo"),
        "{}",
        page.body
    );
    let visitor = app
        .browser()
        .get(&format!("/events/{january_slug}/rating"))
        .await;
    assert!(!visitor.body.contains("/rating/remove"));
    let done = admin_page
        .post_form(&format!("/events/{january_slug}/rating/remove"), &[])
        .await;
    assert_eq!(done.status, 303);
    assert_eq!(ratings(&client, "").await["rows"], json!([]));
    let page = admin_page
        .get(&format!("/events/{january_slug}/rating?lang=en"))
        .await;
    assert!(page.body.contains("Put the event into the rating list"));
}

/// A generated history of many events: an event put into the latest month rates only its own
/// players again, and the list it leaves is the one rating every month from scratch gives;
/// taken out again, the list is what it was.
async fn an_event_put_in_on_top_of_a_long_history_rates_as_from_scratch(app: &TestApp) {
    let token = account_with_token(app, "fed@example.ao", "Federação", "admin");
    let admin = kiela::service::accounts::user_by_email(&app.app, "fed@example.ao")
        .unwrap()
        .unwrap();
    let (listed, last) =
        kiela::service::demo::seed_rating_history(&app.app, &admin, 300, 3600, 7).unwrap();
    assert_eq!(listed.len(), 4);
    kiela::service::ratings::rate_everything(&app.app).unwrap();
    let client = app.browser();
    let before = ratings(&client, "?as_of=2030-01-01").await;
    assert!(before["rows"].as_array().unwrap().len() > 250, "{before}");
    let report = client
        .send(Req::post(format!("/api/v1/events/{}/rating", last.0)).bearer(&token))
        .await
        .expect(200)
        .json();
    assert_eq!(report["rated_games"], 900);
    assert_eq!(report["changes"].as_array().unwrap().len(), 200);
    let changes = report["changes"].as_array().unwrap();
    assert!(
        changes
            .iter()
            .all(|c| c["name"].as_str().is_some_and(|n| !n.is_empty()))
    );
    let rated_before = changes.iter().filter(|c| c["before"].is_number()).count();
    assert!(
        rated_before > 150,
        "most of the last event's players had played before: {rated_before}"
    );
    let after = ratings(&client, "?as_of=2030-01-01").await;
    assert_ne!(after, before);
    kiela::service::ratings::rate_everything(&app.app).unwrap();
    assert_eq!(
        ratings(&client, "?as_of=2030-01-01").await,
        after,
        "rated again from scratch"
    );
    client
        .send(Req::delete(format!("/api/v1/events/{}/rating", last.0)).bearer(&token))
        .await
        .expect(200);
    assert_eq!(ratings(&client, "?as_of=2030-01-01").await, before);
}

/// Only results standing on a record verified here, or on an arbiter's decision, count: the
/// same event carried over as a TRF file (results without records) counts no game, and its
/// rating report says why for each; forfeits are left out with their own reason.
async fn results_without_a_record_never_count(app: &TestApp) {
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    let admin = account_with_token(app, "fed@example.ao", "Federação", "admin");
    let client = app.browser();
    let mut ids = Vec::new();
    let decided = event_of(
        &client,
        &organiser,
        "Janeiro",
        "2026-01-10",
        true,
        &mut ids,
        &["1-0", "+-"],
    )
    .await;
    let trf = client
        .send(Req::get(format!("/api/v1/events/{decided}/export.trf")))
        .await
        .expect(200)
        .body;
    let organiser_page = app.browser();
    organiser_page
        .log_in("org@example.ao", "a-long-password")
        .await;
    let imported = crate::files::import(&organiser_page, &client, &trf).await;
    client
        .send(
            Req::patch(format!("/api/v1/events/{imported}"))
                .bearer(&organiser)
                .json(json!({"rated": true})),
        )
        .await
        .expect(200);
    let imported_slug = slug(&client, imported).await;
    let preview = client
        .get(&format!("/events/{imported_slug}/rating?lang=en"))
        .await;
    assert!(
        preview
            .body
            .contains("As the event stands now, 0 games count"),
        "{}",
        preview.body
    );
    let put = |event: i64| Req::post(format!("/api/v1/events/{event}/rating")).bearer(&admin);
    let listed = client.send(put(decided)).await.expect(200).json();
    assert_eq!(listed["rated_games"], 1, "{listed}");
    let reasons: Vec<&str> = listed["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["forfeit"], "{listed}");
    let carried = client.send(put(imported)).await.expect(200).json();
    assert_eq!(carried["rated_games"], 0, "{carried}");
    let reasons: Vec<(i64, &str)> = carried["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["board"].as_i64().unwrap(), g["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(reasons, [(1, "no_record"), (2, "forfeit")], "{carried}");
    let page = client
        .get(&format!("/events/{imported_slug}/rating?lang=pt"))
        .await;
    assert!(
        page.body.contains("2 partidas que não contam"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("sem registo verificado"),
        "{}",
        page.body
    );
    // The list holds the first event's one game, and nothing of the copy.
    let list = ratings(&client, "?as_of=2026-12-31").await;
    let games: i64 = list["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["games"].as_i64().unwrap())
        .sum();
    assert_eq!(
        games, 2,
        "one game, counted for each of its two players: {list}"
    );
}

both_backends!(
    results_without_a_record_never_count,
    an_event_put_in_on_top_of_a_long_history_rates_as_from_scratch,
    rated_events_make_the_national_list,
    an_administrator_puts_an_event_in_from_its_page,
    an_event_taken_out_of_the_list_no_longer_counts,
);
