//! Use cases. Each public function opens (at most) one transaction, calls the pure modules and
//! `db`, and knows nothing of HTTP. Errors carry stable codes that the web layer translates.

pub mod access;
pub mod accounts;
pub mod archive;
pub mod audit;
pub mod board;
pub(crate) mod bounded;
pub mod bracket;
pub mod circuits;
pub mod crypto;
pub mod csv;
pub mod demo;
pub mod duplicates;
pub mod email_change;
pub mod engine_slots;
pub mod entrant;
pub mod event_data;
pub mod event_list;
pub mod event_log;
pub(crate) mod event_mail;
pub mod events;
pub mod exports;
pub mod fair_play;
pub mod games;
pub mod hasher;
pub mod installation;
pub(crate) mod letters;
pub mod limits;
pub mod live_feed;
pub mod memo;
pub mod my_games;
pub(crate) mod notify;
pub(crate) mod objects_only;
pub mod outbox;
pub mod overview;
pub mod password_reset;
pub mod player_edit;
pub mod players;
pub mod practice;
pub mod prizes;
pub mod public;
pub mod push;
pub mod ratings;
pub mod registry;
pub mod registry_file;
pub mod reviews;
pub mod round_plan;
pub mod rounds;
pub mod signing;
pub mod standings;
pub mod trf_import;
pub mod venues;

#[cfg(test)]
mod tree;

use std::sync::Arc;

use crate::config::Config;
use crate::db::{self, Backend, Conn, DbError, Pool};
pub use crate::domain::ErrorCode;

/// What every use case needs: the pool, the configuration, the installation's secret key and
/// the password hasher's threads.
#[derive(Clone)]
pub struct App {
    pub pool: Pool,
    pub backend: Backend,
    pub config: Arc<Config>,
    pub hasher: hasher::Hasher,
    /// Answers computed once per event version (round explanations, exports).
    pub memo: Arc<Memos>,
    /// The workers that bring each event's standings up to its results.
    pub standings: Arc<standings::StandingsWorker>,
    /// The engine's searches (adjudications, the practice board, reviews), a few at a time.
    pub engine: engine_slots::EngineSlots,
    /// Imports of whole files (archives, registry files), a few at a time: each reads a file
    /// of up to tens of megabytes.
    pub imports: engine_slots::EngineSlots,
    /// Who this installation is, and the ids its registry issues.
    pub installation: Arc<installation::Installation>,
    /// The key its archives are signed with.
    pub signing: Arc<signing::InstallationKey>,
    /// The streams following games in play on this server, and its reader of the live feed.
    pub live: Arc<live_feed::LiveFeed>,
    secret: Arc<Vec<u8>>,
}

/// The [`memo::Memo`]s of the use cases whose answers are expensive.
#[derive(Debug)]
pub struct Memos {
    pub explanations: memo::Memo<Arc<round_plan::RoundExplanation>>,
    pub exports: memo::Memo<Arc<String>>,
    /// The whole rating list as of a month, before any filter.
    pub rating_lists: memo::Memo<Arc<ratings::WholeList>>,
}

impl Default for Memos {
    /// Within about 64 MB in all: 32 for the exports, 16 for the round explanations, 16 for the
    /// rating lists (a list of 10,000 people takes some 2 MB).
    fn default() -> Memos {
        Memos {
            explanations: memo::Memo::new(64, 16 << 20, |e| e.weight()),
            exports: memo::Memo::new(256, 32 << 20, |text| text.len()),
            rating_lists: memo::Memo::new(16, 16 << 20, |list| list.weight()),
        }
    }
}

/// Imports of whole files one server reads at once.
const IMPORTS_AT_ONCE: usize = 2;

/// How long a request may wait for a password-hashing thread before it is told the server is
/// busy (503 with `Retry-After`).
const HASH_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

/// The name under which the secret key is kept in the settings table.
const SECRET_KEY_SETTING: &str = "secret_key";

impl App {
    /// Opens the database, applies migrations and loads (or creates, on first start) the
    /// secret key shared by every app server of the installation.
    pub fn start(config: Config) -> Result<App, ServiceError> {
        let (pool, backend) = db::open_pool(
            &config.database_url,
            config.pool_size,
            std::time::Duration::from_millis(config.pool_wait_ms),
        )?;
        let mut conn = pool.get().map_err(DbError::from)?;
        let applied = db::run_migrations(&mut conn)?;
        for version in applied {
            tracing::info!("applied migration {version}");
        }
        let keyed = registry::write_missing_keys(&mut conn)?;
        if keyed > 0 {
            tracing::info!("wrote the search keys of {keyed} registered players");
        }
        let installation = installation::load(&mut conn, &config)?;
        let signing = signing::InstallationKey::load(&mut conn)?;
        if installation::issued_national_ids_unstated(&mut conn, &installation)? {
            tracing::warn!(
                "this installation issued federation ids of the national form (K0000001…) \
                 before installations had roles: set installation_role = \"federation\" if it \
                 is the federation's server, or \"venue\" to issue local ids from now on \
                 (docs/archive.md, \"Roles\")"
            );
        }
        let secret = match &config.secret_key {
            Some(hex_key) => hex::decode(hex_key.trim())
                .map_err(|e| ServiceError::Internal(format!("secret key: {e}")))?,
            None => {
                let fresh = crypto::random_token()?;
                let stored = db::settings::get_or_insert(&mut conn, SECRET_KEY_SETTING, &fresh)?;
                hex::decode(stored)
                    .map_err(|e| ServiceError::Internal(format!("stored secret key: {e}")))?
            }
        };
        drop(conn);
        let hasher = hasher::Hasher::per_core(HASH_WAIT)
            .map_err(|e| ServiceError::Internal(format!("password hashing threads: {e}")))?;
        let app = App {
            pool,
            backend,
            config: Arc::new(config),
            hasher,
            memo: Arc::new(Memos::default()),
            standings: Arc::new(standings::StandingsWorker::default()),
            engine: engine_slots::EngineSlots::per_spare_core(),
            imports: engine_slots::EngineSlots::new(IMPORTS_AT_ONCE),
            installation: Arc::new(installation),
            signing: Arc::new(signing),
            live: Arc::new(live_feed::LiveFeed::default()),
            secret: Arc::new(secret),
        };
        // Results a stopped server took but never counted are counted now.
        let due = db::standings::due_events(&mut *app.conn()?)?;
        for event_id in due {
            app.standings.nudge(&app, event_id);
        }
        Ok(app)
    }

