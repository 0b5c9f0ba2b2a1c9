//! Pure tournament logic: pairing systems, brackets, standings and tie-breaks, over plain
//! data. Nothing here touches the web, the services or the database.

pub mod baku;
pub mod berger;
pub mod circuit;
pub mod dutch;
pub mod history;
pub mod knockout;
pub mod matching;
pub mod names;
pub mod places;
pub mod prizes;
pub mod ratings;
pub mod simulate;
pub mod standings;
pub mod trf;
pub mod trf_pairing;
pub mod wide;
