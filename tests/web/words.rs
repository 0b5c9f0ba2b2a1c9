//! Every page and download of a played-out event, read in Portuguese and in French by the
//! public, a player and the organiser: no English sentence may be left in them. The text a
//! person reads (the page's words and the attributes a screen reader or a tooltip says) is
//! searched for common English words; what people typed (names, the organiser's reasons) is
//! Portuguese here, so anything English comes from the program.

use serde_json::json;

use crate::both_backends;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, add_player, finished_record, link_account,
    pair_round, personal_path,
};

/// Words that are English and neither Portuguese nor French (nor a name or code used here).
/// Words the three languages share (final, club, page, place, points, second, zero …) are left
/// out.
const ENGLISH: &[&str] = &[
    "the",
    "and",
    "with",
    "by",
    "round",
    "rounds",
    "game",
    "games",
    "player",
    "players",
    "after",
    "before",
    "board",
    "boards",
    "arbiter",
    "confirmed",
    "first",
    "move",
    "moves",
    "ply",
    "plies",
    "stones",
    "stone",
    "hole",
    "holes",
    "empty",
    "wins",
    "draw",
    "is",
    "are",
    "of",
    "to",
    "has",
    "was",
    "your",
    "you",
    "this",
    "that",
    "from",
    "at",
    "not",
    "standings",
    "pairing",
    "pairings",
    "submit",
    "yes",
    "back",
    "next",
    "previous",
    "sign",
    "log",
    "account",
    "password",
    "name",
    "rating",
    "status",
    "results",
    "result",
    "winner",
    "bye",
    "forfeit",
    "withdrawn",
    "pending",
    "disputed",
    "scheduled",
    "draft",
    "published",
    "half",
    "event",
    "events",
    "organiser",
    "staff",
    "settings",
    "save",
    "home",
    "tournament",
    "crosstable",
    "bracket",
    "prizes",
    "prize",
    "women",
    "category",
    "unrated",
    "error",
    "conflict",
    "south",
    "north",
    "won",
    "lost",
    "none",
    "every",
    "all",
    "here",
    "there",
    "when",
    "who",
    "what",
    "which",
    "where",
    "why",
    "how",
];

/// French puts a no-break space before a colon: the places in `text` where a word runs
/// straight into one (`Résultat:`), not counting times and addresses (`14:30`, `http:`).
fn french_colons_missing_space(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == ':'
            && i > 0
            && chars[i - 1].is_alphabetic()
            && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
        {
            let from = i.saturating_sub(20);
            out.push(chars[from..=i].iter().collect());
        }
    }
    out
}

/// French also puts one before a colon after a number (`Ronde 5 :`, `Table 1 :`).
fn french_colons_after_numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == ':'
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
        {
            let from = i.saturating_sub(20);
            out.push(chars[from..=i].iter().collect());
        }
    }
    out
}

/// Numbers and dates written as a program writes them where a Portuguese or French reader
/// writes them otherwise: a decimal point between digits (`1.5`, `150000.50`), an ISO date
/// (`2026-12-05`). Codes and addresses (`C.04.3`, `127.0.0.1:8080`) are no such numbers.
fn program_numbers_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        if token.chars().any(char::is_alphabetic) {
            continue;
        }
        let bare = token.trim_matches(|c: char| !c.is_ascii_digit() && c != '-');
        let bare = bare.trim_start_matches('-');
        let decimal = bare.split_once('.').is_some_and(|(whole, fraction)| {
            [whole, fraction]
                .iter()
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
        });
        if decimal {
            out.push(format!("decimal point in “{token}”"));
        }
        let parts: Vec<&str> = bare.splitn(4, '-').collect();
        let iso = parts.len() >= 3
            && [4, 2, 2].iter().zip(&parts).all(|(len, part)| {
                part.get(..*len)
                    .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
            })
            && parts[0].len() == 4
            && parts[1].len() == 2;
        if iso {
            out.push(format!("ISO date in “{token}”"));
        }
    }
    out
}

/// Nouns that take a plural after any count but one, in Portuguese and French.
const COUNTED: &[&str] = &[
    "pontos",
    "pedras",
    "jogadas",
    "partidas",
    "rondas",
    "jogadores",
    "mesas",
    "casas",
    "lances",
    "resultados",
    "registos",
    "torneios",
    "points",
    "pierres",
    "coups",
    "parties",
    "rondes",
    "joueurs",
    "tables",
    "trous",
    "tournois",
    "résultats",
    "feuilles",
];

