//! Browser journeys in headless Chromium driven through WebDriver: an organiser creates an
//! event and pairs a round, a player enters the game on the board page, the opponent confirms,
//! and a spectator opens the standings and replays the game with the keyboard. The journey runs
//! in English and in Portuguese; a screenshot of every page is kept under
//! `target/browser-artifacts/`.
//!
//! Chromium and ChromeDriver come from Debian's `chromium` and `chromium-driver` packages
//! (`KIELA_CHROMIUM` and `KIELA_CHROMEDRIVER` override the paths). When they are absent the
//! journeys are skipped, except under `CI=true`, where that is a failure.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use kiela::web::i18n::Lang;
use serde_json::json;

use crate::harness::{
    Backend, TestApp, account_with_token, event_with_players, finished_record, link_account,
    pair_round,
};

/// A ChromeDriver process that is killed when the test ends.
pub(crate) struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // ChromeDriver and the Chromium it started are one process group: none outlives
        // the test.
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

pub(crate) fn tool(var: &str, default: &str, how: &str) -> Option<PathBuf> {
    if crate::harness::fast_tier() {
        return None;
    }
    let path = PathBuf::from(std::env::var(var).unwrap_or_else(|_| default.to_string()));
    if path.exists() {
        return Some(path);
    }
    assert!(
        !crate::harness::in_ci(),
        "CI=true but {} is missing ({how})",
        path.display()
    );
    eprintln!("skipping: {} is missing ({how})", path.display());
    None
}

pub(crate) async fn start_browser() -> Option<(Driver, Client)> {
    const HOW: &str = "apt-get install chromium chromium-driver";
    let chromium = tool("KIELA_CHROMIUM", "/usr/bin/chromium", HOW)?;
    let chromedriver = tool("KIELA_CHROMEDRIVER", "/usr/bin/chromedriver", HOW)?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let profile = std::env::temp_dir().join(format!(
        "kiela-chromium-{}-{}",
        std::process::id(),
        fastrand::u32(..)
    ));
    std::fs::create_dir_all(&profile).unwrap();
    let child = Command::new(chromedriver)
        .process_group(0)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        port,
        profile,
    };
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=420,900",
                format!("--user-data-dir={}", driver.profile.display()),
            ],
        }),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(client) => return Some((driver, client)),
            Err(e) if Instant::now() > deadline => panic!("no WebDriver session: {e}"),
            Err(_) => actix_rt::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// The steps of one journey, with a screenshot after each page.
pub(crate) struct Journey<'a> {
    pub(crate) client: &'a Client,
    pub(crate) base: &'a str,
    pub(crate) lang: Lang,
    pub(crate) artifacts: PathBuf,
    pub(crate) shots: usize,
}

