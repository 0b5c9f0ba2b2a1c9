//! HTTP tests of the application, each on a fresh database, on SQLite and on PostgreSQL.

#![expect(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![expect(
    clippy::too_many_lines,
    clippy::format_collect,
    clippy::unreadable_literal,
    reason = "a test tells one story from start to end, builds its files line by line and \
              writes amounts as organisers type them"
)]

mod harness;
mod hostile;
mod live;
mod process;

mod accounts;
mod adjudication;
mod api;
mod api_document;
mod authz;
mod backup;
mod bombs;
mod browser;
mod circuits;
mod cluster;
mod concurrency;
mod conventions;
mod crash;
mod desk;
mod events;
mod fair_play;
mod files;
mod formats;
mod front_door;
mod hall;
mod mail;
mod page_types;
mod practice;
mod public;
mod ratings;
mod registry;
mod reviews;
mod season;
mod security;
mod site;
mod site_pages;
mod snapshots;
mod store;
mod trust;
mod upload;
mod why;
mod words;
