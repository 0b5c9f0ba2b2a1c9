//! The organiser's and players' flows through the HTML pages.

use crate::both_backends;
use crate::harness::{TestApp, finished_record, page_main};

const PASSWORD: &str = "kiela-2026-secret";

/// All `href="…"` values of a page that start with `prefix`.
fn links(html: &str, prefix: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|l| l.starts_with(prefix))
        .map(str::to_string)
        .collect()
}

async fn organiser_runs_an_event_and_players_report_results(app: &TestApp) {
    let organiser = app.browser();
    assert_eq!(
        organiser
            .sign_up("Org", "org@example.ao", PASSWORD)
            .await
            .status,
        303
    );
    // Eight players, two of them with accounts.
    let ana = app.browser();
    ana.sign_up("Ana Domingos", "ana@example.ao", PASSWORD)
        .await;
    let bento = app.browser();
    bento
        .sign_up("Bento Neto", "bento@example.ao", PASSWORD)
        .await;

    let created = organiser
        .post_form(
            "/events",
            &[
                ("name", "Torneio de Teste"),
                ("format", "swiss"),
                ("variant", "advanced"),
                ("rounds", "3"),
                ("tiebreaks", "BH-C1, BH, SB"),
                ("points_win", "1"),
                ("points_draw", "0.5"),
                ("points_loss", "0"),
                ("points_bye", "1"),
            ],
        )
        .await;
    assert_eq!(created.status, 303, "{}", created.body);
    let manage = created.location().unwrap().to_string();
    assert_eq!(manage, "/events/torneio-de-teste/manage");
    let base = "/events/torneio-de-teste";

    for (i, (name, email)) in [
        ("Ana Domingos", "ana@example.ao"),
        ("Bento Neto", "bento@example.ao"),
        ("Carla", ""),
        ("Dino", ""),
    ]
    .iter()
    .enumerate()
    {
        let rating = (2000 - 100 * i).to_string();
        let resp = organiser
            .post_form(
                &format!("{base}/players"),
                &[("name", name), ("rating", &rating), ("email", email)],
            )
            .await;
        assert_eq!(resp.status, 303, "{}", resp.body);
    }
    // Typing an account's address for an entry binds nothing: Ana, signed in, is not yet a
    // player of this event, and the manage page only offers the organiser to link Bento.
    let manage_page = organiser.get(&manage).await;
    assert!(
        manage_page.body.contains("Ligar à conta de Bento Neto"),
        "{}",
        manage_page.body
    );
    let personal: Vec<String> = links(&manage_page.body, "http")
        .into_iter()
        .filter_map(|l| l.find("/p/").map(|at| l[at..].to_string()))
        .collect();
    assert_eq!(personal.len(), 4);
    // Ana binds her own entry through its personal link: "this is me".
    let claim_page = ana.get(&personal[0]).await;
    assert!(claim_page.body.contains("Sou eu"), "{}", claim_page.body);
    let claimed = ana.post_form(&format!("{}/claim", personal[0]), &[]).await;
    assert_eq!(claimed.status, 303, "{}", claimed.body);
    assert!(
        ana.get(&personal[0])
            .await
            .body
            .contains("está ligada à sua conta")
    );
    // Bento's entry: the organiser links it explicitly.
    let at = manage_page.body.find("value=\"bento@example.ao\"").unwrap();
    let action_at = manage_page.body[..at].rfind("action=\"").unwrap() + "action=\"".len();
    let action = manage_page.body[action_at..].split('"').next().unwrap();
    assert!(action.ends_with("/link"), "{action}");
    let linked = organiser
        .post_form(action, &[("email", "bento@example.ao")])
        .await;
    assert_eq!(linked.status, 303);
    let audit = organiser.get(&format!("{base}/audit")).await;
    // Both bindings are in the log, with who did them.
    insta::assert_snapshot!("audit_after_linking", page_main(&audit.body));

    // CSV import: a bad line means nothing is imported.
    let bad = organiser
        .post_form(
            &format!("{base}/players/import"),
            &[("csv", "name,rating\nEva,1500\n,1400\nFabio,abc\n")],
        )
        .await;
    assert_eq!(bad.status, 422);
    insta::assert_snapshot!("csv_import_refused", page_main(&bad.body));
    let good = organiser
        .post_form(
            &format!("{base}/players/import"),
            &[(
                "csv",
                "Eva,1500,Clube A,Luanda\nFabio,1400\nGil,1300\nHugo,1200\n",
            )],
        )
        .await;
    assert_eq!(good.status, 303);
    let players = app.browser().get(&format!("{base}/players")).await;
    assert_eq!(
        players.body.matches("<tr>").count(),
        9,
        "a header row and eight players"
    );

    // A player cannot reach the organiser's pages.
    assert_eq!(ana.get(&manage).await.status, 403);
    assert_eq!(
        ana.post_form(&format!("{base}/rounds"), &[]).await.status,
        403
    );

    let paired = organiser.post_form(&format!("{base}/rounds"), &[]).await;
    assert_eq!(paired.status, 303, "{}", paired.body);
    let round_page = organiser.get(&format!("{base}/rounds/1")).await;
    assert!(round_page.body.contains("rascunho"));
    // The public does not see a draft.
    assert_eq!(
        app.browser().get(&format!("{base}/rounds/1")).await.status,
        404
    );
    let published = organiser
        .post_form(&format!("{base}/rounds/1/publish"), &[])
        .await;
    assert_eq!(published.status, 303);
    let again = organiser
        .post_form(&format!("{base}/rounds/1/publish"), &[])
        .await;
    assert_eq!(again.status, 409, "a round is published once");

    let round_page = app.browser().get(&format!("{base}/rounds/1")).await;
    let games = links(&round_page.body, &format!("{base}/games/"));
    assert_eq!(games.len(), 4, "{}", round_page.body);

    // Ana submits an invalid record, then a valid one; Bento's game needs confirmation.
    let mut ana_game = None;
    for game in &games {
        let page = ana.get(game).await;
        if page.body.contains("/record") {
            ana_game = Some(game.clone());
        }
    }
    let ana_game = ana_game.expect("Ana can submit her game");
    let invalid = ana
        .post_form(
            &format!("{ana_game}/record"),
            &[("record", "1. j2 a3 2. j2")],
        )
        .await;
    assert_eq!(invalid.status, 422);
    // The reason, the move, and the board before it.
    insta::assert_snapshot!("record_refused", page_main(&invalid.body));

    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        3,
    );
    let pending = ana
        .post_form(&format!("{ana_game}/record"), &[("record", &record)])
        .await;
    assert_eq!(pending.status, 303, "{}", pending.body);
    let page = ana.get(&ana_game).await;
    assert!(
        page.body.contains("a aguardar confirmação"),
        "{}",
        page.body
    );

    // The organiser finishes the other games; Ana's opponent confirms through the personal link.
    for (n, game) in games.iter().enumerate() {
        if *game == ana_game {
            continue;
        }
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            10 + n as u64,
        );
        let resp = organiser
            .post_form(&format!("{game}/record"), &[("record", &record)])
            .await;
        assert_eq!(resp.status, 303, "{}", resp.body);
    }
    let blocked = organiser.post_form(&format!("{base}/rounds"), &[]).await;
    assert_eq!(blocked.status, 409, "round 2 waits for Ana's game");
    assert!(blocked.body.contains("mesas"), "{}", blocked.body);

    let manage_page = organiser.get(&manage).await;
    let personal: Vec<String> = links(&manage_page.body, "http")
        .into_iter()
        .filter(|l| l.contains("/p/"))
        .collect();
    assert_eq!(personal.len(), 8);
    let game_id = ana_game.rsplit('/').next().unwrap();
    let mut confirmed = false;
    for link in &personal {
        let path = link
            .split_once("/p/")
            .map(|(_, rest)| format!("/p/{rest}"))
            .unwrap();
        let page = app.browser().get(&path).await;
        if page.body.contains(&format!("/games/{game_id}\""))
            && !page.body.contains("Ana Domingos</h1>")
        {
            let visitor = app.browser();
            let game_page = visitor.get(&format!("{path}/games/{game_id}")).await;
            if game_page.body.contains("/confirm") {
                let resp = visitor
                    .post_form(&format!("{path}/games/{game_id}/confirm"), &[])
                    .await;
                assert_eq!(resp.status, 303, "{}", resp.body);
                confirmed = true;
            }
        }
    }
    assert!(
        confirmed,
        "the opponent confirmed through the personal link"
    );
    assert!(
        app.browser()
            .get(&ana_game)
            .await
            .body
            .contains("definitivo")
            || app.browser().get(&ana_game).await.body.contains("final")
    );

    // Round 2: a dispute, decided by the arbiter.
    assert_eq!(
        organiser
            .post_form(&format!("{base}/rounds"), &[])
            .await
            .status,
        303
    );
    assert_eq!(
        organiser
            .post_form(&format!("{base}/rounds/2/publish"), &[])
            .await
            .status,
        303
    );
    let round2 = app.browser().get(&format!("{base}/rounds/2")).await;
    let games2 = links(&round2.body, &format!("{base}/games/"));
    let mut disputed = None;
    for game in &games2 {
        let page = bento.get(game).await;
        if page.body.contains("/record") {
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                99,
            );
            let resp = bento
                .post_form(&format!("{game}/record"), &[("record", &record)])
                .await;
            assert_eq!(resp.status, 303);
            let resp = bento
                .post_form(&format!("{game}/dispute"), &[("reason", "wrong record")])
                .await;
            assert_eq!(resp.status, 303);
            disputed = Some(game.clone());
        }
    }
    let disputed = disputed.expect("Bento plays in round 2");
    let queue = organiser.get(&format!("{base}/queue")).await;
    insta::assert_snapshot!("queue_with_dispute", page_main(&queue.body));
    let decided = organiser
        .post_form(
            &format!("{disputed}/decide"),
            &[("result", "1-0"), ("reason", "arbiter saw the game")],
        )
        .await;
    assert_eq!(decided.status, 303, "{}", decided.body);
    let audit = organiser.get(&format!("{base}/audit")).await;
    insta::assert_snapshot!("audit_after_decision", page_main(&audit.body));

    let standings = app.browser().get(&format!("{base}/standings")).await;
    assert_eq!(standings.status, 200);
    insta::assert_snapshot!("standings_after_decision", page_main(&standings.body));
}

