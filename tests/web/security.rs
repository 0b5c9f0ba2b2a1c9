//! CSRF, escaping, body limits, headers and cookie flags.

use crate::both_backends;
use crate::harness::{Backend, TestApp};

const PASSWORD: &str = "kiela-2026-secret";

async fn csrf_missing_or_wrong_is_refused_and_changes_nothing(app: &TestApp) {
    let browser = app.browser();
    browser.get("/signup").await;
    let fields = [
        ("name", "Ana"),
        ("email", "ana@example.ao"),
        ("password", PASSWORD),
    ];
    let missing = browser.post_raw("/signup", &fields).await;
    assert_eq!(missing.status, 403);
    assert!(
        missing.body.contains("formulário expirou"),
        "{}",
        missing.body
    );
    let mut wrong = vec![("csrf", "0000")];
    wrong.extend_from_slice(&fields);
    assert_eq!(browser.post_raw("/signup", &wrong).await.status, 403);
    // A token from another browser does not fit this browser's cookie.
    let other_token = app.browser().csrf().await;
    let mut stolen = vec![("csrf", other_token.as_str())];
    stolen.extend_from_slice(&fields);
    assert_eq!(browser.post_raw("/signup", &stolen).await.status, 403);
    assert!(browser.cookie("kiela_session").is_none());
    // Nothing was created: the same sign-up with a good token succeeds.
    assert_eq!(
        browser
            .sign_up("Ana", "ana@example.ao", PASSWORD)
            .await
            .status,
        303
    );

    // Logged in, logout without a token is refused too.
    let logout = browser.post_raw("/logout", &[]).await;
    assert_eq!(logout.status, 403);
    assert_eq!(browser.get("/account").await.status, 200);
}

async fn cross_site_requests_are_refused(app: &TestApp) {
    let browser = app.browser();
    let token = browser.csrf().await;
    let body = serde_urlencoded::to_string([
        ("csrf", token.as_str()),
        ("name", "Ana"),
        ("email", "ana@example.ao"),
        ("password", PASSWORD),
    ])
    .unwrap();
    let resp = browser
        .request(
            "POST",
            "/signup",
            &[
                ("content-type", "application/x-www-form-urlencoded"),
                ("origin", "https://evil.example"),
            ],
            body.clone().into_bytes(),
        )
        .await;
    assert_eq!(resp.status, 403);
    let resp = browser
        .request(
            "POST",
            "/signup",
            &[
                ("content-type", "application/x-www-form-urlencoded"),
                ("sec-fetch-site", "cross-site"),
            ],
            body.clone().into_bytes(),
        )
        .await;
    assert_eq!(resp.status, 403);
    // An opaque origin without the browser's own verdict is refused ...
    let resp = browser
        .request(
            "POST",
            "/signup",
            &[
                ("content-type", "application/x-www-form-urlencoded"),
                ("origin", "null"),
            ],
            body.clone().into_bytes(),
        )
        .await;
    assert_eq!(resp.status, 403);
    // ... but a browser that says the form is same-origin is believed (Chromium sends
    // `Origin: null` under strict referrer settings).
    let resp = browser
        .request(
            "POST",
            "/signup",
            &[
                ("content-type", "application/x-www-form-urlencoded"),
                ("origin", "null"),
                ("sec-fetch-site", "same-origin"),
            ],
            body.into_bytes(),
        )
        .await;
    assert_eq!(resp.status, 303, "{}", resp.body);
}

async fn names_are_escaped(app: &TestApp) {
    let browser = app.browser();
    let name = "<script>alert(1)</script>";
    assert_eq!(
        browser.sign_up(name, "x@example.ao", PASSWORD).await.status,
        303
    );
    for path in ["/", "/account"] {
        let page = browser.get(path).await;
        assert!(!page.body.contains(name), "{path} shows raw markup");
        assert!(
            page.body
                .contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
            "{path}: the name is shown as text"
        );
    }
}

async fn oversized_forms_get_413(app: &TestApp) {
    let browser = app.browser();
    let token = browser.csrf().await;
    let big = "x".repeat(2 * 1024 * 1024);
    let body = serde_urlencoded::to_string([
        ("csrf", token.as_str()),
        ("name", big.as_str()),
        ("email", "a@example.ao"),
        ("password", PASSWORD),
    ])
    .unwrap();
    let resp = browser
        .request(
            "POST",
            "/signup",
            &[("content-type", "application/x-www-form-urlencoded")],
            body.into_bytes(),
        )
        .await;
    assert_eq!(resp.status, 413);
    assert!(resp.body.contains("Demasiado grande"), "{}", resp.body);
    // A long but acceptable name gets a form error, not a crash.
    let long = "y".repeat(500);
    let resp = browser.sign_up(&long, "a@example.ao", PASSWORD).await;
    assert_eq!(resp.status, 422);
}

async fn security_headers_and_cookie_flags(app: &TestApp) {
    let browser = app.browser();
    let page = browser.get("/login").await;
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.contains("frame-ancestors 'none'"));
    assert!(!csp.contains("unsafe-inline"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(page.header("referrer-policy"), Some("same-origin"));
    let csrf_cookie = page
        .set_cookies()
        .into_iter()
        .find(|c| c.starts_with("kiela_csrf="))
        .unwrap();
    assert!(csrf_cookie.contains("HttpOnly") && csrf_cookie.contains("SameSite=Lax"));
    assert!(!csrf_cookie.contains("Secure"));
    let signup = browser.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    let session = signup
        .set_cookies()
        .into_iter()
        .find(|c| c.starts_with("kiela_session="))
        .unwrap();
    assert!(session.contains("HttpOnly") && session.contains("SameSite=Lax"));
    assert!(!page.body.contains("<script>"), "no inline script");
    assert!(!page.body.contains("style=\""), "no inline style");
}

both_backends!(
    csrf_missing_or_wrong_is_refused_and_changes_nothing,
    cross_site_requests_are_refused,
    names_are_escaped,
    oversized_forms_get_413,
    security_headers_and_cookie_flags,
);

#[actix_web::test]
async fn secure_cookies_behind_tls() {
    let app = TestApp::spawn_with(Backend::Sqlite, |c| c.secure_cookies = true)
        .await
        .unwrap();
    let browser = app.browser();
    let page = browser.get("/login").await;
    assert!(page.set_cookies().iter().all(|c| c.contains("Secure")));
    let signup = browser.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    assert!(signup.set_cookies().iter().all(|c| c.contains("Secure")));
    app.stop().await;
}
