//! The route table: every URL of the site and the API, in one place. The same table configures
//! the server and lists the routes ([`ROUTES`]), so the tests walk exactly what is served.
//!
//! Event pages live under one `/events/{slug}` scope and personal pages under `/p/{secret}`:
//! the router then matches the dynamic prefix once and compares the rest as plain text, which
//! keeps routing cheap on the busiest pages.

use actix_web::web;

use super::{api, assets, pages};

/// One route: its method and full path pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
}

/// Declares the routes once, for [`configure`] and [`ROUTES`]: first the site's own paths,
/// then the scopes (a scope that matches a path's prefix answers it, found or not, so the
/// fixed paths such as `/events/new` must come before `/events/{slug}`).
macro_rules! table {
    (
        site { $($smethod:ident $spath:literal => $shandler:path;)* }
        $(scope $prefix:literal $(with $setup:path)? {
            $($method:ident $path:literal => $handler:path;)*
        })*
    ) => {
        /// Registers every route.
        pub fn configure(cfg: &mut web::ServiceConfig) {
            use pages::{
                accounts, adjudication, admin, archives, circuits, email_change, entries, fair_play, event_list, events, games, home, imported, live, mail, me, practice, prizes, public, ratings,
                registry, reset, rounds, venue, why,
            };
            $(cfg.route($spath, web::$smethod().to($shandler));)*
            $(
                let scope = web::scope($prefix)
                    $(.configure($setup))?
                    $(.route($path, web::$method().to($handler)))*;
                cfg.service(scope);
            )*
        }

        /// Every route, as served.
        pub const ROUTES: &[Route] = &[
            $(Route {
                method: method_name!($smethod),
                path: $spath,
            },)*
            $($(Route {
                method: method_name!($method),
                path: concat!($prefix, $path),
            },)*)*
        ];
    };
}

macro_rules! method_name {
    (get) => {
        "GET"
    };
    (post) => {
        "POST"
    };
    (put) => {
        "PUT"
    };
    (delete) => {
        "DELETE"
    };
    (patch) => {
        "PATCH"
    };
}