both_backends!(organiser_runs_an_event_and_players_report_results);

/// A player registering themselves is asked what the organiser's form asks: the club (the one
/// field required), province, rating, sex and year of birth. A refused form comes back as
/// typed, with what is wrong, in the reader's language.
async fn self_registration_asks_what_the_organisers_form_asks(app: &TestApp) {
    use crate::harness::{Req, account_with_token};
    use serde_json::json;
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    account_with_token(app, "ana@example.ao", "Ana Kiala", "player");
    let client = app.browser();
    let created = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Aberto de Luanda", "rounds": 5, "self_registration": true})),
        )
        .await
        .expect(201)
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    let ana = app.browser();
    ana.log_in("ana@example.ao", "a-long-password").await;
    let show = ana.get(&format!("/events/{slug}?lang=en")).await;
    assert!(
        show.body
            .contains(&format!("href=\"/events/{slug}/register\""))
    );
    let form = ana.get(&format!("/events/{slug}/register?lang=pt")).await;
    assert_eq!(form.status, 200);
    for field in ["club", "province", "rating", "sex", "birth_year"] {
        assert!(form.body.contains(&format!("name=\"{field}\"")), "{field}");
    }
    assert!(form.body.contains("Ana Kiala"));
    let refused = ana
        .post_form(
            &format!("/events/{slug}/register?lang=pt"),
            &[
                ("club", " "),
                ("province", "Luanda"),
                ("birth_year", "1990"),
            ],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.body.contains("Indique o seu clube."),
        "{}",
        refused.body
    );
    assert!(
        crate::harness::has(&refused.body, "input[value=Luanda]")
            && crate::harness::has(&refused.body, "input[value=\"1990\"]")
    );
    let refused = ana
        .post_form(
            &format!("/events/{slug}/register?lang=fr"),
            &[("club", "Petro"), ("rating", "cinco")],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        crate::harness::has(&refused.body, "input[value=cinco]"),
        "kept as typed"
    );
    let done = ana
        .post_form(
            &format!("/events/{slug}/register"),
            &[
                ("club", "Petro de Luanda"),
                ("province", "Luanda"),
                ("rating", "1650"),
                ("sex", "F"),
                ("birth_year", "1990"),
            ],
        )
        .await;
    assert_eq!(done.status, 303, "{}", done.body);
    let players = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&token))
        .await
        .expect(200)
        .json();
    let entry = &players["players"][0];
    assert_eq!(entry["name"], "Ana Kiala");
    let shown = client
        .send(Req::get(format!("/api/v1/events/{event}/players/{}", entry["id"])).bearer(&token))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["club"], "Petro de Luanda");
    assert_eq!(shown["province"], "Luanda");
    assert_eq!(shown["rating"], 1650);
    assert_eq!(shown["sex"], "F");
    assert_eq!(shown["birth_year"], 1990);
    assert_eq!(shown["status"], "pending");
    // An event that takes no registrations says so instead of offering the form.
    let closed = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Fechado", "rounds": 5})),
        )
        .await
        .expect(201)
        .json();
    let page = ana
        .get(&format!(
            "/events/{}/register?lang=en",
            closed["slug"].as_str().unwrap()
        ))
        .await;
    assert!(
        page.body.contains("does not take registrations"),
        "{}",
        page.body
    );
    assert!(!crate::harness::has(&page.body, "[name=club]"));
}

