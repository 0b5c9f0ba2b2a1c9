//! The route table: every URL of the site and the API, in one place.

use actix_web::web;

use super::{api, assets, pages};

pub fn configure(cfg: &mut web::ServiceConfig) {
    use pages::{accounts, admin, home};
    cfg.route("/", web::get().to(home::home))
        .route("/healthz", web::get().to(home::healthz))
        .route("/static/{name}", web::get().to(assets::serve))
        .route("/signup", web::get().to(accounts::signup_form))
        .route("/signup", web::post().to(accounts::signup))
        .route("/login", web::get().to(accounts::login_form))
        .route("/login", web::post().to(accounts::login))
        .route("/logout", web::post().to(accounts::logout))
        .route("/account", web::get().to(accounts::account))
        .route(
            "/account/password",
            web::post().to(accounts::change_password),
        )
        .route("/account/tokens", web::post().to(accounts::create_token))
        .route(
            "/account/tokens/{id}/revoke",
            web::post().to(accounts::revoke_token),
        )
        .route("/admin/users", web::get().to(admin::users))
        .route("/admin/users/{id}/role", web::post().to(admin::set_role))
        .service(
            web::scope("/api/v1")
                .configure(api::configure)
                .default_service(web::to(api::not_found)),
        );
}
