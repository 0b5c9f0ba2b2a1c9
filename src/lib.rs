//! Kiela tournament manager.
//!
//! Layers, with data flowing one way: `web` → `service` → (`rules`, `tournament`, `db`).
//! `rules`, `engine` and `tournament` are pure and import nothing from the other layers; `domain` holds
//! the types every layer shares (ids, states and kinds, entities).

pub mod cli;
pub mod config;
pub mod db;
pub mod domain;
pub mod engine;
pub mod hall;
pub mod mail;
pub mod rules;
pub mod service;
pub mod tournament;
pub mod web;
