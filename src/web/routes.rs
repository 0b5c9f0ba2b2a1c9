//! The route table: every URL of the site and the API, in one place.
//!
//! Event pages live under one `/events/{slug}` scope and personal pages under `/p/{secret}`:
//! the router then matches the dynamic prefix once and compares the rest as plain text, which
//! keeps routing cheap on the busiest pages.

use actix_web::web;

use super::{api, assets, pages};

pub fn configure(cfg: &mut web::ServiceConfig) {
    use pages::{accounts, admin, events, games, home, public, rounds, why};
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
        .route("/events", web::get().to(events::list))
        .route("/events", web::post().to(events::create))
        .route("/events/new", web::get().to(events::new_form))
        .route("/events/import", web::get().to(events::import_form))
        .route("/events/import", web::post().to(events::import_trf))
        .service(
            web::scope("/events/{slug}")
                // The pages a crowd follows during a round come first.
                .route("", web::get().to(events::show))
                .route("/standings", web::get().to(rounds::standings_page))
                .route("/rounds/{n}", web::get().to(rounds::show))
                .route("/games/{id}", web::get().to(games::show))
                .route("/players", web::get().to(events::players_page))
                .route("/players/{pid}", web::get().to(public::player))
                .route("/crosstable", web::get().to(public::crosstable))
                .route("/bracket", web::get().to(public::bracket))
                .route("/version", web::get().to(public::version))
                .route("/games.kgn", web::get().to(public::export_kgn))
                .route("/tournament.trf", web::get().to(public::export_trf))
                .route("/standings.csv", web::get().to(public::export_csv))
                .route("/calendar.ics", web::get().to(public::calendar))
                .route("/rounds/{n}/why", web::get().to(why::show))
                .route(
                    "/rounds/{n}/scoresheets",
                    web::get().to(public::scoresheets),
                )
                .route("/games/{id}/qr.svg", web::get().to(public::game_qr))
                .route("/players", web::post().to(events::add_player))
                .route("/players/import", web::post().to(events::import_players))
                .route("/players/{pid}/withdraw", web::post().to(events::withdraw))
                .route("/players/{pid}/approve", web::post().to(events::approve))
                .route("/players/{pid}/link", web::post().to(events::link_account))
                .route(
                    "/players/{pid}/unlink",
                    web::post().to(events::unlink_account),
                )
                .route(
                    "/players/{pid}/reissue",
                    web::post().to(events::reissue_link),
                )
                .route("/players/{pid}/bye", web::post().to(events::bye))
                .route("/players/{pid}/checkin", web::post().to(events::check_in))
                .route("/manage", web::get().to(events::manage))
                .route("/settings", web::post().to(events::update_settings))
                .route("/staff", web::post().to(events::add_staff))
                .route("/staff/{uid}/remove", web::post().to(events::remove_staff))
                .route("/register", web::post().to(events::register))
                .route("/audit", web::get().to(events::audit_log))
                .route("/queue", web::get().to(events::queue))
                .route("/rounds", web::post().to(rounds::pair_next))
                .route("/rounds/{n}/sheet", web::get().to(rounds::sheet))
                .route("/rounds/{n}/publish", web::post().to(rounds::publish))
                .route("/rounds/{n}/discard", web::post().to(rounds::discard))
                .route("/rounds/{n}/swap", web::post().to(rounds::swap))
                .route("/rounds/{n}/exchange", web::post().to(rounds::exchange))
                .route("/rounds/{n}/start", web::post().to(rounds::set_start))
                .route("/games/{id}/record", web::post().to(games::submit_record))
                .route("/games/{id}/upload", web::post().to(games::upload_record))
                .route("/games/{id}/confirm", web::post().to(games::confirm))
                .route("/games/{id}/dispute", web::post().to(games::dispute))
                .route("/games/{id}/decide", web::post().to(games::decide))
                .route("/games/{id}/board", web::get().to(games::board))
                .route("/games/{id}/board", web::post().to(games::board_submit)),
        )
        .service(
            web::scope("/p/{secret}")
                .route("", web::get().to(games::personal))
                .route("/claim", web::post().to(games::personal_claim))
                .route("/games/{id}", web::get().to(games::personal_show))
                .route("/games/{id}/record", web::post().to(games::personal_record))
                .route("/games/{id}/upload", web::post().to(games::personal_upload))
                .route(
                    "/games/{id}/confirm",
                    web::post().to(games::personal_confirm),
                )
                .route(
                    "/games/{id}/dispute",
                    web::post().to(games::personal_dispute),
                )
                .route("/games/{id}/board", web::get().to(games::personal_board))
                .route(
                    "/games/{id}/board",
                    web::post().to(games::personal_board_submit),
                ),
        )
        .service(
            web::scope("/api/v1")
                .configure(api::configure)
                .route("/openapi.json", web::get().to(api::openapi))
                .route("/events", web::get().to(api::events::list))
                .route("/events", web::post().to(api::events::create))
                .route("/events/{id}", web::get().to(api::events::show))
                .route(
                    "/events/{id}/players",
                    web::get().to(api::events::list_players),
                )
                .route(
                    "/events/{id}/players",
                    web::post().to(api::events::add_player),
                )
                .route(
                    "/events/{id}/players/{pid}/withdraw",
                    web::post().to(api::events::withdraw),
                )
                .route(
                    "/events/{id}/players/{pid}/byes",
                    web::post().to(api::events::bye),
                )
                .route(
                    "/events/{id}/players/{pid}/account",
                    web::put().to(api::events::link_account),
                )
                .route(
                    "/events/{id}/players/{pid}/account",
                    web::delete().to(api::events::unlink_account),
                )
                .route(
                    "/events/{id}/players/{pid}/link",
                    web::get().to(api::events::personal_link),
                )
                .route(
                    "/events/{id}/players/{pid}/link",
                    web::post().to(api::events::reissue_link),
                )
                .route("/events/{id}/rounds", web::post().to(api::events::pair))
                .route("/events/{id}/rounds/{n}", web::get().to(api::events::round))
                .route(
                    "/events/{id}/standings",
                    web::get().to(api::events::standings),
                )
                .route(
                    "/events/{id}/export.trf",
                    web::get().to(api::events::export_trf),
                )
                .route(
                    "/events/{id}/export.csv",
                    web::get().to(api::events::export_csv),
                )
                .route("/games/{id}", web::get().to(api::games::show))
                .route("/games/{id}/record", web::post().to(api::games::record))
                .route("/games/{id}/confirm", web::post().to(api::games::confirm))
                .route("/games/{id}/dispute", web::post().to(api::games::dispute))
                .route("/games/{id}/decision", web::post().to(api::games::decision))
                .default_service(web::to(api::not_found)),
        );
}
