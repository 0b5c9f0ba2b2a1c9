//! Sign-up, login, logout, passwords, sessions, roles and API tokens.

use crate::both_backends;
use crate::harness::TestApp;

const PASSWORD: &str = "kiela-2026-secret";

async fn sign_up_log_out_log_in(app: &TestApp) {
    let ana = app.browser();
    let resp = ana
        .sign_up("Ana Domingos", "Ana@Example.ao", PASSWORD)
        .await;
    assert_eq!(resp.status, 303, "{}", resp.body);
    assert!(ana.cookie("kiela_session").is_some());
    let home = ana.follow(resp).await;
    assert!(home.body.contains("Ana Domingos"), "{}", home.body);
    let account = ana.get("/account").await;
    assert_eq!(account.status, 200);
    assert!(account.body.contains("ana@example.ao"));

    let out = ana.post_form("/logout", &[]).await;
    assert_eq!(out.status, 303);
    assert!(ana.cookie("kiela_session").is_none());
    let account = ana.get("/account").await;
    assert_eq!(account.status, 303);
    assert_eq!(account.location(), Some("/login?next=%2Faccount"));

    let resp = ana.log_in("ana@example.ao", PASSWORD).await;
    assert_eq!(resp.status, 303);
    assert_eq!(ana.get("/account").await.status, 200);
}

async fn wrong_password_is_refused(app: &TestApp) {
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    ana.post_form("/logout", &[]).await;
    let resp = ana.log_in("ana@example.ao", "not the password").await;
    assert_eq!(resp.status, 401);
    assert!(resp.body.contains("palavra-passe errados"), "{}", resp.body);
    assert!(ana.cookie("kiela_session").is_none());
    let unknown = ana.log_in("nobody@example.ao", PASSWORD).await;
    assert_eq!(unknown.status, 401);
}

async fn login_rate_limit_kicks_in(app: &TestApp) {
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    ana.post_form("/logout", &[]).await;
    let limit = app.app.config.login_limit_per_account;
    for _ in 0..limit {
        assert_eq!(
            ana.log_in("ana@example.ao", "wrong password").await.status,
            401
        );
    }
    // Past the limit even the right password is refused, from any browser at that address.
    let resp = app.browser().log_in("ana@example.ao", PASSWORD).await;
    assert_eq!(resp.status, 429, "{}", resp.body);
    assert!(resp.header("retry-after").is_some());
    // Another account is not affected.
    let bob = app.browser();
    assert_eq!(
        bob.sign_up("Bob", "bob@example.ao", PASSWORD).await.status,
        303
    );
}

async fn login_rotates_the_session(app: &TestApp) {
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    let first = ana.cookie("kiela_session").unwrap();
    ana.log_in("ana@example.ao", PASSWORD).await;
    let second = ana.cookie("kiela_session").unwrap();
    assert_ne!(first, second);
    let stale = app.browser();
    stale.set_cookie("kiela_session", &first);
    assert_eq!(
        stale.get("/account").await.status,
        303,
        "the old session is gone"
    );
}

async fn change_password_ends_other_sessions(app: &TestApp) {
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    let phone = app.browser();
    phone.log_in("ana@example.ao", PASSWORD).await;
    assert_eq!(phone.get("/account").await.status, 200);

    let wrong = ana
        .post_form(
            "/account/password",
            &[("current", "nope nope"), ("new", "new-password-1")],
        )
        .await;
    assert_eq!(wrong.status, 422);
    let ok = ana
        .post_form(
            "/account/password",
            &[("current", PASSWORD), ("new", "new-password-1")],
        )
        .await;
    assert_eq!(ok.status, 303);
    assert_eq!(ana.get("/account").await.status, 200);
    assert_eq!(phone.get("/account").await.status, 303);
    assert_eq!(
        app.browser()
            .log_in("ana@example.ao", "new-password-1")
            .await
            .status,
        303
    );
}

async fn duplicate_email_and_bad_input_are_explained(app: &TestApp) {
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    let other = app.browser();
    let resp = other.sign_up("Ana 2", "ANA@example.ao", PASSWORD).await;
    assert_eq!(resp.status, 422);
    assert!(resp.body.contains("Já existe uma conta"), "{}", resp.body);
    let resp = other.sign_up("Ana 2", "not-an-email", PASSWORD).await;
    assert_eq!(resp.status, 422);
    let resp = other.sign_up("Ana 2", "ana2@example.ao", "short").await;
    assert_eq!(resp.status, 422);
    assert!(resp.body.contains("8 caracteres"));
    assert!(
        resp.body.contains("ana2@example.ao"),
        "the form keeps what was typed"
    );
}

async fn first_account_administers_and_players_are_kept_out(app: &TestApp) {
    let admin = app.browser();
    admin.sign_up("Admin", "admin@example.ao", PASSWORD).await;
    let player = app.browser();
    player
        .sign_up("Player", "player@example.ao", PASSWORD)
        .await;
    assert_eq!(admin.get("/admin/users").await.status, 200);
    let denied = player.get("/admin/users").await;
    assert_eq!(denied.status, 403);
    assert!(denied.body.contains("Não tem permissão"), "{}", denied.body);
    assert_eq!(app.browser().get("/admin/users").await.status, 303);
    let post = player
        .post_form("/admin/users/1/role", &[("role", "player")])
        .await;
    assert_eq!(post.status, 403);

    // The administrator makes the player an organiser.
    let users = admin.get("/admin/users").await;
    let forms = crate::harness::attributes(&users.body, "form[action$='/role']", "action");
    let resp = admin.post_form(&forms[1], &[("role", "organiser")]).await;
    assert_eq!(resp.status, 303);
    let account = player.get("/account").await;
    assert!(account.body.contains("Organizador"), "{}", account.body);
}