both_backends!(self_registration_asks_what_the_organisers_form_asks);

/// A refused form says what is wrong and gives back what was typed: an unknown tie-break code
/// is named (on the new-event and settings forms and in the API), a new player refused keeps
/// their details, a CSV file refused stays in its box.
async fn refused_forms_name_the_fault_and_keep_the_input(app: &TestApp) {
    use crate::harness::{Req, account_with_token};
    use serde_json::json;
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let refused = desk
        .post_form(
            "/events?lang=pt",
            &[("name", "Taça"), ("tiebreaks", "BH, XYZ")],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .body
            .contains("Este código de desempate não é conhecido: XYZ"),
        "{}",
        refused.body
    );
    let api = app
        .browser()
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Taça", "tiebreaks": ["SB", "QQ"]})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(api["error"]["code"], "tiebreak_unknown");
    assert_eq!(api["error"]["detail"], "QQ", "{api}");
    let created = app
        .browser()
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Taça de Benguela", "rounds": 5})),
        )
        .await
        .expect(201)
        .json();
    let slug = created["slug"].as_str().unwrap().to_string();
    let settings = desk
        .post_form(
            &format!("/events/{slug}/settings?lang=fr"),
            &[
                ("name", "Taça de Benguela"),
                ("rounds", "5"),
                ("tiebreaks", "B<H>"),
            ],
        )
        .await;
    assert_eq!(settings.status, 422);
    assert!(
        settings
            .body
            .contains("Ce code de départage n’est pas connu\u{a0}: B&#60;H&#62;"),
        "named, escaped: {}",
        settings.body
    );
    let player = desk
        .post_form(
            &format!("/events/{slug}/players?lang=en"),
            &[
                ("name", "Eva Quissama"),
                ("club", "Clube Kiela"),
                ("province", "Benguela"),
                ("rating", "99999"),
            ],
        )
        .await;
    assert_eq!(player.status, 422);
    for kept in [
        "value=\"Eva Quissama\"",
        "value=\"Clube Kiela\"",
        "value=\"Benguela\"",
        "value=\"99999\"",
    ] {
        assert!(player.body.contains(kept), "{kept}");
    }
    let csv = "Ana Kiala,1850,Petro\nBento Lunda,muitos,Petro\n";
    let imported = desk
        .post_form(&format!("/events/{slug}/players/import"), &[("csv", csv)])
        .await;
    assert_eq!(imported.status, 422);
    assert!(
        imported
            .body
            .contains("Ana Kiala,1850,Petro\nBento Lunda,muitos,Petro\n</textarea>"),
        "{}",
        imported.body
    );
    let players = app
        .browser()
        .send(Req::get(format!("/api/v1/events/{}/players", created["id"])).bearer(&token))
        .await
        .json();
    assert_eq!(
        players["players"],
        json!([]),
        "nothing imported, nothing added"
    );
}

