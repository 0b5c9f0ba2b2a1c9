//! HTTP tests of the application, each on a fresh database, on SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

mod accounts;
mod api;
mod events;
mod security;
mod site;
