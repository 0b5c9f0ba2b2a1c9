//! `kiela registry …` and `kiela archive …`: a federation's season across installations from
//! the command line (docs/archive.md). Each opens the installation's database as the server
//! does.

use std::path::PathBuf;

use clap::Subcommand;

use crate::service::archive::{self, MatchDecision};
use crate::service::{App, ServiceError, registry_file};

/// `kiela registry …`.
#[derive(Subcommand)]
pub enum RegistryCommand {
    /// Load the federation's registry and rating list (the file of
    /// `GET /api/v1/registry/export`): entering a person by national id then fills their
    /// details and national rating offline.
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Write this installation's registry and rating list as that file.
    Export {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// `kiela venue …`: the venues whose archives this installation takes.
#[derive(Subcommand)]
pub enum VenueCommand {
    /// List the venues, their key fingerprints and whether they are approved.
    List,
    /// Approve a venue's key, after comparing its fingerprint with the venue's own page.
    Approve {
        #[arg(value_name = "CODE")]
        code: String,
        /// The fingerprint as the venue's administrator reads it.
        #[arg(long)]
        fingerprint: String,
    },
    /// Forget a venue: its next archive registers its key again.
    Forget {
        #[arg(value_name = "CODE")]
        code: String,
    },
}

/// Runs a venue command as the installation's first administrator.
pub fn venue(app: &App, command: VenueCommand) -> Result<String, String> {
    let admin = crate::service::accounts::first_admin(app)
        .map_err(|e| said(&e))?
        .ok_or("no administrator yet: create one first")?;
    match command {
        VenueCommand::List => {
            let venues = crate::service::venues::list(app, &admin).map_err(|e| said(&e))?;
            Ok(venues
                .iter()
                .map(|v| format!("{}\t{}\t{}\t{}", v.code, v.fingerprint, v.state, v.name))
                .collect::<Vec<_>>()
                .join("\n"))
        }
        VenueCommand::Approve { code, fingerprint } => {
            let venue = crate::service::venues::approve(app, &admin, &code, &fingerprint)
                .map_err(|e| said(&e))?;
            Ok(format!("{} ({}) approved", venue.code, venue.fingerprint))
        }
        VenueCommand::Forget { code } => {
            crate::service::venues::forget(app, &admin, &code).map_err(|e| said(&e))?;
            Ok(format!("{code} forgotten"))
        }
    }
}

/// `kiela archive …`.
#[derive(Subcommand)]
pub enum ArchiveCommand {
    /// Write an event's archive (FILE.kiela).
    Export {
        /// The event's slug (its address: /events/SLUG).
        #[arg(long)]
        event: String,
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Import an event's archive from the installation that ran it; prints the review.
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Review only: print who each entry would be, write nothing.
        #[arg(long)]
        dry_run: bool,
        /// The account the event is imported as (default: the first administrator).
        #[arg(long, value_name = "EMAIL")]
        owner: Option<String>,
        /// Who an entry is: its pairing number and a registered person's id, or `new`
        /// (`--match 3=K0000012 --match 5=new`).
        #[arg(long = "match", value_name = "NUMBER=ID")]
        matches: Vec<String>,
        /// Confirms the changes a later archive of an imported event makes: its digest, as
        /// the review (`--dry-run`) printed it.
        #[arg(long, value_name = "DIGEST")]
        confirm: Option<String>,
    },
    /// Send an event's archive to the federation now (`federation_url`, `federation_token`),
    /// and mark it to be sent after every change from then on.
    Push {
        #[arg(long)]
        event: String,
    },
}

/// A command's failure, said in English on the command line.
fn said(e: &ServiceError) -> String {
    let code = e.code();
    let message = crate::web::i18n::Lang::En.t(&format!("error-{code}"));
    match e {
        ServiceError::Archive(fault) => {
            let place = match (fault.round, fault.board) {
                (Some(r), Some(b)) => format!(" (round {r}, board {b})"),
                (Some(r), None) => format!(" (round {r})"),
                _ => String::new(),
            };
            let detail = crate::web::said::fault_detail(crate::web::i18n::Lang::En, &fault.detail);
            format!("{message}{place}: {detail}")
        }
        ServiceError::Unusable { detail, .. } | ServiceError::Blocked { detail, .. } => {
            format!("{message} {detail}")
        }
        ServiceError::Internal(_) | ServiceError::Db(_) | ServiceError::Random(_) => e.to_string(),
        _ => message,
    }
}

/// Runs a registry command; the exit status (0 done, 2 refused).
pub fn registry(app: &App, command: RegistryCommand) -> Result<String, String> {
    match command {
        RegistryCommand::Import { file } => {
            let bytes =
                std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let loaded = registry_file::load(app, &bytes).map_err(|e| said(&e))?;
            Ok(format!(
                "{} people added, {} brought up to date, {} national ratings",
                loaded.added, loaded.updated, loaded.rated
            ))
        }
        RegistryCommand::Export { file } => {
            let registry = registry_file::export(app).map_err(|e| said(&e))?;
            let bytes = serde_json::to_vec(&registry).map_err(|e| e.to_string())?;
            write_new(&file, &bytes)?;
            Ok(format!(
                "{} people, as of {}, written to {}",
                registry.people.len(),
                registry.as_of,
                file.display()
            ))
        }
    }
}

/// Runs an archive command; what it says on success.
pub fn archive(app: &App, command: ArchiveCommand) -> Result<String, String> {
    match command {
        ArchiveCommand::Export { event, file } => {
            let event = find(app, &event)?;
            let bytes = archive::export_event(app, &event).map_err(|e| said(&e))?;
            write_new(&file, &bytes)?;
            Ok(format!(
                "{} ({} bytes) written to {}",
                event.name,
                bytes.len(),
                file.display()
            ))
        }
        ArchiveCommand::Import {
            file,
            dry_run,
            owner,
            matches,
            confirm,
        } => {
            let bytes =
                std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let decisions = matches
                .iter()
                .map(|m| decision(m))
                .collect::<Result<Vec<_>, _>>()?;
            let asked = archive::Asked {
                decisions: &decisions,
                confirm: confirm.as_deref(),
            };
            let review = archive::import_file(app, owner.as_deref(), &bytes, &asked, dry_run)
                .map_err(|e| match e {
                    ServiceError::NotFound => {
                        "no such account (create an administrator first, or name one with --owner)"
                            .to_string()
                    }
                    e => said(&e),
                })?;
            serde_json::to_string_pretty(&review).map_err(|e| e.to_string())
        }
        ArchiveCommand::Push { event } => {
            let event = find(app, &event)?;
            let outcome = crate::service::push::push_now(app, &event).map_err(|e| said(&e))?;
            Ok(outcome)
        }
    }
}

/// `NUMBER=ID`.
fn decision(text: &str) -> Result<MatchDecision, String> {
    let (player, person) = text
        .split_once('=')
        .ok_or_else(|| format!("--match {text}: write NUMBER=ID or NUMBER=new"))?;
    Ok(MatchDecision {
        player: player
            .trim()
            .parse()
            .map_err(|_| format!("--match {text}: {player} is not a pairing number"))?,
        person: person.trim().to_string(),
    })
}

fn find(app: &App, slug: &str) -> Result<crate::domain::Event, String> {
    crate::service::access::access(app, crate::service::access::EventRef::Slug(slug), None)
        .map(|a| a.event)
        .map_err(|e| match e {
            ServiceError::NotFound => format!("no event /events/{slug}"),
            e => said(&e),
        })
}

/// Writes a file that must not exist yet (an archive is never written over another).
fn write_new(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    file.write_all(bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