both_backends!(refused_forms_name_the_fault_and_keep_the_input);

/// A player file sent twice: the second time nothing is entered (no player twice, no new
/// person in the registry), the refusal names each line and the entry it looks like, and it
/// is shown at the top of the page, where a phone opens it; the organiser may still enter such
/// lines on purpose. Every form's message opens the page at it.
async fn a_player_file_sent_twice_does_not_double_the_field(app: &TestApp) {
    use crate::harness::{Req, account_with_token};
    use serde_json::json;
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let created = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Duas Vezes", "rounds": 3})),
        )
        .await
        .expect(201)
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let file = "Eva Quissama,1500,Clube A,Luanda\nFabio Ribeiro,1400,Clube B\nGil Neto,1300\n";
    let import = format!("/events/{slug}/players/import");
    let first = organiser.post_form(&import, &[("csv", file)]).await;
    assert_eq!(first.status, 303);
    // The page opens at its top, where the message is (not at the list further down).
    assert!(
        first.location().unwrap().ends_with("/manage"),
        "{:?}",
        first.location()
    );
    let after_first = organiser.follow(first).await;
    assert!(
        crate::harness::has(&after_first.body, "#flash"),
        "{}",
        after_first.body
    );
    let people = |query: &str| {
        let client = &client;
        let query = query.to_string();
        async move {
            client
                .send(Req::get(format!("/api/v1/registry?q={query}")))
                .await
                .expect(200)
                .json()["players"]
                .as_array()
                .unwrap()
                .len()
        }
    };
    let registered = people("Quissama").await;
    assert_eq!(registered, 1);

    let again = organiser
        .post_form(&format!("{import}?lang=en"), &[("csv", file)])
        .await;
    assert_eq!(again.status, 422, "{}", again.body);
    let entries = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .expect(200)
        .json();
    assert_eq!(entries["players"].as_array().unwrap().len(), 3, "{entries}");
    assert_eq!(people("Quissama").await, 1, "no new person in the registry");
    // The refusal names every line, before anything else on the page.
    let body = &again.body;
    let refusal = body
        .find("These lines look like players entered already")
        .expect("the refusal");
    assert!(refusal < body.find("id=\"rounds\"").unwrap(), "at the top");
    for (line, name) in [(1, "Eva Quissama"), (2, "Fabio Ribeiro"), (3, "Gil Neto")] {
        assert!(
            body.contains(&format!("Line {line}: <bdi>{name}</bdi> (No. {line})")),
            "{body}"
        );
    }
    assert!(crate::harness::has(body, "input[name=also_entered]"));
    // Sent on purpose: entered, and said so.
    let anyway = organiser
        .post_form(&import, &[("csv", file), ("also_entered", "1")])
        .await;
    assert_eq!(anyway.status, 200, "{}", anyway.body);
    let entries = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .json();
    assert_eq!(entries["players"].as_array().unwrap().len(), 6);
}

both_backends!(a_player_file_sent_twice_does_not_double_the_field);