/// A count of one followed by a plural noun (`1 pontos`, `1 pierres`): a message without a
/// plural rule.
fn plurals_after_one(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        let noun = pair[1]
            .trim_end_matches(|c: char| !c.is_alphabetic())
            .to_lowercase();
        if pair[0].trim_start_matches('(') == "1" && COUNTED.contains(&noun.as_str()) {
            out.push(format!("“{} {}”", pair[0], pair[1]));
        }
    }
    out
}

/// The text of a page a person reads: its words outside scripts, styles and records, and the
/// attributes read aloud or shown on hover, from the page parsed as a browser parses it.
fn readable_text(html: &str) -> String {
    let page = scraper::Html::parse_document(html);
    let mut text = String::new();
    let skipped = ["script", "style", "pre", "code", "textarea", "kbd"];
    for node in page.tree.nodes() {
        match node.value() {
            scraper::Node::Text(words) => {
                let hidden = node.ancestors().any(|a| {
                    a.value()
                        .as_element()
                        .is_some_and(|e| skipped.contains(&e.name()))
                });
                if !hidden {
                    text.push_str(words);
                    text.push(' ');
                }
            }
            scraper::Node::Element(element) => {
                let mut read = vec!["title", "aria-label", "placeholder", "alt", "data-confirm"];
                if element.attr("name") == Some("description") {
                    read.push("content");
                }
                for attribute in read {
                    if let Some(value) = element.attr(attribute) {
                        text.push_str(value);
                        text.push(' ');
                    }
                }
            }
            _ => {}
        }
    }
    text
}

/// English words found in `text`, each with a little of what surrounds it.
fn english_in(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphabetic() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let mut found = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let lower = word.to_lowercase();
        // Codes (WON, ARO, BH) are the same in every language.
        let code = word.chars().count() > 1 && word.chars().all(char::is_uppercase);
        if !code && ENGLISH.contains(&lower.as_str()) {
            let from = i.saturating_sub(4);
            let to = (i + 5).min(words.len());
            found.push(format!("{word:?} in “{}”", words[from..to].join(" ")));
        }
    }
    found
}

