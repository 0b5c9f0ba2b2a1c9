//! Sending a record as a file, the way a browser without JavaScript does it
//! (`multipart/form-data`), through the personal link and signed in.

use serde_json::json;

use crate::both_backends;
use crate::harness::{
    Browser, TestApp, account_with_token, extract_csrf, finished_record, pair_round,
};

fn multipart(csrf: &str, file: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----kielaBoundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
             --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"game.kgn\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(browser: &Browser<'_>, page: &str, file: &[u8]) -> crate::harness::Resp {
    let shown = browser.get(page).await;
    assert!(
        crate::harness::has(&shown.body, "form[enctype=\"multipart/form-data\"]"),
        "the page offers the upload"
    );
    let csrf = extract_csrf(&shown.body).unwrap();
    let (ctype, body) = multipart(&csrf, file);
    browser
        .request(
            "POST",
            &format!("{page}/upload"),
            &[("content-type", &ctype)],
            body,
        )
        .await
}

async fn a_record_file_is_submitted_without_javascript(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let created = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "Ficheiro", "rounds": 1})),
        )
        .await
        .json();
    let (id, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap().to_string(),
    );
    for name in ["A", "B"] {
        client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&token),
                Some(json!({ "name": name })),
            )
            .await;
    }
    let round = pair_round(&client, &token, id).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let manage = organiser.get(&format!("/events/{slug}/manage")).await;
    let secret = manage
        .body
        .split("/p/")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();

    // Not text, and an illegal record: refused with the reason, nothing stored.
    let player = app.browser();
    let page = format!("/p/{secret}/games/{game}?lang=en");
    let base = format!("/p/{secret}/games/{game}");
    let binary = upload(&player, &base, b"\xff\xfe\x00binary").await;
    assert_eq!(binary.status, 422);
    assert!(player.get(&page).await.status == 200);
    let illegal = upload(&player, &base, b"1. z9").await;
    assert_eq!(illegal.status, 422, "{}", illegal.body);
    let shown = client
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    assert_eq!(shown["status"], "scheduled");

    // A real record file from the personal link: pending until the opponent confirms.
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        31,
    );
    let sent = upload(&player, &base, record.as_bytes()).await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    let shown = client
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    assert_eq!(shown["status"], "pending");

    // The organiser's upload on the event's page is final at once.
    let staff = upload(
        &organiser,
        &format!("/events/{slug}/games/{game}"),
        record.as_bytes(),
    )
    .await;
    assert_eq!(staff.status, 303, "{}", staff.body);
    let shown = client
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    assert_eq!(shown["status"], "final");

    // Without the form token nothing is read.
    let (ctype, body) = multipart("forged", record.as_bytes());
    let forged = organiser
        .request(
            "POST",
            &format!("/events/{slug}/games/{game}/upload"),
            &[("content-type", &ctype)],
            body,
        )
        .await;
    assert_eq!(forged.status, 403);
}

both_backends!(a_record_file_is_submitted_without_javascript);
