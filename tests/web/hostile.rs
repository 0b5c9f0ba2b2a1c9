//! Hostile input at every door: every form and JSON endpoint of the route table, called by a
//! visitor allowed to use it, with malformed, wrongly typed, oversized and unicode-heavy
//! bodies, and every page with hostile query strings. Nothing answers 5xx; what is malformed
//! answers 4xx with a message.

use crate::authz::{ROLES, TABLE, World, fill, served_routes, world};
use crate::both_backends;
use crate::harness::{Resp, TestApp, extract_csrf};

/// Text no form expects: right-to-left marks, combining accents, zero-width joiners, emoji,
/// a NUL, and markup.
fn unicode_heavy() -> String {
    let mut s = String::new();
    for _ in 0..40 {
        s.push_str("\u{202e}Ą\u{0301}\u{0327}\u{200d}👩‍👩‍👧‍👦𝕂\u{fe0f}<b>\"'\u{0000}");
    }
    s
}

/// Every field name any form uses, so each payload reaches each form's fields.
const FIELDS: &[&str] = &[
    "name",
    "rating",
    "club",
    "province",
    "email",
    "missed_points",
    "round",
    "points",
    "present",
    "role",
    "game",
    "a",
    "b",
    "starts_at",
    "record",
    "reason",
    "result",
    "moves",
    "claim",
    "play",
    "trf",
    "csv",
    "label",
    "current",
    "password",
    "new_password",
    "format",
    "variant",
    "rounds",
    "games_per_match",
    "knockout_size",
    "tiebreaks",
    "points_win",
    "points_draw",
    "points_loss",
    "points_bye",
    "initial_colour",
    "starts_on",
    "ends_on",
    "location",
    "next",
];

fn form_payloads(csrf: &str) -> Vec<(&'static str, Vec<u8>, bool)> {
    let with = |value: &str| {
        let mut fields = vec![("csrf".to_string(), csrf.to_string())];
        fields.extend(FIELDS.iter().map(|f| (f.to_string(), value.to_string())));
        serde_urlencoded::to_string(fields).unwrap().into_bytes()
    };
    let mut invalid_utf8 = format!("csrf={csrf}&").into_bytes();
    invalid_utf8.extend_from_slice(b"name=%FF%FE%C0%AF&rating=%80&\xff\xfe=1");
    let mut repeated = format!("csrf={csrf}").into_bytes();
    for _ in 0..2000 {
        repeated.extend_from_slice(b"&name=x&round=1");
    }
    // (what, body, must be refused with 4xx)
    vec![
        ("invalid UTF-8", invalid_utf8, false),
        ("wrong types", with("-99999999999999999999999"), false),
        ("words for numbers", with("abc"), false),
        ("unicode-heavy", with(&unicode_heavy()), false),
        ("200 KB values", with(&"x".repeat(200 * 1024)), false),
        ("a field repeated", repeated, false),
        (
            "not a form at all",
            format!("csrf={csrf}&%%%=&&==&%").into_bytes(),
            false,
        ),
        ("2 MB", vec![b'a'; 2 * 1024 * 1024], true),
    ]
}

fn json_payloads() -> Vec<(&'static str, String, &'static str, bool)> {
    let mut deep = "[".repeat(10_000);
    deep.push_str(&"]".repeat(10_000));
    let heavy = unicode_heavy();
    let fields = |value: serde_json::Value| {
        let map: serde_json::Map<String, serde_json::Value> = [
            "name",
            "rating",
            "club",
            "province",
            "email",
            "round",
            "points",
            "result",
            "reason",
            "format",
            "rounds",
            "variant",
            "tiebreaks",
            "starts_on",
            "location",
            "knockout_size",
            "games_per_match",
        ]
        .iter()
        .map(|k| (k.to_string(), value.clone()))
        .collect();
        serde_json::Value::Object(map).to_string()
    };
    // (what, body, content type, must be refused with 4xx)
    vec![
        (
            "broken JSON",
            "{\"name\": ".into(),
            "application/json",
            true,
        ),
        ("an array", "[]".into(), "application/json", true),
        // Read field by field, an array would make a valid body: every body is an object.
        (
            "an array of plausible fields",
            r#"["Torneio", "swiss", 5, "advanced", 1, 1, [], "2026-12-05", "Luanda"]"#.into(),
            "application/json",
            true,
        ),
        ("null", "null".into(), "application/json", true),
        ("deep nesting", deep, "application/json", true),
        (
            "wrong types",
            fields(serde_json::json!({"x": [1, 2]})),
            "application/json",
            true,
        ),
        (
            "huge numbers",
            fields(serde_json::json!(1e300)),
            "application/json",
            true,
        ),
        // Fields an endpoint does not know are ignored, so only some endpoints refuse this.
        (
            "big integers",
            "{\"name\":\"x\",\"rating\":99999999999999999999999,\"round\":-99999999999999999999}"
                .into(),
            "application/json",
            false,
        ),
        (
            "unicode-heavy",
            fields(serde_json::json!(heavy)),
            "application/json",
            false,
        ),
        (
            "not JSON",
            "name=x".into(),
            "application/x-www-form-urlencoded",
            true,
        ),
        (
            "invalid UTF-8 bytes",
            String::from_utf8_lossy(b"{\"name\":\"\xff\xfe\"}").into_owned(),
            "application/json",
            false,
        ),
        (
            "2 MB",
            format!("{{\"name\":\"{}\"}}", "x".repeat(2 * 1024 * 1024)),
            "application/json",
            true,
        ),
    ]
}