/// A Swiss event in Portuguese words: a requested bye, a refused record, a dispute decided by
/// the arbiter with a reason, a withdrawal; and a knockout with prizes played to its end.
async fn played_events(client: &Browser<'_>, token: &str) -> Played {
    let event = client
        .send(Req::post("/api/v1/events").bearer(token).json(json!({
            "name": "Taça do Bengo", "format": "swiss", "rounds": 3, "location": "Caxito",
            "starts_on": "2026-12-05", "ends_on": "2026-12-06"
        })))
        .await
        .expect(201)
        .json();
    let id = event["id"].as_i64().unwrap();
    let slug = event["slug"].as_str().unwrap().to_string();
    let names = [
        "Ana Kiala",
        "Bento Lunda",
        "Carla Muxima",
        "Domingos Neto",
        "Eva Quissama",
        "Fausto Ribeiro",
    ];
    let mut players = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let rating = 1900 - 25 * i as i64;
        players.push(add_player(client, token, id, json!({"name": name, "rating": rating})).await);
    }
    client
        .send(
            Req::post(format!("/api/v1/events/{id}/players/{}/byes", players[5]))
                .bearer(token)
                .json(json!({"round": 2, "points": "half"})),
        )
        .await
        .expect(200);
    let mut seed = 700;
    let mut some_game = 0;
    for round in 1..=2 {
        let pairings = pair_round(client, token, id).await["pairings"]
            .as_array()
            .unwrap()
            .clone();
        for (n, p) in pairings
            .iter()
            .filter(|p| p["status"] != "final")
            .enumerate()
        {
            let game = p["game_id"].as_i64().unwrap();
            some_game = game;
            if round == 1 && n == 0 {
                // A refused record, then a decision with the arbiter's reason.
                client
                    .send(
                        Req::post(format!("/api/v1/games/{game}/record"))
                            .bearer(token)
                            .text("[Variant \"advanced\"]\n\nb2 *"),
                    )
                    .await
                    .expect(422);
                client
                    .send(
                        Req::post(format!("/api/v1/games/{game}/decision"))
                            .bearer(token)
                            .json(json!({"result": "+-", "reason": "ausente no início"})),
                    )
                    .await
                    .expect(200);
                continue;
            }
            seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            client
                .send(
                    Req::post(format!("/api/v1/games/{game}/record"))
                        .bearer(token)
                        .text(&record),
                )
                .await
                .expect(200);
        }
        if round == 1 {
            client
                .send(
                    Req::post(format!(
                        "/api/v1/events/{id}/players/{}/withdraw",
                        players[4]
                    ))
                    .bearer(token),
                )
                .await
                .expect(200);
        }
    }
    // Round 3 is paired and not played: its boards can still be entered.
    let open = pair_round(client, token, id).await["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !p["second"].is_null())
        .map(|p| {
            (
                p["game_id"].as_i64().unwrap(),
                p["first"]["id"].as_i64().unwrap(),
            )
        })
        .unwrap();
    // A knockout for the bracket, the podium and the prize list.
    let knockout = client
        .send(Req::post("/api/v1/events").bearer(token).json(json!({
            "name": "Prémio do Bengo", "format": "single_elimination", "third_place": true
        })))
        .await
        .expect(201)
        .json();
    let ko = knockout["id"].as_i64().unwrap();
    let ko_slug = knockout["slug"].as_str().unwrap().to_string();
    for (i, name) in names[..4].iter().enumerate() {
        let rating = 1800 - 10 * i as i64;
        add_player(client, token, ko, json!({"name": name, "rating": rating})).await;
    }
    client
        .send(
            Req::put(format!("/api/v1/events/{ko}/prizes"))
                .bearer(token)
                .json(json!({"places": [150000.5, 75000, "Troféu"],
                    "categories": [{"name": "Senhoras", "rule": {"sex": "F"}, "prizes": [20000]}]})),
        )
        .await
        .expect(200);
    for _ in 0..2 {
        let round = pair_round(client, token, ko).await;
        for p in round["pairings"].as_array().unwrap() {
            seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
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
    Played {
        slug,
        id,
        ko_slug,
        game: some_game,
        ana: players[0],
        open_game: open.0,
        open_player: open.1,
    }
}

/// What the played events give the pages to visit.
struct Played {
    slug: String,
    id: i64,
    ko_slug: String,
    /// A final game, and a game still to play with one of its players.
    game: i64,
    ana: i64,
    open_game: i64,
    open_player: i64,
}

async fn no_english_on_any_page(app: &TestApp) {
    let api = app.browser();
    let token = account_with_token(app, "org@example.ao", "Organização", "organiser");
    let Played {
        slug,
        id,
        ko_slug,
        game,
        ana,
        open_game,
        open_player,
    } = played_events(&api, &token).await;
    let playing = personal_path(&api, &token, id, open_player).await;
    account_with_token(app, "ana@example.ao", "Ana Kiala", "player");
    link_account(&api, &token, id, ana, "ana@example.ao").await;
    let personal = personal_path(&api, &token, id, ana).await;
    let public_pages = [
        "/".to_string(),
        "/events".to_string(),
        "/login".to_string(),
        "/signup".to_string(),
        format!("/events/{slug}"),
        format!("/events/{slug}/standings"),
        format!("/events/{slug}/rounds/1"),
        format!("/events/{slug}/rounds/2"),
        format!("/events/{slug}/rounds/2/why"),
        format!("/events/{slug}/rounds/1/scoresheets"),
        format!("/events/{slug}/games/{game}"),
        format!("/events/{slug}/players"),
        format!("/events/{slug}/players/{ana}"),
        format!("/events/{slug}/crosstable"),
        format!("/events/{ko_slug}"),
        format!("/events/{ko_slug}/bracket"),
        format!("/events/{ko_slug}/standings"),
        format!("/events/{ko_slug}/prizes"),
        personal.clone(),
        format!("{playing}/games/{open_game}"),
        format!("{playing}/games/{open_game}/board?moves=a1"),
        "/events/no-such-event".to_string(),
        "/ratings".to_string(),
        "/players".to_string(),
        "/practice".to_string(),
        format!("/events/{slug}/rating"),
    ];
    let organiser_pages = [
        format!("/events/{slug}/manage"),
        format!("/events/{slug}/audit"),
        format!("/events/{slug}/queue"),
        format!("/events/{slug}/slips"),
        format!("/events/{slug}/rounds/2/sheet"),
        format!("/events/{slug}/games/{open_game}/board"),
        format!("/events/{slug}/games/{open_game}"),
        format!("/events/{ko_slug}/prizes/edit"),
        "/events/new".to_string(),
        "/events/import".to_string(),
        "/events/import-archive".to_string(),
        "/circuits/new".to_string(),
        "/account".to_string(),
        "/me".to_string(),
    ];
    let downloads = [
        format!("/events/{slug}/standings.csv"),
        format!("/events/{ko_slug}/prizes.csv"),
        format!("/events/{slug}/calendar.ics"),
        "/ratings.csv".to_string(),
    ];
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let mut found = Vec::new();
    for lang in ["pt", "fr"] {
        let public = app.browser();
        for (who, client, paths) in [
            ("public", &public, &public_pages[..]),
            ("organiser", &organiser, &organiser_pages[..]),
        ] {
            for path in paths {
                let sep = if path.contains('?') { '&' } else { '?' };
                let page = client.get(&format!("{path}{sep}lang={lang}")).await;
                // Each page is the page asked for: a renamed route's 404 would read as no
                // English at all.
                let expected = if path.ends_with("/no-such-event") {
                    404
                } else {
                    200
                };
                assert_eq!(page.status, expected, "{path}");
                let text = readable_text(&page.body);
                for word in english_in(&text) {
                    found.push(format!("{lang} {who} {path}: {word}"));
                }
                for number in program_numbers_in(&text) {
                    found.push(format!("{lang} {who} {path}: {number}"));
                }
                for plural in plurals_after_one(&text) {
                    found.push(format!("{lang} {who} {path}: no plural rule in {plural}"));
                }
                if lang == "fr" {
                    for at in french_colons_missing_space(&text)
                        .into_iter()
                        .chain(french_colons_after_numbers(&text))
                    {
                        found.push(format!(
                            "fr {who} {path}: no space before the colon in “{at}”"
                        ));
                    }
                }
            }
        }
        for path in &downloads {
            let file = public.get(&format!("{path}?lang={lang}")).await;
            assert_eq!(file.status, 200, "{path}");
            // The calendar's product id names the program for machines, its ids and
            // addresses are no words.
            let text: Vec<&str> = file
                .body
                .lines()
                .filter(|l| !["PRODID:", "UID:", "URL:"].iter().any(|m| l.starts_with(m)))
                .collect();
            for word in english_in(&text.join("\n")) {
                found.push(format!("{lang} {path}: {word}"));
            }
            // A download meant for people: its numbers as the reader's spreadsheet reads
            // them (the calendar's dates are iCalendar's own).
            if !path.contains("calendar") {
                for number in program_numbers_in(&text.join("\n")) {
                    found.push(format!("{lang} {path}: {number}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "English left:\n{}", found.join("\n"));
}

#[test]
fn the_detectors_find_program_numbers_plurals_and_colons() {
    let found = program_numbers_in("Pontos 1.5, prémio (150000.50 AOA) em 2026-12-05 às 14:30");
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(
        program_numbers_in("1,5 pontos em 05/12/2026, v2, 12-05, C.04.3, 127.0.0.1:80, 1.500,50")
            .is_empty()
    );
    assert_eq!(plurals_after_one("grupo de 1 pontos e 2 pedras").len(), 1);
    assert!(plurals_after_one("1 ponto, 2 pontos, 11 pontos").is_empty());
    assert_eq!(
        french_colons_after_numbers("Ronde 5: Ana, à 14:30 et Table 1 : x").len(),
        1
    );
}

#[test]
fn the_detector_finds_english_and_leaves_the_rest() {
    let html = "<p title=\"Back to the list\">Ronda 1 — <b>Ana Kiala</b></p><pre>the record</pre>";
    let found = english_in(&readable_text(html));
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(english_in(&readable_text("<p>Partida final: 12 pontos</p>")).is_empty());
}

both_backends!(no_english_on_any_page);
