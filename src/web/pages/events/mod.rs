//! Event pages, one room each: `create` (a new event and the settings form), `show` (its front
//! page and players), `manage` (the organiser's page and its settings), `players` (entries and
//! staff changed), `registration` (a player's own), `log` (the audit log and the arbiter's
//! queue), `trf` (an event imported from a TRF file).

mod create;
mod log;
mod manage;
mod players;
mod registration;
mod show;
mod trf;

pub(crate) use create::{create, new_form};
pub(crate) use log::{audit_log, queue};
pub(crate) use manage::{manage, push, update_settings};
pub(crate) use players::{
    add_player, add_staff, approve, bye, check_in, import_players, link_account, reissue_link,
    remove_staff, unlink_account, withdraw,
};
pub(crate) use registration::{register, register_form};
pub(crate) use show::{players_page, show};
pub(crate) use trf::{import_form, import_trf, import_trf_file};