/// The first role the table lets use a route.
fn allowed_role(route: &str) -> crate::authz::Role {
    let who = TABLE.iter().find(|(r, _)| *r == route).unwrap().1;
    // Prefer a player for game routes, so the real submitter path is exercised.
    let order = [
        crate::authz::Role::Player,
        crate::authz::Role::Organiser,
        crate::authz::Role::Arbiter,
        crate::authz::Role::Admin,
        crate::authz::Role::Public,
    ];
    order
        .into_iter()
        .chain(ROLES)
        .find(|r| who.allows(*r))
        .unwrap()
}

fn check(failures: &mut Vec<String>, what: &str, resp: &Resp, must_refuse: bool) {
    if resp.status >= 500 {
        failures.push(format!(
            "{what}: {} {}",
            resp.status,
            &resp.body[..resp.body.len().min(300)]
        ));
    } else if must_refuse && !(400..500).contains(&resp.status) {
        failures.push(format!("{what}: accepted with {}", resp.status));
    } else if (400..500).contains(&resp.status) && resp.body.trim().is_empty() {
        failures.push(format!("{what}: {} without a message", resp.status));
    }
}

async fn send(
    w: &World,
    method: &str,
    role: crate::authz::Role,
    path: &str,
    ctype: &str,
    body: Vec<u8>,
) -> Resp {
    let browser = &w.browsers[&role];
    let auth = w.tokens.get(&role).map(|t| format!("Bearer {t}"));
    let mut headers = vec![("content-type", ctype)];
    if path.starts_with("/api/")
        && let Some(auth) = &auth
    {
        headers.push(("authorization", auth.as_str()));
    }
    browser.request(method, path, &headers, body).await
}

async fn no_input_makes_the_server_fail(app: &TestApp) {
    let w = world(app).await;
    let mut failures = Vec::new();
    let mut calls = 0;
    for route in served_routes() {
        let (method, pattern) = route.split_once(' ').unwrap();
        if route == "POST /logout" {
            continue;
        }
        let role = allowed_role(&route);
        let path = fill(pattern, &w);
        if method == "GET" {
            for query in [
                "?ply=-1",
                "?ply=99999999999999999999999",
                "?lang=%FF%FE",
                "?moves=a1%20zz%20%00&play=R:99,99",
                "?print=%00&next=//evil.example",
            ] {
                let resp = if crate::harness::is_stream(&path) {
                    w.browsers[&role]
                        .stream_head(&format!("{path}{query}"), &[])
                        .await
                } else {
                    w.browsers[&role].get(&format!("{path}{query}")).await
                };
                calls += 1;
                check(&mut failures, &format!("{route}{query}"), &resp, false);
            }
            continue;
        }
        if pattern.starts_with("/api/") {
            for (what, body, ctype, must_refuse) in json_payloads() {
                // Endpoints without a body ignore one; the record endpoint takes text, where
                // JSON is just a bad record; a dispute's reason is optional.
                let takes_json = [
                    "/api/v1/events",
                    "/api/v1/events/{id}/players",
                    "/api/v1/events/{id}/players/{pid}",
                    "/api/v1/events/{id}/players/{pid}/byes",
                    "/api/v1/events/{id}/rounds/{n}/pairings",
                    "/api/v1/games/{id}/decision",
                    "/api/v1/games/{id}/correction",
                    "/api/v1/events/{id}/prizes",
                ]
                .contains(&pattern)
                    && method != "DELETE";
                let must_refuse = must_refuse && takes_json
                    || what == "2 MB" && (takes_json || pattern.ends_with("/record"));
                let resp = send(&w, method, role, &path, ctype, body.into_bytes()).await;
                calls += 1;
                check(
                    &mut failures,
                    &format!("{route} as {role:?}, {what}"),
                    &resp,
                    must_refuse,
                );
                if (400..500).contains(&resp.status) && resp.status != 404 {
                    let json: Result<serde_json::Value, _> = serde_json::from_str(&resp.body);
                    if !json.is_ok_and(|j| j["error"]["message"].is_string()) {
                        failures.push(format!(
                            "{route}, {what}: the error is not JSON: {}",
                            resp.body
                        ));
                    }
                }
            }
            continue;
        }
        let page = w.browsers[&role].get("/login").await;
        let csrf = extract_csrf(&page.body).unwrap();
        for (what, body, must_refuse) in form_payloads(&csrf) {
            let resp = send(
                &w,
                method,
                role,
                &path,
                "application/x-www-form-urlencoded",
                body,
            )
            .await;
            calls += 1;
            check(
                &mut failures,
                &format!("{route} as {role:?}, {what}"),
                &resp,
                must_refuse,
            );
        }
    }
    println!("hostile input: {calls} requests");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The server is still well.
    assert_eq!(
        w.browsers[&crate::authz::Role::Public]
            .get("/healthz")
            .await
            .status,
        200
    );
}

both_backends!(no_input_makes_the_server_fail);
