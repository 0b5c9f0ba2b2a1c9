//! Every page type and download (`site_pages.rs`), read in Portuguese and in French by the
//! public, a player and the organiser: no English sentence may be left in them. The text a
//! person reads (the page's words and the attributes a screen reader or a tooltip says) is
//! searched for common English words; what people typed (names, the organiser's reasons) is
//! Portuguese here, so anything English comes from the program.

use crate::both_backends;
use crate::harness::TestApp;
use crate::site_pages::{PageType, Reader, STAFF_EMAIL, SitePages, every_page_type};

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
    let mut out = Vec::new();
    // Within one block (a cell, an item, a paragraph): a cell's "1" beside the next heading
    // is no count.
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            let noun = pair[1]
                .trim_end_matches(|c: char| !c.is_alphabetic())
                .to_lowercase();
            if pair[0].trim_start_matches('(') == "1" && COUNTED.contains(&noun.as_str()) {
                out.push(format!("“{} {}”", pair[0], pair[1]));
            }
        }
    }
    out
}

/// The elements that start a block of text of their own.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "li",
    "td",
    "th",
    "tr",
    "dt",
    "dd",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "article",
    "header",
    "footer",
    "nav",
    "main",
    "label",
    "option",
    "caption",
    "figcaption",
    "summary",
    "legend",
];

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
                // A block starts a new line: what stands in two cells or items is not one
                // phrase.
                if BLOCKS.contains(&element.name()) {
                    text.push('\n');
                }
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

async fn no_english_on_any_page(app: &TestApp) {
    let SitePages { pages, downloads } = every_page_type(app).await;
    let organiser = app.browser();
    organiser.log_in(STAFF_EMAIL, "a-long-password").await;
    let mut found = Vec::new();
    for lang in ["pt", "fr"] {
        let public = app.browser();
        // The public's pages read by someone without an account and by the organiser (who
        // sees more of them), the staff's pages by the organiser.
        for (who, client, readers) in [
            ("public", &public, &[Reader::Anyone][..]),
            (
                "organiser",
                &organiser,
                &[Reader::Anyone, Reader::Staff][..],
            ),
        ] {
            for PageType { path, status, .. } in
                pages.iter().filter(|p| readers.contains(&p.reader))
            {
                let sep = if path.contains('?') { '&' } else { '?' };
                let page = client.get(&format!("{path}{sep}lang={lang}")).await;
                // Each page is the page asked for: a renamed route's 404 would read as no
                // English at all.
                assert_eq!(page.status, *status, "{path}");
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
    // Inline markup is one phrase, two cells are not.
    let cells =
        readable_text("<p><b>1</b> pontos</p><table><tr><td>1</td><td>Partidas</td></tr></table>");
    assert_eq!(plurals_after_one(&cells), ["“1 pontos”"]);
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