async fn api_tokens_are_shown_once_listed_and_revoked(app: &TestApp) {
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    let page = ana
        .post_form("/account/tokens", &[("label", "scoreboard")])
        .await;
    assert_eq!(page.status, 200);
    let token = page
        .body
        .split("<code class=\"token\">")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .unwrap()
        .to_string();
    assert_eq!(token.len(), 64);
    let again = ana.get("/account").await;
    assert!(again.body.contains("scoreboard"));
    assert!(!again.body.contains(&token), "a token is shown only once");

    let user = kiela::service::accounts::api_token_user(&app.app, &token).unwrap();
    assert_eq!(user.unwrap().email, "ana@example.ao");

    let id = again
        .body
        .split("/account/tokens/")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap()
        .to_string();
    let other = app.browser();
    other.sign_up("Bob", "bob@example.ao", PASSWORD).await;
    let steal = other
        .post_form(&format!("/account/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(steal.status, 404, "another user cannot revoke it");
    let revoke = ana
        .post_form(&format!("/account/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(revoke.status, 303);
    assert!(
        kiela::service::accounts::api_token_user(&app.app, &token)
            .unwrap()
            .is_none()
    );
}

/// A forgotten password: an administrator makes a one-time link from the account's row; it
/// sets the password once, ends every session of the account (the API token stays), and is
/// dead on second use; a short or a made-up link sets nothing; the command line makes one too.
async fn a_reset_link_sets_a_forgotten_password_once(app: &TestApp) {
    let admin = app.browser();
    admin.sign_up("Admin", "admin@example.ao", PASSWORD).await;
    let ana = app.browser();
    ana.sign_up("Ana", "ana@example.ao", PASSWORD).await;
    let phone = app.browser();
    phone.log_in("ana@example.ao", PASSWORD).await;
    let token =
        kiela::service::accounts::create_api_token_for(&app.app, "ana@example.ao", "t").unwrap();
    let ana_id = kiela::service::accounts::user_by_email(&app.app, "ana@example.ao")
        .unwrap()
        .unwrap()
        .id;
    // Only an administrator makes one.
    let refused = ana
        .post_form(&format!("/admin/users/{ana_id}/reset-link"), &[])
        .await;
    assert_eq!(refused.status, 403);
    let made = admin
        .post_form(&format!("/admin/users/{ana_id}/reset-link?lang=en"), &[])
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert_eq!(made.header("cache-control"), Some("no-store"));
    assert_eq!(made.header("referrer-policy"), Some("no-referrer"));
    let link = crate::harness::texts(&made.body, "#reset-link").join("");
    let path = &link[link.find("/reset/").unwrap()..];
    assert_eq!(path.len(), "/reset/".len() + 64, "{link}");

    // Opened on another device: the form; a weak password refused, the link still good.
    let device = app.browser();
    let form = device.get(&format!("{path}?lang=en")).await;
    assert_eq!(form.status, 200);
    assert_eq!(form.header("referrer-policy"), Some("no-referrer"));
    let weak = device.post_form(path, &[("password", "short")]).await;
    assert_eq!(weak.status, 422, "{}", weak.body);
    let set = device
        .post_form(path, &[("password", "a-new-password-9")])
        .await;
    assert_eq!(set.status, 303, "{}", set.body);
    assert_eq!(set.location(), Some("/login"));
    // Every session of the account ended; the API token is kept; the new password works.
    assert_eq!(ana.get("/account").await.status, 303);
    assert_eq!(phone.get("/account").await.status, 303);
    assert_eq!(
        app.browser()
            .send(crate::harness::Req::get("/api/v1/me/games").bearer(&token))
            .await
            .status,
        200
    );
    assert_eq!(
        app.browser()
            .log_in("ana@example.ao", PASSWORD)
            .await
            .status,
        401
    );
    assert_eq!(
        app.browser()
            .log_in("ana@example.ao", "a-new-password-9")
            .await
            .status,
        303
    );
    // Dead on second use, by page and by form.
    assert_eq!(device.get(path).await.status, 410);
    let again = device
        .post_form(path, &[("password", "another-password-1")])
        .await;
    assert_eq!(again.status, 409, "{}", again.body);
    assert_eq!(
        app.browser()
            .log_in("ana@example.ao", "another-password-1")
            .await
            .status,
        401
    );
    // A made-up link, or something that is no token, sets nothing.
    let made_up = format!("/reset/{}", "ab".repeat(32));
    assert_eq!(device.get(&made_up).await.status, 410);
    assert_eq!(device.get("/reset/short").await.status, 410);
    // The command line makes one for an account by its address, and says when there is none.
    let printed =
        kiela::service::password_reset::make_link_for_email(&app.app, "ana@example.ao").unwrap();
    assert_eq!(printed.len(), 64);
    assert_eq!(
        app.browser()
            .get(&kiela::service::password_reset::reset_path(&printed))
            .await
            .status,
        200
    );
    assert!(
        kiela::service::password_reset::make_link_for_email(&app.app, "nobody@example.ao").is_err()
    );
}

both_backends!(
    a_reset_link_sets_a_forgotten_password_once,
    sign_up_log_out_log_in,
    wrong_password_is_refused,
    login_rate_limit_kicks_in,
    login_rotates_the_session,
    change_password_ends_other_sessions,
    duplicate_email_and_bad_input_are_explained,
    first_account_administers_and_players_are_kept_out,
    api_tokens_are_shown_once_listed_and_revoked,
);