impl Journey<'_> {
    fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    pub(crate) async fn open(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap();
    }

    pub(crate) async fn shot(&mut self, name: &str) {
        self.shots += 1;
        let png = self.client.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        let file =
            self.artifacts
                .join(format!("{}-{:02}-{name}.png", self.lang.code(), self.shots));
        std::fs::write(&file, png).unwrap();
    }

    pub(crate) async fn path(&self) -> String {
        let url = self.client.current_url().await.unwrap();
        match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_string(),
        }
    }

    pub(crate) async fn source(&self) -> String {
        self.client.source().await.unwrap()
    }

    pub(crate) async fn fill(&self, css: &str, text: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(text).await.unwrap();
    }

    /// Clicks the button whose label is this message, as a visitor reading the page would.
    pub(crate) async fn press(&self, key: &str) {
        self.press_text(&self.t(key)).await;
    }

    pub(crate) async fn press_text(&self, label: &str) {
        let xpath = format!("//button[normalize-space()=\"{label}\"]");
        let button = self
            .client
            .find(Locator::XPath(&xpath))
            .await
            .unwrap_or_else(|e| panic!("no button {label:?}: {e}"));
        button.click().await.unwrap();
    }

    pub(crate) async fn wait_for_path(&self, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let path = self.path().await;
            if wanted(&path) {
                return path;
            }
            if Instant::now() > deadline {
                let page = self.source().await;
                panic!("still at {path}: {page}");
            }
            actix_rt::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

async fn journey(lang: Lang) {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let Some((_driver, client)) = start_browser().await else {
        return;
    };
    account_with_token(&app, "secretaria@example.ao", "Secretaria", "organiser");
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut j = Journey {
        client: &client,
        base: &app.base,
        lang,
        artifacts,
        shots: 0,
    };
    let code = lang.code();

    // The organiser logs in, creates a Swiss event and adds two players.
    j.open(&format!("/login?lang={code}")).await;
    assert!(j.source().await.contains(&format!(
        "<html lang=\"{}\">",
        if code == "pt" { "pt-AO" } else { code }
    )));
    j.fill("input[name=email]", "secretaria@example.ao").await;
    j.fill("input[name=password]", "a-long-password").await;
    j.shot("login").await;
    j.press("login-submit").await;
    j.wait_for_path(|p| p != "/login" && !p.starts_with("/login?"))
        .await;
    j.open("/events/new").await;
    j.fill("input[name=name]", "Taça de Malanje").await;
    j.client
        .find(Locator::Css("select[name=format]"))
        .await
        .unwrap()
        .select_by_value("swiss")
        .await
        .unwrap();
    j.fill("input[name=rounds]", "3").await;
    j.shot("new-event").await;
    j.press("events-create").await;
    let manage = j.wait_for_path(|p| p.ends_with("/manage")).await;
    let slug = manage
        .trim_start_matches("/events/")
        .trim_end_matches("/manage")
        .to_string();
    for (name, rating) in [("Ana Kiala", "1800"), ("Bento Lunda", "1700")] {
        j.fill("form[action$='/players'] input[name=name]", name)
            .await;
        j.fill("form[action$='/players'] input[name=rating]", rating)
            .await;
        j.press("manage-add-player").await;
        let deadline = Instant::now() + Duration::from_secs(10);
        while !j.source().await.contains(name) {
            assert!(Instant::now() < deadline, "{name} was not added");
            actix_rt::time::sleep(Duration::from_millis(50)).await;
        }
    }
    j.shot("players").await;
    let links: Vec<String> = {
        let mut links = Vec::new();
        for a in j
            .client
            .find_all(Locator::Css("a[href*='/p/']"))
            .await
            .unwrap()
        {
            links.push(a.attr("href").await.unwrap().unwrap());
        }
        links
    };
    assert_eq!(links.len(), 2, "a personal link per player");

    // Pair and publish round 1.
    j.press_text(&lang.t_args("manage-pair-round", &[("number", "1".into())]))
        .await;
    j.wait_for_path(|p| p.ends_with("/rounds/1")).await;
    j.shot("draft-round").await;
    j.press("round-publish").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while j
        .client
        .find(Locator::XPath(&format!(
            "//button[normalize-space()=\"{}\"]",
            j.t("round-publish")
        )))
        .await
        .is_ok()
    {
        assert!(Instant::now() < deadline, "the round was not published");
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    j.shot("published-round").await;

    // The first player opens the personal link in a fresh browser and plays on the board.
    j.client.delete_all_cookies().await.unwrap();
    let first_link = &links[0];
    j.client
        .goto(&format!("{first_link}?lang={code}"))
        .await
        .unwrap();
    j.shot("personal").await;
    j.client
        .find(Locator::Css(
            "main .next-game a.button:not([href$='/play'])",
        ))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p.contains("/games/")).await;
    let file_input = j
        .client
        .find(Locator::Css(
            "form[enctype='multipart/form-data'] input[type=file]",
        ))
        .await
        .unwrap();
    assert!(
        file_input.is_displayed().await.unwrap(),
        "a record file can be sent without JavaScript"
    );
    let enter = j.t("game-enter-on-board");
    j.client
        .find(Locator::LinkText(&enter))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p.ends_with("/board")).await;
    j.shot("board").await;
    let first_mover = {
        let page = j.source().await;
        let south = j.t("board-south");
        let after = page.split(&format!("{south}: <strong>")).nth(1).unwrap();
        let name = after.split("</strong>").next().unwrap();
        name.trim_start_matches("<bdi>")
            .trim_end_matches("</bdi>")
            .to_string()
    };
    for _ in 0..4 {
        let before = j.path().await;
        let hole = j
            .client
            .find(Locator::Css("a.well.playable"))
            .await
            .unwrap();
        hole.click().await.unwrap();
        j.wait_for_path(|p| p != before).await;
    }
    j.shot("board-after-moves").await;
    j.client
        .find(Locator::Css("select[name=claim]"))
        .await
        .unwrap()
        .select_by_value("resign-N")
        .await
        .unwrap();
    j.press("game-submit").await;
    j.wait_for_path(|p| !p.ends_with("/board") && !p.contains("/board?"))
        .await;
    j.shot("submitted").await;

    // The opponent confirms through their own link.
    j.client.delete_all_cookies().await.unwrap();
    j.client
        .goto(&format!("{}?lang={code}", links[1]))
        .await
        .unwrap();
    j.client
        .find(Locator::Css(
            "main .next-game a.button:not([href$='/play'])",
        ))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p.contains("/games/")).await;
    j.shot("to-confirm").await;
    j.press("game-confirm").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !j.source().await.contains(&j.t("flash-result-final")) {
        assert!(Instant::now() < deadline, "the result was not confirmed");
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    j.shot("confirmed").await;

    // A spectator opens the standings and replays the game.
    j.client.delete_all_cookies().await.unwrap();
    j.open(&format!("/events/{slug}/standings?lang={code}"))
        .await;
    let h1 = j
        .client
        .find(Locator::Css("h1"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(h1.starts_with(&j.t("nav-standings")), "{h1}");
    let leader = j
        .client
        .find(Locator::Css("table tbody tr"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        leader.contains(&first_mover),
        "{first_mover} won by resignation and leads: {leader}"
    );
    j.shot("standings").await;
    j.open(&format!("/events/{slug}/rounds/1")).await;
    j.client
        .find(Locator::Css("td.result a"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let game = j.wait_for_path(|p| p.contains("/games/")).await;
    let game = game.split('?').next().unwrap().to_string();
    j.open(&format!("{game}?ply=0")).await;
    j.shot("replay-start").await;
    let body = j.client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::Right).await.unwrap();
    j.wait_for_path(|p| p.contains("ply=1")).await;
    let body = j.client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::End).await.unwrap();
    j.wait_for_path(|p| p.contains("ply=4")).await;
    let board = j.source().await;
    assert!(
        crate::harness::has(&board, "table.board"),
        "the board is drawn"
    );
    // The last ply is marked: the hole played, the path of its sowing.
    let played = j
        .client
        .find_all(Locator::Css("td.hole.played"))
        .await
        .unwrap();
    assert_eq!(played.len(), 1, "one hole played");
    assert!(
        !j.client
            .find_all(Locator::Css("td.hole.sown"))
            .await
            .unwrap()
            .is_empty()
    );
    // The move list leads to each ply.
    let moves = j
        .client
        .find_all(Locator::Css(".move-list li a"))
        .await
        .unwrap();
    assert_eq!(moves.len(), 4);
    let current = j
        .client
        .find(Locator::Css(".move-list a[aria-current=step]"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap();
    assert!(current.is_some_and(|h| h.ends_with("ply=4")));
    // With JavaScript the sowing is walked; the reader may turn that off, and it stays off.
    j.press("replay-sow-again").await;
    j.press("replay-animation-off").await;
    j.client.refresh().await.unwrap();
    j.press("replay-animation-on").await;
    j.shot("replay-end").await;
    let body = j.client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::Left).await.unwrap();
    j.wait_for_path(|p| p.contains("ply=3")).await;
    j.shot("replay-back").await;

    client.close().await.unwrap();
    app.stop().await;
}

/// An arbiter's day: a player finds the next game from "my games" and sends a record, the
/// opponent sends a different one, the arbiter compares them from the queue and accepts one,
/// then corrects the final result, and the standings follow.
async fn arbiter_journey(lang: Lang) {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let Some((_driver, client)) = start_browser().await else {
        return;
    };
    let api = app.browser();
    let token = account_with_token(&app, "arbitro@example.ao", "Árbitro", "organiser");
    let (event, slug) = event_with_players(
        &api,
        &token,
        json!({"name": "Prémio de Luanda", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"],
    )
    .await;
    let round = pair_round(&api, &token, event).await;
    let board = &round["pairings"][0];
    let game = board["game_id"].as_i64().unwrap();
    let (first, second) = (&board["first"], &board["second"]);
    account_with_token(&app, "ana@example.ao", "Ana", "player");
    let opponent_token = account_with_token(&app, "op@example.ao", "Opponent", "player");
    link_account(
        &api,
        &token,
        event,
        first["id"].as_i64().unwrap(),
        "ana@example.ao",
    )
    .await;
    link_account(
        &api,
        &token,
        event,
        second["id"].as_i64().unwrap(),
        "op@example.ao",
    )
    .await;
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut j = Journey {
        client: &client,
        base: &app.base,
        lang,
        artifacts,
        shots: 100,
    };
    let code = lang.code();

    // The first player signs in and finds the game from "my games".
    j.open(&format!("/login?lang={code}")).await;
    j.fill("input[name=email]", "ana@example.ao").await;
    j.fill("input[name=password]", "a-long-password").await;
    j.press("login-submit").await;
    j.wait_for_path(|p| p != "/login" && !p.starts_with("/login?"))
        .await;
    j.open("/me").await;
    j.shot("my-games").await;
    j.client
        .find(Locator::Css(
            "main .next-game a.button:not([href$='/play'])",
        ))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let game_path = j
        .wait_for_path(|p| p.ends_with(&format!("/games/{game}")))
        .await;
    assert_eq!(game_path, format!("/events/{slug}/games/{game}"));
    let (mine, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        41,
    );
    j.fill("textarea[name=record]", &mine).await;
    j.press("game-submit").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !j.source().await.contains(&j.t("flash-result-pending")) {
        assert!(Instant::now() < deadline, "the record was not sent");
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    j.shot("record-sent").await;

    // The opponent sends another record of the game: the result is disputed.
    let (theirs, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        42,
    );
    let sent = api
        .api_text(
            &format!("/api/v1/games/{game}/record"),
            &opponent_token,
            &theirs,
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(sent.json()["status"], "disputed");

    // The arbiter opens the queue, compares the two records and accepts the first.
    j.client.delete_all_cookies().await.unwrap();
    j.open(&format!("/login?lang={code}")).await;
    j.fill("input[name=email]", "arbitro@example.ao").await;
    j.fill("input[name=password]", "a-long-password").await;
    j.press("login-submit").await;
    j.wait_for_path(|p| p != "/login" && !p.starts_with("/login?"))
        .await;
    j.open(&format!("/events/{slug}/queue")).await;
    j.shot("queue").await;
    j.client
        .find(Locator::Css("ul.queue a"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p.contains(&format!("/games/{game}")))
        .await;
    let desk = j.source().await;
    assert_eq!(
        desk.matches("<article").count(),
        2,
        "both records side by side"
    );
    let compared = api
        .api(
            "GET",
            &format!("/api/v1/games/{game}/submissions"),
            Some(&token),
            None,
        )
        .await
        .json();
    let ply = compared["first_difference"]["ply"].as_u64().unwrap();
    let parted = j
        .client
        .find(Locator::Css(".desk .notice-dispute"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let expected = lang.t_args("game-records-part", &[("ply", ply.to_string())]);
    assert!(parted.contains(&expected), "{parted}");
    j.shot("compare").await;
    j.press("game-accept-record").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !j.source().await.contains(&j.t("flash-result-final")) {
        assert!(Instant::now() < deadline, "the record was not accepted");
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    j.shot("accepted").await;
    let accepted = api
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    // A browser sends a textarea's lines ending in CR LF.
    let stood = accepted["record"].as_str().unwrap().replace("\r\n", "\n");
    assert_eq!(stood.trim(), mine.trim(), "the accepted record stands");
    let result = accepted["result"].as_str().unwrap().to_string();

    // The arbiter corrects the final result; the standings follow.
    let corrected = if result == "1-0" { "0-1" } else { "1-0" };
    let winner = if corrected == "1-0" { first } else { second };
    j.client
        .find(Locator::Css("form[action$='/correct'] select[name=result]"))
        .await
        .unwrap()
        .select_by_value(corrected)
        .await
        .unwrap();
    j.fill(
        "form[action$='/correct'] input[name=reason]",
        "scoresheet signed by both",
    )
    .await;
    j.press("game-correct").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !j.source().await.contains(&j.t("flash-result-corrected")) {
        assert!(Instant::now() < deadline, "the result was not corrected");
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    j.shot("corrected").await;
    j.open(&format!("/events/{slug}/standings")).await;
    let leader = j
        .client
        .find(Locator::Css("table tbody tr"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let winner = winner["name"].as_str().unwrap();
    assert!(
        leader.contains(winner),
        "{winner} leads after the correction: {leader}"
    );
    j.shot("standings-corrected").await;

    client.close().await.unwrap();
    app.stop().await;
}

/// A finished knockout, as a spectator sees it: the event page's podium leads to the final
/// ranking and the prize list.
async fn prize_journey(lang: Lang) {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let Some((_driver, client)) = start_browser().await else {
        return;
    };
    let api = app.browser();
    let token = account_with_token(&app, "premio@example.ao", "Prémio", "organiser");
    let (event, slug) = event_with_players(
        &api,
        &token,
        json!({"name": "Prémio Kiela", "format": "single_elimination", "third_place": true}),
        &["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"],
    )
    .await;
    // Carla and Domingos' entries say she is a woman and he was born in 2010.
    let listed = api
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players"),
            None,
            None,
        )
        .await
        .json();
    let id_of = |name: &str| {
        listed["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let carla = id_of("Carla Muxima");
    let patched = api
        .api(
            "PATCH",
            &format!("/api/v1/events/{event}/players/{carla}"),
            Some(&token),
            Some(json!({"sex": "F"})),
        )
        .await;
    assert_eq!(patched.status, 200, "{}", patched.body);
    let mut seed = 300;
    for _ in 0..2 {
        let round = pair_round(&api, &token, event).await;
        for p in round["pairings"].as_array().unwrap() {
            seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            let game = p["game_id"].as_i64().unwrap();
            let sent = api
                .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
                .await;
            assert_eq!(sent.status, 200, "{}", sent.body);
        }
    }
    let ranking = api
        .api(
            "GET",
            &format!("/api/v1/events/{event}/standings"),
            None,
            None,
        )
        .await
        .json();
    let champion = ranking["rows"][0]["name"].as_str().unwrap().to_string();
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut j = Journey {
        client: &client,
        base: &app.base,
        lang,
        artifacts,
        shots: 200,
    };
    // The organiser writes the prize fund on its form, once with a mistake.
    j.open(&format!("/login?lang={}", lang.code())).await;
    j.fill("input[name=email]", "premio@example.ao").await;
    j.fill("input[name=password]", "a-long-password").await;
    j.press("login-submit").await;
    j.wait_for_path(|p| !p.starts_with("/login")).await;
    j.open(&format!("/events/{slug}/manage")).await;
    j.client
        .find(Locator::LinkText(&j.t("prizes-title")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p.ends_with("/prizes/edit")).await;
    j.fill("input[name=currency]", "USD").await;
    j.fill("textarea[name=places]", "1500\n750\nTroféu").await;
    j.client
        .find(Locator::Css("select[name=cat0_sex]"))
        .await
        .unwrap()
        .select_by_value("F")
        .await
        .unwrap();
    j.fill("textarea[name=cat0_prizes]", "200").await;
    j.press("manage-save").await;
    j.wait_for_path(|p| p.ends_with("/prizes")).await;
    let refused = j
        .client
        .find(Locator::Css(".form-error"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        refused,
        j.t("error-category_invalid"),
        "a category without a name"
    );
    // Nothing typed was lost.
    let places = j
        .client
        .find(Locator::Css("textarea[name=places]"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default();
    assert_eq!(
        places.lines().collect::<Vec<_>>(),
        ["1500", "750", "Troféu"]
    );
    j.shot("fund-refused").await;
    j.fill("input[name=cat0_name]", &j.t("sex-F")).await;
    j.press("manage-save").await;
    j.wait_for_path(|p| p.ends_with("/prizes/edit")).await;
    let preview = j
        .client
        .find(Locator::Css("section table tbody"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        preview.contains(&champion) && preview.contains("1500") && preview.contains("Troféu"),
        "{preview}"
    );
    // The stored category is shown back under its name, a blank one after it.
    let legends = j
        .client
        .find_all(Locator::Css("fieldset.category legend"))
        .await
        .unwrap();
    assert_eq!(legends[0].text().await.unwrap(), j.t("sex-F"));
    assert_eq!(
        legends[1].text().await.unwrap(),
        j.t("prizes-fund-new-category")
    );
    j.shot("fund-saved").await;
    j.open(&format!("/events/{slug}?lang={}", lang.code()))
        .await;
    let podium = j
        .client
        .find(Locator::Css(".podium-list li"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(podium.contains(&champion), "{podium}");
    // The final, its winner first, and the prize winners open the page too.
    let final_match = j
        .client
        .find(Locator::Css(".final-match"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let winner_at = final_match.find(&champion).unwrap_or(usize::MAX);
    let runner_up = ranking["rows"][1]["name"].as_str().unwrap();
    assert!(
        winner_at < final_match.find(runner_up).unwrap_or(0),
        "{final_match}"
    );
    let first_prize = j
        .client
        .find(Locator::Css(".prize-winners li"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        first_prize.contains(&champion) && first_prize.replace('\u{a0}', " ").contains("1500 USD"),
        "{first_prize}"
    );
    j.shot("podium").await;
    j.client
        .find(Locator::LinkText(&j.t("prizes-title")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    j.wait_for_path(|p| p.ends_with("/prizes")).await;
    let first = j
        .client
        .find(Locator::Css("table tbody tr"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        first.contains(&champion) && first.ends_with(" 1500"),
        "{first}"
    );
    j.shot("prizes").await;
    client.close().await.unwrap();
    app.stop().await;
}

/// A visitor looks a player up by a name spelt another way, opens the player's page and reads
/// the rating history drawn there, on a phone.
async fn registry_journey(lang: Lang) {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let Some((_driver, client)) = start_browser().await else {
        return;
    };
    let api = app.browser();
    let token = account_with_token(&app, "fed-org@example.ao", "Organização", "organiser");
    let admin = account_with_token(&app, "fed@example.ao", "Federação", "admin");
    let (event, _) = event_with_players(
        &api,
        &token,
        json!({"name": "Taça do Cuanza", "rounds": 1, "rated": true,
               "starts_on": "2026-06-06", "ends_on": "2026-06-07"}),
        &[
            "Kiluanji Ukuma",
            "Bento Lunda",
            "Carla Muxima",
            "Domingos Neto",
        ],
    )
    .await;
    let round = pair_round(&api, &token, event).await;
    for p in round["pairings"].as_array().unwrap() {
        let decided = api
            .api(
                "POST",
                &format!("/api/v1/games/{}/decision", p["game_id"]),
                Some(&token),
                Some(json!({"result": "1-0", "reason": "adjudicated"})),
            )
            .await;
        assert_eq!(decided.status, 200, "{}", decided.body);
    }
    let rated = api
        .api(
            "POST",
            &format!("/api/v1/events/{event}/rating"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(rated.status, 200, "{}", rated.body);
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut j = Journey {
        client: &client,
        base: &app.base,
        lang,
        artifacts,
        shots: 300,
    };
    j.open(&format!("/players?lang={}", lang.code())).await;
    j.fill("input[name=q]", "quiluangi ucuma").await;
    j.press("registry-search-button").await;
    j.wait_for_path(|p| p.starts_with("/players?q=")).await;
    j.shot("registry-search").await;
    j.client
        .find(Locator::LinkText("Kiluanji Ukuma"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let path = j.wait_for_path(|p| p.starts_with("/players/K")).await;
    let page = j.source().await;
    assert!(page.contains("rating-history"), "{page}");
    assert!(page.contains(&j.t("registry-rating-history")), "{page}");
    assert!(page.contains("Taça do Cuanza") && page.contains("2026-06"));
    // The history is drawn inside the phone's width.
    let width = j
        .client
        .execute(
            "return document.querySelector('svg.rating-history').getBoundingClientRect().right \
             <= document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(width, json!(true), "{path}");
    j.shot("registry-player").await;
    client.close().await.unwrap();
    app.stop().await;
}

#[actix_rt::test]
async fn registry_journey_in_portuguese() {
    registry_journey(Lang::Pt).await;
}

#[actix_rt::test]
async fn registry_journey_in_french() {
    registry_journey(Lang::Fr).await;
}

#[actix_rt::test]
async fn prize_journey_in_portuguese() {
    prize_journey(Lang::Pt).await;
}

#[actix_rt::test]
async fn arbiter_journey_in_english() {
    arbiter_journey(Lang::En).await;
}

#[actix_rt::test]
async fn arbiter_journey_in_portuguese() {
    arbiter_journey(Lang::Pt).await;
}

#[actix_rt::test]
async fn journey_in_english() {
    journey(Lang::En).await;
}

#[actix_rt::test]
async fn journey_in_portuguese() {
    journey(Lang::Pt).await;
}

/// Plays every open game of the event's current rounds until nothing is left to pair.
pub(crate) async fn play_out(
    api: &crate::harness::Browser<'_>,
    token: &str,
    event: i64,
    mut seed: u64,
) {
    for _ in 0..12 {
        let paired = api
            .api(
                "POST",
                &format!("/api/v1/events/{event}/rounds"),
                Some(token),
                None,
            )
            .await;
        if paired.status != 201 {
            break;
        }
        let number = paired.json()["round"].as_i64().unwrap();
        for _ in 0..4 {
            let shown = api
                .api(
                    "GET",
                    &format!("/api/v1/events/{event}/rounds/{number}"),
                    None,
                    None,
                )
                .await
                .json();
            let open: Vec<i64> = shown["pairings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["status"] != "final" && !p["second"].is_null())
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
                api.api_text(&format!("/api/v1/games/{game}/record"), token, &record)
                    .await;
            }
        }
    }
}

/// The moves of the shortest of some random finished games (advanced variant, South first).
fn a_short_game() -> Vec<String> {
    (1..300)
        .map(|seed| {
            let (text, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            kiela::rules::parse_record(&text)
                .unwrap()
                .moves
                .iter()
                .map(kiela::rules::PlyToken::text)
                .collect::<Vec<_>>()
        })
        .filter(|moves| moves.len() >= 8)
        .min_by_key(Vec::len)
        .unwrap()
}

/// The ply a live board shows (`data-ply` of the board's form), once the page has one.
async fn board_ply(client: &Client) -> Option<i64> {
    let form = client.find(Locator::Css("#live-board")).await.ok()?;
    form.attr("data-ply").await.ok()??.parse().ok()
}

/// Waits until the window's board shows `ply`.
async fn wait_for_ply(client: &Client, ply: i64) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while board_ply(client).await != Some(ply) {
        assert!(
            Instant::now() < deadline,
            "the board never showed ply {ply} (shows {:?})",
            board_ply(client).await
        );
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Two players play a short game on a phone-sized window in Portuguese, each on their own
/// personal link, with taps only: no page is loaded between moves (a mark set in each window
/// survives every move), the other phone follows each move, and a spectator's round page
/// follows the game to its end, which is final at once.
#[actix_rt::test]
async fn a_game_played_live_on_two_phones() {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let Some((_driver, client)) = start_browser().await else {
        return;
    };
    let api = app.browser();
    let token = account_with_token(&app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &api,
        &token,
        json!({"name": "Final ao vivo", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"],
    )
    .await;
    let round = pair_round(&api, &token, event).await;
    let board = &round["pairings"][0];
    let game = board["game_id"].as_i64().unwrap();
    let link = |player: &serde_json::Value| {
        let api = &api;
        let token = &token;
        let id = player["id"].as_i64().unwrap();
        async move { crate::harness::personal_path(api, token, event, id).await }
    };
    let (south, north) = (link(&board["first"]).await, link(&board["second"]).await);
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut j = Journey {
        client: &client,
        base: &app.base,
        lang: Lang::Pt,
        artifacts,
        shots: 200,
    };

    // Three windows: each player's phone, and a spectator following the round.
    j.open(&format!("/events/{slug}/rounds/1/live?lang=pt"))
        .await;
    let spectator = client.window().await.unwrap();
    let mut phones = Vec::new();
    for path in [&south, &north] {
        let opened = client.new_window(true).await.unwrap();
        client
            .switch_to_window(opened.handle.clone())
            .await
            .unwrap();
        j.open(&format!("{path}/games/{game}/play?lang=pt")).await;
        wait_for_ply(&client, 0).await;
        client
            .execute("window.kielaMark = 'no page load'; return null;", vec![])
            .await
            .unwrap();
        phones.push(opened.handle);
    }
    j.shot("live-board").await;

    let moves = a_short_game();
    for (i, mv) in moves.iter().enumerate() {
        if i == 3 || i == 4 {
            // Entered on the first phone while its connection was down (below).
            continue;
        }
        if i == 2 {
            // The venue's Wi-Fi drops on the first phone, which is passed across the board:
            // plies 3 to 5 are tapped there, kept, and sent in order when it is back.
            client.switch_to_window(phones[0].clone()).await.unwrap();
            wait_for_ply(&client, 2).await;
            client
                .execute(
                    "window.kielaFetch = window.fetch; \
                     window.fetch = function () { return Promise.reject(new Error('down')); }; \
                     return null;",
                    vec![],
                )
                .await
                .unwrap();
            for (ply, mv) in moves.iter().enumerate().skip(2).take(3) {
                let hole = client
                    .find(Locator::Css(&format!(
                        "#live-board button[name=play][value='{mv}']"
                    )))
                    .await
                    .unwrap_or_else(|e| panic!("offline ply {}: no button for {mv}: {e}", ply + 1));
                hole.click().await.unwrap();
            }
            let kept = client
                .execute(
                    "return JSON.parse(localStorage.getItem('kiela-moves:' + \
                     document.getElementById('live-board').getAttribute('data-base'))).length;",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(kept, json!(3), "three moves kept on the phone");
            j.shot("live-offline").await;
            assert_eq!(
                board_ply(&client).await,
                Some(2),
                "nothing reached the server"
            );
            client
                .execute(
                    "window.fetch = window.kielaFetch; \
                     window.dispatchEvent(new Event('online')); return null;",
                    vec![],
                )
                .await
                .unwrap();
            wait_for_ply(&client, 5).await;
            continue;
        }
        let phone = &phones[i % 2];
        client.switch_to_window(phone.clone()).await.unwrap();
        wait_for_ply(&client, i as i64).await;
        let hole = client
            .find(Locator::Css(&format!(
                "#live-board button[name=play][value='{mv}']"
            )))
            .await
            .unwrap_or_else(|e| panic!("ply {}: no button for {mv}: {e}", i + 1));
        hole.click().await.unwrap();
        wait_for_ply(&client, i as i64 + 1).await;
        if i == 1 {
            j.shot("live-after-two-moves").await;
        }
    }
    for phone in &phones {
        client.switch_to_window(phone.clone()).await.unwrap();
        wait_for_ply(&client, moves.len() as i64).await;
        let mark = client
            .execute("return window.kielaMark || null;", vec![])
            .await
            .unwrap();
        assert_eq!(mark, json!("no page load"), "a move loaded a page");
    }
    j.shot("live-over").await;

    // The spectator's page followed the game to its end.
    client.switch_to_window(spectator).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    let wanted = format!("{}", moves.len());
    loop {
        let ply = client
            .find(Locator::Css(&format!(
                "section[data-game='{game}'] .live-ply"
            )))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        if ply
            .split(|c: char| !c.is_ascii_digit())
            .any(|n| n == wanted)
        {
            break;
        }
        assert!(Instant::now() < deadline, "the spectator saw {ply}");
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
    j.shot("live-spectator").await;
    let shown = api
        .send(crate::harness::Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    // North's fourth ply was tapped on South's phone while it was offline: North did not
    // enter every move of their own, so the record waits for North, who confirms it on their
    // own game page (where the dispute is offered too).
    assert_eq!(
        shown["status"], "pending",
        "a ply of North's was entered on South's phone"
    );
    client.switch_to_window(phones[1].clone()).await.unwrap();
    j.open(&format!("{north}/games/{game}?lang=pt")).await;
    assert!(
        client
            .find(Locator::Css("form[action$='/dispute'] button"))
            .await
            .is_ok(),
        "North may dispute the record"
    );
    j.shot("live-confirm").await;
    client
        .find(Locator::Css("form[action$='/confirm'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let shown = api
            .send(crate::harness::Req::get(format!("/api/v1/games/{game}")))
            .await
            .expect(200)
            .json();
        if shown["status"] == "final" {
            break;
        }
        assert!(Instant::now() < deadline, "still {}", shown["status"]);
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
    client.close().await.unwrap();
    app.stop().await;
}