    /// A connection from the pool.
    pub fn conn(&self) -> Result<Conn, ServiceError> {
        Ok(self.pool.get().map_err(DbError::from)?)
    }

    /// A keyed MAC of `message` under the installation's secret (CSRF tokens).
    #[must_use]
    pub(crate) fn sign(&self, message: &str) -> String {
        crypto::mac(&self.secret, message)
    }

    /// Checks that the database answers.
    pub(crate) fn health(&self) -> Result<(), ServiceError> {
        use diesel::connection::SimpleConnection;
        let mut conn = self.conn()?;
        conn.batch_execute("SELECT 1")
            .map_err(|e| ServiceError::Db(DbError::Query(e)))
    }
}

/// A rejected field of a form or request, with a stable code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub field: &'static str,
    pub code: ErrorCode,
}

/// Errors of the use cases. `code()` is stable: it keys the translated message and the API's
/// error code.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("not found")]
    NotFound,
    #[error("not allowed")]
    Forbidden,
    /// Not allowed, for a reason the person should be told (their own game, say).
    #[error("not allowed: {0}")]
    NotAllowed(ErrorCode),
    #[error("invalid {}: {}", .0.field, .0.code)]
    Invalid(Invalid),
    #[error("conflict: {0}")]
    Conflict(ErrorCode),
    /// Someone else changed the same thing first; the use case tries again (and, if it keeps
    /// happening, answers 409).
    #[error("changed meanwhile")]
    Stale,
    /// A conflict with specifics to show (such as the boards still without a result).
    #[error("conflict: {code} ({detail})")]
    Blocked { code: ErrorCode, detail: String },
    /// Input that cannot be used, with specifics (a file's line and what was expected).
    #[error("unusable input: {code} ({detail})")]
    Unusable { code: ErrorCode, detail: String },
    /// An event archive refused, with the game (round, board) and why.
    #[error("archive refused: {}", .0.code)]
    Archive(Box<archive::ArchiveFault>),
    /// A tournament file that cannot be read, with where and why.
    #[error("unusable TRF file: {0}")]
    Trf(crate::tournament::trf::TrfError),
    #[error("wrong email or password")]
    BadCredentials,
    #[error("too many attempts; try again in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    /// The server has more work of this kind than it takes at once (password hashing).
    #[error("busy; try again in {retry_after_secs} s")]
    Busy { retry_after_secs: u64 },
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Random(#[from] crypto::RandomError),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<hasher::Busy> for ServiceError {
    fn from(busy: hasher::Busy) -> ServiceError {
        ServiceError::Busy {
            retry_after_secs: busy.retry_after_secs,
        }
    }
}

impl From<diesel::result::Error> for ServiceError {
    fn from(e: diesel::result::Error) -> ServiceError {
        ServiceError::Db(DbError::Query(e))
    }
}

impl ServiceError {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            ServiceError::NotFound => ErrorCode::NotFound,
            ServiceError::Forbidden => ErrorCode::Forbidden,
            ServiceError::NotAllowed(code) | ServiceError::Conflict(code) => *code,
            ServiceError::Invalid(invalid) => invalid.code,
            ServiceError::Blocked { code, .. } | ServiceError::Unusable { code, .. } => *code,
            ServiceError::Trf(_) => ErrorCode::TrfInvalid,
            ServiceError::Archive(fault) => fault.code,
            ServiceError::Stale => ErrorCode::Stale,
            ServiceError::BadCredentials => ErrorCode::BadCredentials,
            ServiceError::RateLimited { .. } => ErrorCode::RateLimited,
            ServiceError::Busy { .. } => ErrorCode::Busy,
            ServiceError::Db(DbError::Pool(_) | DbError::Connect(_)) => ErrorCode::Unavailable,
            ServiceError::Db(_) | ServiceError::Random(_) | ServiceError::Internal(_) => {
                ErrorCode::Internal
            }
        }
    }

    /// A rejected field.
    #[must_use]
    pub(crate) fn invalid(field: &'static str, code: ErrorCode) -> ServiceError {
        ServiceError::Invalid(Invalid { field, code })
    }
}
