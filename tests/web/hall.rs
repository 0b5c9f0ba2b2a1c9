//! The hall over a real network: `kiela serve --hall` on a "laptop" and a "phone", each in a
//! network namespace of its own, joined by a veth pair named as a Wi-Fi card is (`wlan0`, the
//! hall's network). Each namespace has a second link to the test (`veth0`, which hall mode must
//! never choose) for driving it: the API on the laptop, ChromeDriver on the phone. The phone's
//! Wi-Fi is cut for real (the link taken down) while a move is entered.

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use fantoccini::{ClientBuilder, Locator};
use serde_json::json;

use crate::harness::{Browser, Req, event_with_players, pair_round, personal_path};
use crate::process::organiser_token;

static NEXT: AtomicU8 = AtomicU8::new(0);

/// Runs `ip` with `args`, which must succeed.
fn ip(args: &[&str]) {
    let out = Command::new("ip").args(args).output().expect("ip runs");
    assert!(
        out.status.success(),
        "ip {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The laptop and the phone, and the addresses of their links. Dropped, the namespaces go,
/// and with them every link and process address in them.
struct Hall {
    laptop: String,
    phone: String,
    /// The laptop's address on the hall's Wi-Fi.
    wifi: String,
    /// The laptop and the phone as the test reaches them.
    laptop_ctl: String,
    phone_ctl: String,
}

impl Hall {
    /// `None` (the test skipped) where network namespaces cannot be made, except under
    /// `CI=true`, where that fails the test.
    fn build() -> Option<Hall> {
        let n = 20 + (std::process::id() % 100) as u8 + NEXT.fetch_add(1, Ordering::SeqCst) * 100;
        let laptop = format!("kiela-laptop-{n}");
        let phone = format!("kiela-phone-{n}");
        // What an earlier run killed mid-way left under these names goes first.
        for name in [format!("kl{n}"), format!("kp{n}")] {
            let _ = Command::new("ip").args(["link", "del", &name]).output();
        }
        for ns in [&laptop, &phone] {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
        }
        if crate::harness::fast_tier() {
            return None;
        }
        let made = Command::new("ip").args(["netns", "add", &laptop]).output();
        if !made.is_ok_and(|o| o.status.success()) {
            assert!(
                !crate::harness::in_ci(),
                "CI=true but no network namespace can be made (root and iproute2 are needed)"
            );
            eprintln!("skipping the hall's network test: no network namespace can be made");
            return None;
        }
        let hall = Hall {
            laptop: laptop.clone(),
            phone: phone.clone(),
            wifi: format!("192.168.{n}.1"),
            laptop_ctl: format!("10.213.{n}.2"),
            phone_ctl: format!("10.213.{n}.6"),
        };
        ip(&["netns", "add", &phone]);
        for ns in [&laptop, &phone] {
            ip(&["-n", ns, "link", "set", "lo", "up"]);
        }
        // The hall's Wi-Fi.
        ip(&[
            "link", "add", "wlan0", "netns", &laptop, "type", "veth", "peer", "name", "wlan0",
            "netns", &phone,
        ]);
        ip(&[
            "-n",
            &laptop,
            "addr",
            "add",
            &format!("{}/24", hall.wifi),
            "dev",
            "wlan0",
        ]);
        ip(&[
            "-n",
            &phone,
            "addr",
            "add",
            &format!("192.168.{n}.2/24"),
            "dev",
            "wlan0",
        ]);
        // The test's own links, which the laptop must not take for the hall's.
        for (ns, root, subnet) in [
            (&laptop, format!("kl{n}"), 0),
            (&phone, format!("kp{n}"), 4),
        ] {
            ip(&[
                "link", "add", &root, "type", "veth", "peer", "name", "veth0", "netns", ns,
            ]);
            ip(&[
                "addr",
                "add",
                &format!("10.213.{n}.{}/30", subnet + 1),
                "dev",
                &root,
            ]);
            ip(&[
                "-n",
                ns,
                "addr",
                "add",
                &format!("10.213.{n}.{}/30", subnet + 2),
                "dev",
                "veth0",
            ]);
            ip(&["link", "set", &root, "up"]);
            ip(&["-n", ns, "link", "set", "veth0", "up"]);
            ip(&["-n", ns, "link", "set", "wlan0", "up"]);
        }
        Some(hall)
    }

    /// The phone's Wi-Fi goes (`false`) or comes back (`true`).
    fn phone_wifi(&self, up: bool) {
        ip(&[
            "-n",
            &self.phone,
            "link",
            "set",
            "wlan0",
            if up { "up" } else { "down" },
        ]);
    }

    /// `command` run inside namespace `ns`.
    fn inside(ns: &str, program: &str) -> Command {
        let mut command = Command::new("ip");
        command.args(["netns", "exec", ns, program]);
        command
    }
}

impl Drop for Hall {
    fn drop(&mut self) {
        for ns in [&self.laptop, &self.phone] {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
        }
    }
}

/// `kiela serve --hall` on the laptop; what it printed up to the address, and the process.
struct Laptop {
    child: Child,
    printed: String,
}

impl Laptop {
    fn start(hall: &Hall, database_url: &str, env: &[(&str, &str)]) -> Laptop {
        let mut command = Hall::inside(&hall.laptop, env!("CARGO_BIN_EXE_kiela"));
        command
            .args(["serve", "--hall", "--bind", "127.0.0.1:8080"])
            .env("KIELA_DATABASE_URL", database_url)
            .env("KIELA_LOG", "warn")
            .env("KIELA_PUBLIC_CACHE_MS", "0")
            .env("KIELA_WORKERS", "2")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .process_group(0);
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().unwrap();
        // What it prints up to the blank line after the address's code, read on a thread of
        // its own (the rest is drained there: the server must never block on a full pipe).
        let (tx, rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut printed = String::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("the laptop printed no address: {printed}"));
            let done = line.is_empty() && printed.contains('█');
            printed.push_str(&line);
            printed.push('\n');
            if done {
                break;
            }
        }
        Laptop { child, printed }
    }

    async fn wait_ready(base: &str) {
        let client = awc::Client::default();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(res) = client.get(format!("{base}/healthz")).send().await
                && res.status().is_success()
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the laptop's server did not start"
            );
            actix_rt::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Laptop {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The text a QR code drawn as SVG (`qrcode`'s renderer: rectangles `M x y h w v h H x V y`)
/// holds, read by a decoder from the picture, as a phone's camera would.
pub(crate) fn read_qr(svg: &str) -> String {
    let number = |name: &str| -> usize {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    let (w, h) = (number("width"), number("height"));
    let mut pixels = vec![255u8; w * h];
    let path = svg
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    for rect in path.split('M').filter(|r| !r.is_empty()) {
        let nums: Vec<usize> = rect
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let (left, top, width, height) = (nums[0], nums[1], nums[2], nums[3]);
        for y in top..top + height {
            for x in left..left + width {
                pixels[y * w + x] = 0;
            }
        }
    }
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| pixels[y * w + x]);
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one code in the picture");
    grids[0].decode().unwrap().1
}

/// ChromeDriver on the phone, stopped with its Chromium (its own process group) when dropped:
/// a process left in the namespace would keep it, and its links, alive.
struct PhoneDriver(Child);

impl Drop for PhoneDriver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).output();
        let _ = self.0.wait();
    }
}

/// ChromeDriver and its Chromium on the phone, driven over the test's link.
async fn phone_browser(hall: &Hall) -> Option<(PhoneDriver, fantoccini::Client)> {
    let chromium = std::path::Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        assert!(!crate::harness::in_ci(), "CI=true but Chromium is missing");
        return None;
    }
    let profile = std::env::temp_dir().join(format!("kiela-phone-{}", hall.phone));
    std::fs::create_dir_all(&profile).unwrap();
    let driver = PhoneDriver(
        Hall::inside(&hall.phone, "/usr/bin/chromedriver")
            .args(["--port=9515", "--allowed-ips=", "--allowed-origins=*"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap(),
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-dev-shm-usage",
                "--window-size=390,844", format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://{}:9515", hall.phone_ctl))
            .await
        {
            Ok(client) => return Some((driver, client)),
            Err(e) if Instant::now() > deadline => panic!("no WebDriver session on the phone: {e}"),
            Err(_) => actix_rt::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// What the phone's board shows as played (its `data-ply`), once it shows `ply`.
async fn phone_shows(client: &fantoccini::Client, ply: i64) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let shown = match client.find(Locator::Css("#live-board")).await {
            Ok(form) => form.attr("data-ply").await.ok().flatten(),
            Err(_) => None,
        };
        if shown.as_deref() == Some(ply.to_string().as_str()) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the phone never showed ply {ply} ({shown:?})"
        );
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The plies the server holds of `game`, as the API tells the organiser.
async fn server_plies(api: &Browser<'_>, token: &str, game: i64) -> usize {
    let shown = api
        .send(Req::get(format!("/api/v1/games/{game}")).bearer(token))
        .await
        .expect(200)
        .json();
    shown["moves"].as_array().map_or(0, Vec::len)
}

/// The phone's `wlan0` reaches the laptop in hall mode at the address it printed; every code
/// and link the laptop makes (the game's QR code, the personal link's `url`) is that address,
/// whatever host the request named; accounts sign in on the laptop only, unless the
/// organiser lets the staff work from the hall; and a move tapped on the phone while its
/// Wi-Fi is cut is kept there and reaches the game when the Wi-Fi is back.
#[actix_rt::test]
async fn the_hall_reaches_the_laptop_over_its_wifi() {
    let Some(hall) = Hall::build() else { return };
    let file = std::env::temp_dir().join(format!("kiela-{}.sqlite3", hall.laptop));
    let _ = std::fs::remove_file(&file);
    let database_url = format!("sqlite://{}", file.display());
    let token = organiser_token(&database_url, "org@example.ao");
    let laptop = Laptop::start(&hall, &database_url, &[]);
    let site = format!("http://{}:8080", hall.wifi);
    assert!(
        laptop.printed.contains(&format!("\n    {site}\n")),
        "the address phones open, printed: {}",
        laptop.printed
    );
    assert!(
        laptop.printed.contains('█'),
        "and drawn as a code: {}",
        laptop.printed
    );
    assert!(
        !laptop
            .printed
            .contains(&format!("http://{}", hall.laptop_ctl)),
        "a veth link is not the hall's: {}",
        laptop.printed
    );
    let ctl = format!("http://{}:8080", hall.laptop_ctl);
    Laptop::wait_ready(&ctl).await;
    let api = Browser::at(&ctl);
    let (event, slug) = event_with_players(
        &api,
        &token,
        json!({"name": "Torneio da sala", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"],
    )
    .await;
    let round = pair_round(&api, &token, event).await;
    let board = &round["pairings"][0];
    let game = board["game_id"].as_i64().unwrap();

    // Asked at another of the laptop's addresses, the codes and links are the hall's.
    let qr = api
        .get(&format!("/events/{slug}/games/{game}/qr.svg"))
        .await;
    assert_eq!(qr.status, 200);
    assert_eq!(
        read_qr(&qr.body),
        format!("{site}/events/{slug}/games/{game}/enter")
    );
    let south = personal_path(&api, &token, event, board["first"]["id"].as_i64().unwrap()).await;
    let link = api
        .send(
            Req::get(format!(
                "/api/v1/events/{event}/players/{}/link",
                board["first"]["id"]
            ))
            .bearer(&token),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(link["url"], format!("{site}{south}"));

    // Sign-in from the hall is refused, with the reason; on the laptop itself it is offered.
    let login = api.get("/login?lang=en").await;
    assert_eq!(login.status, 403);
    assert!(
        crate::harness::texts(&login.body, "[role=alert]")
            .contains(&kiela::web::i18n::Lang::En.t("hall-staff-laptop-only")),
        "{}",
        login.body
    );
    assert!(!login.body.contains("name=\"password\""));
    let refused = api
        .post_raw(
            "/login",
            &[("email", "org@example.ao"), ("password", "a-long-password")],
        )
        .await;
    assert_eq!(refused.status, 403);
    assert!(
        refused
            .set_cookies()
            .iter()
            .all(|c| !c.starts_with("kiela_session="))
    );
    let on_the_laptop = Hall::inside(&hall.laptop, "curl")
        .args(["-s", "http://127.0.0.1:8080/login"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&on_the_laptop.stdout).contains("name=\"password\""));

    // The phone opens South's personal link (its slip's code), then the board's scoresheet
    // code, which offers to go on as South; it plays South's moves over the Wi-Fi, North's phone
    // plays North's through North's link. Twice the Wi-Fi drops while South taps a move.
    let north = personal_path(&api, &token, event, board["second"]["id"].as_i64().unwrap()).await;
    let north_phone = Browser::at(&ctl);
    let entry = read_qr(&qr.body);
    let moves = crate::live::moves_of_a_game(40);
    if let Some((_driver, phone)) = phone_browser(&hall).await {
        phone.goto(&format!("{site}{south}?lang=pt")).await.unwrap();
        phone.goto(&entry).await.unwrap();
        phone
            .find(Locator::Css(&format!("a[href='{south}/games/{game}']")))
            .await
            .expect("the scoresheet's code offers South's game")
            .click()
            .await
            .unwrap();
        phone
            .goto(&format!("{site}{south}/games/{game}/play?lang=pt"))
            .await
            .unwrap();
        phone_shows(&phone, 0).await;
        for (i, mv) in moves.iter().enumerate() {
            let cut = i == 2 || i == 6;
            if i % 2 == 0 {
                if cut {
                    // The Wi-Fi drops: the move is kept on the phone and nothing reaches the
                    // server, which the test still reaches over its own link.
                    hall.phone_wifi(false);
                }
                phone
                    .find(Locator::Css(&format!(
                        "#live-board button[name=play][value='{mv}']"
                    )))
                    .await
                    .unwrap_or_else(|e| panic!("ply {}: no button for {mv}: {e}", i + 1))
                    .click()
                    .await
                    .unwrap();
                if cut {
                    wait_for_offline(&phone).await;
                    assert_eq!(
                        wait_for_kept(&phone).await,
                        1,
                        "the move waits on the phone"
                    );
                    assert_eq!(server_plies(&api, &token, game).await, i);
                    hall.phone_wifi(true);
                }
                wait_for_server(&api, &token, game, i + 1).await;
            } else {
                let sent = north_phone
                    .send(
                        Req::post(format!("{north}/games/{game}/moves"))
                            .json(json!({"ply": i + 1, "move": mv})),
                    )
                    .await;
                assert_eq!(sent.status, 200, "{}", sent.body);
            }
            if i + 1 < moves.len() {
                phone_shows(&phone, i as i64 + 1).await;
            }
        }
        let shown = api
            .send(Req::get(format!("/api/v1/games/{game}")).bearer(&token))
            .await
            .expect(200)
            .json();
        assert_eq!(shown["moves"], json!(moves), "every move once, in order");
        assert_eq!(
            shown["status"], "final",
            "both players entered their own moves"
        );
    }
    drop(laptop);

    // The organiser lets the staff work from the hall: sign-in from the phone's side works,
    // and the round's scoresheets name the address phones open, their codes the hall's.
    let laptop = Laptop::start(&hall, &database_url, &[("KIELA_HALL_STAFF", "hall")]);
    Laptop::wait_ready(&ctl).await;
    let staff = Browser::at(&ctl);
    let signed = staff.log_in("org@example.ao", "a-long-password").await;
    assert_eq!(signed.status, 303, "{}", signed.body);
    let sheets = staff
        .get(&format!("/events/{slug}/rounds/1/scoresheets"))
        .await;
    assert_eq!(sheets.status, 200);
    assert!(sheets.body.contains(&site), "the print view names {site}");
    assert!(!sheets.body.contains(&hall.laptop_ctl));
    drop(laptop);
    let _ = std::fs::remove_file(&file);
}

/// The moves the phone keeps, once it keeps some.
async fn wait_for_kept(phone: &fantoccini::Client) -> i64 {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let kept = phone
            .execute(
                "var b = document.getElementById('live-board'); if (!b) { return 0; } \
                 return JSON.parse(localStorage.getItem('kiela-moves:' + \
                 b.getAttribute('data-base')) || '[]').length;",
                vec![],
            )
            .await
            .unwrap()
            .as_i64()
            .unwrap_or(0);
        if kept > 0 {
            return kept;
        }
        assert!(Instant::now() < deadline, "the phone kept no move");
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the phone says its moves wait for the network (a send failed).
async fn wait_for_offline(phone: &fantoccini::Client) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let said = phone
            .execute(
                "var s = document.getElementById('live-status'); \
                 return s ? s.textContent.indexOf(s.getAttribute('data-offline')) === 0 : false;",
                vec![],
            )
            .await
            .unwrap();
        if said == json!(true) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the phone never said its move waits"
        );
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the server holds `plies` of `game`.
async fn wait_for_server(api: &Browser<'_>, token: &str, game: i64, plies: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while server_plies(api, token, game).await != plies {
        assert!(
            Instant::now() < deadline,
            "the server never held ply {plies}"
        );
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The QR codes drawn inline in a page (the slips, the join sheet), each read from its picture.
fn codes_in(page: &str) -> Vec<String> {
    page.split("<svg")
        .skip(1)
        .filter_map(|rest| rest.split("</svg>").next())
        .filter(|svg| svg.contains(" d=\""))
        .map(|svg| read_qr(&format!("<svg{svg}</svg>")))
        .collect()
}

/// Every page printed or shown for phones, on a server whose address phones cannot know (the
/// laptop itself, `127.0.0.1`, without hall mode or `base_url`): each says so, in the reader's
/// language, with the fix, and carries no code and no link of the loopback address; the codes'
/// image is 409. With an address set, every code on them reads that address.
async fn print_views(app: &crate::harness::TestApp, lang: kiela::web::i18n::Lang) -> Vec<String> {
    let client = app.browser();
    let token = crate::harness::account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Torneio impresso", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda"],
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    let board = &round["pairings"][0];
    let game = board["game_id"].as_i64().unwrap();
    let south = personal_path(
        &client,
        &token,
        event,
        board["first"]["id"].as_i64().unwrap(),
    )
    .await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let l = lang.code();
    let join = organiser
        .post_form(
            &format!("/events/{slug}/join?lang={l}"),
            &[("network", "Sala Kiela"), ("password", "palavra-passe")],
        )
        .await;
    let pages = [
        organiser
            .get(&format!("/events/{slug}/rounds/1/scoresheets?lang={l}"))
            .await,
        organiser
            .get(&format!("/events/{slug}/slips?lang={l}"))
            .await,
        organiser
            .get(&format!("/events/{slug}/join?lang={l}"))
            .await,
        join,
        organiser
            .get(&format!("/events/{slug}/manage?lang={l}"))
            .await,
        client.get(&format!("{south}/slip?lang={l}")).await,
    ];
    let mut codes = Vec::new();
    for page in pages {
        assert_eq!(page.status, 200, "{}", page.body);
        let main = crate::harness::page_main(&page.body);
        codes.extend(codes_in(&main));
        for img in crate::harness::attributes(&main, "img", "src") {
            let image = client.get(&img).await;
            if image.status == 200 {
                codes.push(read_qr(&image.body));
            } else {
                assert_eq!(image.status, 409, "{img}");
            }
        }
        codes.push(format!(
            "page:{}",
            crate::harness::texts(&main, "[role=alert]").join(" ")
        ));
        assert!(!main.contains("127.0.0.1"), "{main}");
    }
    let qr = client
        .get(&format!("/events/{slug}/games/{game}/qr.svg?lang={l}"))
        .await;
    codes.push(format!("qr:{}", qr.status));
    if qr.status == 409 {
        assert!(
            qr.body.contains(&lang.t("error-no_phone_address"))
                || qr.body.contains("no_phone_address")
        );
    } else {
        codes.push(read_qr(&qr.body));
    }
    codes
}

#[actix_rt::test]
async fn print_views_opened_on_the_laptop_point_nowhere_and_say_so() {
    use kiela::web::i18n::Lang;
    for lang in [Lang::Pt, Lang::En, Lang::Fr] {
        let app = crate::harness::TestApp::spawn(crate::harness::Backend::Sqlite)
            .await
            .unwrap();
        let seen = print_views(&app, lang).await;
        let warnings: Vec<&String> = seen.iter().filter(|s| s.starts_with("page:")).collect();
        assert_eq!(warnings.len(), 6);
        for warning in warnings {
            assert!(
                warning
                    .replace('\u{a0}', " ")
                    .contains(&lang.t("hall-no-address").replace('\u{a0}', " ")),
                "{lang:?}: {warning}"
            );
        }
        assert!(seen.contains(&"qr:409".to_string()));
        let codes: Vec<&String> = seen
            .iter()
            .filter(|s| !s.starts_with("page:") && !s.starts_with("qr:"))
            .collect();
        // The join sheet still joins the Wi-Fi; no code opens a page.
        assert_eq!(
            codes,
            ["WIFI:T:WPA;S:Sala Kiela;P:palavra-passe;;"],
            "codes of the loopback address"
        );
        app.stop().await;
    }
}

#[actix_rt::test]
async fn with_the_halls_address_every_code_reads_it() {
    let site = "http://192.168.40.1:8080";
    let app = crate::harness::TestApp::spawn_with(crate::harness::Backend::Sqlite, |c| {
        c.base_url = Some(site.to_string());
    })
    .await
    .unwrap();
    let seen = print_views(&app, kiela::web::i18n::Lang::Pt).await;
    assert!(
        seen.iter()
            .filter(|s| s.starts_with("page:"))
            .all(|s| s == "page:"),
        "{seen:?}"
    );
    let codes: Vec<&String> = seen
        .iter()
        .filter(|s| !s.starts_with("page:") && !s.starts_with("qr:"))
        .collect();
    // The scoresheet's code and the code image itself, a slip per player and the player's own,
    // the join sheet's Wi-Fi and site codes.
    assert!(codes.len() >= 6, "{codes:?}");
    for code in codes {
        assert!(
            code.starts_with(&format!("{site}/")) || code == site || code.starts_with("WIFI:"),
            "{code}"
        );
    }
    assert!(
        seen.contains(&"WIFI:T:WPA;S:Sala Kiela;P:palavra-passe;;".to_string()),
        "{seen:?}"
    );
    app.stop().await;
}