table! {
    site {
        get "/" => home::home;
        get "/healthz" => home::healthz;
        get "/static/{name}" => assets::serve;
        get "/signup" => accounts::signup_form;
        post "/signup" => accounts::signup;
        get "/login" => accounts::login_form;
        post "/login" => accounts::login;
        post "/logout" => accounts::logout;
        get "/account" => accounts::account;
        get "/me" => me::my_games;
        post "/account/password" => accounts::change_password;
        post "/account/email" => email_change::ask;
        get "/account/email/{token}" => email_change::confirm_form;
        post "/account/email/{token}" => email_change::confirm;
        post "/account/tokens" => accounts::create_token;
        post "/account/tokens/{id}/revoke" => accounts::revoke_token;
        get "/admin/users" => admin::users;
        post "/admin/users/{id}/role" => admin::set_role;
        post "/admin/users/{id}/reset-link" => reset::make_link;
        get "/reset/{token}" => reset::reset_form;
        post "/reset/{token}" => reset::reset_password;
        get "/forgot" => mail::forgot_form;
        post "/forgot" => mail::forgot;
        get "/unsubscribe/{token}" => mail::unsubscribe_page;
        post "/unsubscribe/{token}" => mail::unsubscribe;
        post "/admin/registry" => admin::load_registry;
        post "/admin/venues/{code}/approve" => admin::approve_venue;
        post "/admin/venues/{code}/forget" => admin::forget_venue;
        get "/events" => event_list::list;
        get "/players" => registry::search;
        get "/practice" => practice::show;
        post "/practice" => practice::play;
        get "/practice/record.kgn" => practice::record;
        get "/ratings" => ratings::list;
        get "/circuits/new" => circuits::new_form;
        post "/circuits" => circuits::create;
        get "/circuits/{slug}" => circuits::show;
        post "/circuits/{slug}/final" => circuits::fill_final;
        get "/ratings.csv" => ratings::csv;
        get "/players/{federation_id}" => registry::person;
        get "/players/{federation_id}/fair-play" => fair_play::person;
        post "/players/{federation_id}/merge" => registry::merge;
        post "/players/{federation_id}/proposals/{id}" => registry::settle_proposal;
        post "/events" => events::create;
        get "/events/new" => events::new_form;
        post "/events/demo" => event_list::demo;
        get "/events/import" => events::import_form;
        post "/events/import" => events::import_trf;
        post "/events/import/file" => events::import_trf_file;
        get "/events/import-archive" => archives::form;
        post "/events/import-archive" => archives::import;
    }
    scope "/events/{slug}" {
        // The pages a crowd follows during a round come first.
        get "" => events::show;
        get "/standings" => rounds::standings_page;
        get "/rounds/{n}" => rounds::show;
        get "/games/{id}" => games::show;
        get "/players" => events::players_page;
        get "/players/{pid}" => public::player;
        get "/crosstable" => public::crosstable;
        get "/bracket" => public::bracket;
        get "/version" => public::version;
        get "/games.kgn" => public::export_kgn;
        get "/archive.kiela" => archives::download;
        get "/tournament.trf" => public::export_trf;
        get "/standings.csv" => public::export_csv;
        get "/prizes" => public::prizes;
        get "/rating" => ratings::event_report;
        post "/rating" => ratings::put_event;
        post "/rating/remove" => ratings::take_out_event;
        post "/rating/accept" => ratings::accept_changes;
        get "/prizes.csv" => public::prizes_csv;
        get "/calendar.ics" => public::calendar;
        get "/rounds/{n}/why" => why::show;
        get "/rounds/{n}/scoresheets" => public::scoresheets;
        get "/games/{id}/qr.svg" => public::game_qr;
        get "/games/{id}/enter" => venue::enter;
        get "/slips" => venue::slips;
        get "/join" => venue::join_form;
        post "/join" => venue::join_sheet;
        post "/players" => events::add_player;
        post "/players/import" => events::import_players;
        post "/players/{pid}/withdraw" => events::withdraw;
        post "/players/{pid}/approve" => events::approve;
        post "/players/{pid}/reject" => entries::reject;
        post "/players/{pid}/edit" => entries::edit;
        post "/players/{pid}/remove" => entries::remove;
        post "/players/{pid}/link" => events::link_account;
        post "/players/{pid}/unlink" => events::unlink_account;
        post "/players/{pid}/reissue" => events::reissue_link;
        post "/players/{pid}/bye" => events::bye;
        post "/players/{pid}/checkin" => events::check_in;
        get "/manage" => events::manage;
        post "/settings" => events::update_settings;
        post "/push" => events::push;
        post "/held/accept" => imported::accept;
        post "/held/refuse" => imported::refuse;
        post "/venue-decisions" => imported::decisions;
        post "/hand-over" => imported::hand_over;
        post "/withdraw-import" => imported::withdraw;
        get "/prizes/edit" => prizes::edit_form;
        post "/prizes" => prizes::save;
        get "/mail" => mail::event_mail_page;
        post "/mail/choice" => mail::choose;
        post "/mail/notice" => mail::notice;
        post "/mail/{mid}/again" => mail::again;
        post "/staff" => events::add_staff;
        post "/staff/{uid}/remove" => events::remove_staff;
        get "/register" => events::register_form;
        post "/register" => events::register;
        get "/audit" => events::audit_log;
        get "/queue" => events::queue;
        get "/fair-play" => fair_play::show;
        post "/fair-play/first" => fair_play::ask_first;
        get "/fair-play/players/{pid}" => fair_play::player;
        post "/fair-play/players/{pid}/decision" => fair_play::decide;
        post "/rounds" => rounds::pair_next;
        get "/rounds/{n}/sheet" => rounds::sheet;
        post "/rounds/{n}/publish" => rounds::publish;
        post "/rounds/{n}/discard" => rounds::discard;
        post "/rounds/{n}/withdraw" => rounds::withdraw;
        post "/rounds/{n}/repair" => rounds::pair_again;
        post "/rounds/{n}/pairings" => rounds::pair_by_hand;
        post "/rounds/{n}/swap" => rounds::swap;
        post "/rounds/{n}/exchange" => rounds::exchange;
        post "/rounds/{n}/start" => rounds::set_start;
        post "/games/{id}/record" => games::submit_record;
        post "/games/{id}/upload" => games::upload_record;
        post "/games/{id}/confirm" => games::confirm;
        post "/games/{id}/dispute" => games::dispute;
        post "/games/{id}/decide" => games::decide;
        post "/games/{id}/correct" => games::correct;
        post "/games/{id}/accept" => games::accept;
        post "/games/{id}/adjudicate" => adjudication::adjudicate;
        post "/games/{id}/adjudication/{aid}" => adjudication::settle;
        get "/games/{id}/board" => games::board;
        post "/games/{id}/board" => games::board_submit;
        get "/games/{id}/play" => live::play;
        get "/games/{id}/moves" => live::state;
        post "/games/{id}/moves" => live::play_move_signed_in;
        post "/games/{id}/takeback" => live::take_back;
        get "/games/{id}/stream" => live::game_stream;
        get "/rounds/{n}/live" => live::round_live;
        get "/rounds/{n}/stream" => live::round_stream;
    }
    scope "/p/{secret}" {
        get "" => games::personal;
        get "/games.json" => crate::web::api::me::personal_games;
        post "/claim" => games::personal_claim;
        get "/slip" => venue::own_slip;
        get "/games/{id}" => games::personal_show;
        post "/games/{id}/record" => games::personal_record;
        post "/games/{id}/upload" => games::personal_upload;
        post "/games/{id}/confirm" => games::personal_confirm;
        post "/games/{id}/dispute" => games::personal_dispute;
        get "/games/{id}/board" => games::personal_board;
        post "/games/{id}/board" => games::personal_board_submit;
        get "/games/{id}/play" => live::personal_play;
        get "/games/{id}/moves" => live::personal_state;
        post "/games/{id}/moves" => live::personal_move;
        get "/games/{id}/stream" => live::personal_stream;
    }
    scope "/api/v1" with api::configure {
        get "/openapi.json" => api::openapi;
        get "/events" => api::events::list;
        post "/events" => api::events::create;
        get "/events/{id}" => api::events::show;
        patch "/events/{id}" => api::events::update;
        delete "/events/{id}" => api::archives::withdraw;
        put "/events/{id}/owner" => api::archives::hand_over;
        post "/events/{id}/held-archive" => api::archives::accept_held;
        delete "/events/{id}/held-archive" => api::archives::refuse_held;
        put "/events/{id}/venue-decisions" => api::archives::venue_decisions;
        get "/events/{id}/archive" => api::archives::export;
        post "/archives" => api::archives::import;
        get "/events/{id}/players" => api::events::list_players;
        post "/events/{id}/players" => api::events::add_player;
        post "/events/{id}/players/{pid}/withdraw" => api::events::withdraw;
        post "/events/{id}/players/{pid}/byes" => api::events::bye;
        put "/events/{id}/players/{pid}/account" => api::events::link_account;
        delete "/events/{id}/players/{pid}/account" => api::events::unlink_account;
        get "/events/{id}/players/{pid}" => api::events::show_player;
        patch "/events/{id}/players/{pid}" => api::edits::edit_player;
        delete "/events/{id}/players/{pid}" => api::edits::remove_player;
        get "/events/{id}/players/{pid}/link" => api::events::personal_link;
        post "/events/{id}/players/{pid}/link" => api::events::reissue_link;
        post "/events/{id}/rounds" => api::events::pair;
        get "/events/{id}/rounds/{n}" => api::events::round;
        delete "/events/{id}/rounds/{n}" => api::edits::withdraw_round;
        put "/events/{id}/rounds/{n}/pairings" => api::edits::set_pairings;
        get "/events/{id}/standings" => api::events::standings;
        get "/events/{id}/prizes" => api::edits::prizes;
        put "/events/{id}/prizes" => api::edits::set_prizes;
        get "/events/{id}/export.trf" => api::events::export_trf;
        get "/events/{id}/export.csv" => api::events::export_csv;
        get "/me/games" => api::me::games;
        get "/ratings" => api::ratings::list;
        post "/circuits" => api::circuits::create;
        get "/circuits/{id}" => api::circuits::show;
        post "/circuits/{id}/final" => api::circuits::fill_final;
        post "/events/{id}/rating" => api::ratings::put_event;
        get "/events/{id}/rating" => api::ratings::event_report;
        get "/events/{id}/fair-play" => api::fair_play::show;
        get "/events/{id}/fair-play/players/{pid}" => api::fair_play::player;
        post "/events/{id}/fair-play/players/{pid}/decision" => api::fair_play::decide;
        post "/events/{id}/rating/changes" => api::ratings::accept_changes;
        delete "/events/{id}/rating" => api::ratings::take_out_event;
        get "/registry" => api::registry::search;
        get "/registry/export" => api::registry::export;
        get "/registry/{federation_id}" => api::registry::show;
        post "/registry/{federation_id}/merge" => api::registry::merge;
        get "/games/{id}" => api::games::show;
        get "/games/{id}/submissions" => api::games::submissions;
        post "/games/{id}/submissions/{sid}/accept" => api::games::accept;
        post "/games/{id}/record" => api::games::record;
        post "/games/{id}/confirm" => api::games::confirm;
        post "/games/{id}/dispute" => api::games::dispute;
        post "/games/{id}/decision" => api::games::decision;
        get "/games/{id}/adjudication" => api::games::latest_adjudication;
        post "/games/{id}/adjudication" => api::games::adjudication;
        post "/games/{id}/adjudication/{aid}/decision" => api::games::adjudication_decision;
        post "/games/{id}/correction" => api::games::correction;
        post "/games/{id}/moves" => api::live::play;
        post "/games/{id}/takeback" => api::live::take_back;
        get "/games/{id}/live" => api::live::game_stream;
        get "/events/{id}/rounds/{n}/live" => api::live::round_stream;
    }
}
