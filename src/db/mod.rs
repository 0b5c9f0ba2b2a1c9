//! The database: one connection type over SQLite (embedded default) and PostgreSQL (large
//! deployments), chosen by the URL scheme; the pool; migrations; and the only SQL of the
//! program, in this module's submodules.

pub mod accounts;
pub(crate) mod adjudications;
pub(crate) mod archive;
pub mod backup;
pub(crate) mod circuits;
pub mod events;
pub(crate) mod fair_play_decisions;
pub(crate) mod limit;
pub(crate) mod live;
pub(crate) mod outbox;
pub(crate) mod push;
pub(crate) mod ratings;
pub(crate) mod registry;
pub(crate) mod reviews;
pub mod schema;
pub(crate) mod screenings;
pub mod settings;
pub(crate) mod standings;
pub(crate) mod venues;
pub(crate) mod versions;

use std::str::FromStr;
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{ManageConnection, Pool as R2d2Pool, PooledConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// A connection to either backend.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

/// The connection pool.
pub type Pool = R2d2Pool<Manager>;
/// A connection taken from the pool.
pub type Conn = PooledConnection<Manager>;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// Milliseconds a SQLite connection waits for a lock before failing.
const SQLITE_BUSY_TIMEOUT_MS: u32 = 10_000;

/// Errors of the database layer.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(
        "unsupported database URL `{0}`: use sqlite://PATH (embedded) or postgres://USER@HOST/DB"
    )]
    UnknownScheme(String),
    #[error("cannot connect to the database: {0}")]
    Connect(String),
    #[error("no database connection available: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("migration failed: {0}")]
    Migration(String),
}

/// Which backend a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database URL whose scheme was recognised. Any other scheme is refused, so a mistyped
/// PostgreSQL URL never silently becomes a SQLite file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseUrl {
    backend: Backend,
    /// What the backend's driver is given: a file path for SQLite, the URL for PostgreSQL.
    target: String,
}

impl FromStr for DatabaseUrl {
    type Err = DbError;

    fn from_str(url: &str) -> Result<DatabaseUrl, DbError> {
        let url = url.trim();
        if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(DbError::UnknownScheme(url.to_string()));
            }
            return Ok(DatabaseUrl {
                backend: Backend::Sqlite,
                target: path.to_string(),
            });
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DatabaseUrl {
                backend: Backend::Postgres,
                target: url.to_string(),
            });
        }
        Err(DbError::UnknownScheme(redact(url)))
    }
}

/// Hides a password in a URL before it is shown in an error.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}://…@{}", &url[..scheme_end], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

impl DatabaseUrl {
    /// The backend.
    #[must_use]
    pub(crate) fn backend(&self) -> Backend {
        self.backend
    }

    /// What the driver is given: the file path for SQLite, the URL for PostgreSQL.
    #[must_use]
    pub(crate) fn target(&self) -> &str {
        &self.target
    }

    /// Opens one connection, with the SQLite settings applied.
    pub(crate) fn connect(&self) -> Result<DbConnection, DbError> {
        match self.backend {
            Backend::Sqlite => {
                if let Some(parent) = std::path::Path::new(&self.target).parent()
                    && !parent.as_os_str().is_empty()
                    && !parent.exists()
                {
                    return Err(DbError::Connect(format!(
                        "the folder {} does not exist",
                        parent.display()
                    )));
                }
                let mut conn = SqliteConnection::establish(&self.target)
                    .map_err(|e| DbError::Connect(e.to_string()))?;
                // busy_timeout first: the journal-mode switch itself may have to wait for
                // another process's lock. synchronous = FULL: a commit is on disk before the
                // answer leaves, so even a power cut loses no confirmed result (NORMAL would
                // survive a killed process but not a power cut).
                conn.batch_execute(&format!(
                    "PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}; \
                     PRAGMA journal_mode = WAL; \
                     PRAGMA foreign_keys = ON; \
                     PRAGMA synchronous = FULL;"
                ))
                .map_err(|e| DbError::Connect(e.to_string()))?;
                Ok(DbConnection::Sqlite(conn))
            }
            Backend::Postgres => PgConnection::establish(&self.target)
                .map(DbConnection::Postgres)
                .map_err(|e| DbError::Connect(e.to_string())),
        }
    }
}

/// The pool's connection factory: it knows the backend, so it never guesses from the URL.
#[derive(Clone, Debug)]
pub struct Manager {
    url: DatabaseUrl,
}

impl ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        self.url.connect()
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        conn.batch_execute("SELECT 1").map_err(DbError::Query)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        match conn {
            DbConnection::Postgres(c) => AnsiTransactionManager::is_broken_transaction_manager(c),
            DbConnection::Sqlite(c) => AnsiTransactionManager::is_broken_transaction_manager(c),
        }
    }
}

/// Opens the pool. One direct connection is tried first, because the pool would only report
/// a timeout and hide the real reason (wrong password, no such host, missing folder).
pub(crate) fn open_pool(url: &str, size: u32, wait: Duration) -> Result<(Pool, Backend), DbError> {
    let url: DatabaseUrl = url.parse()?;
    drop(url.connect()?);
    let backend = url.backend();
    let pool = R2d2Pool::builder()
        .max_size(size)
        .connection_timeout(wait)
        .test_on_check_out(false)
        .build(Manager { url })?;
    Ok((pool, backend))
}

/// Applies pending migrations and returns the versions applied. On PostgreSQL an advisory lock
/// serialises app servers that start at the same moment.
pub fn run_migrations(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    let applied = match conn {
        DbConnection::Sqlite(c) => c
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|v| v.iter().map(ToString::to_string).collect())
            .map_err(|e| DbError::Migration(e.to_string()))?,
        DbConnection::Postgres(c) => {
            c.batch_execute("SELECT pg_advisory_lock(7303)")?;
            let result = c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|v| v.iter().map(ToString::to_string).collect::<Vec<_>>())
                .map_err(|e| DbError::Migration(e.to_string()));
            c.batch_execute("SELECT pg_advisory_unlock(7303)")?;
            result?
        }
    };
    Ok(applied)
}

/// Reverts every migration (the migration tests go down and up again).
pub fn revert_all_migrations(conn: &mut DbConnection) -> Result<(), DbError> {
    match conn {
        DbConnection::Sqlite(c) => c
            .revert_all_migrations(SQLITE_MIGRATIONS)
            .map(drop)
            .map_err(|e| DbError::Migration(e.to_string())),
        DbConnection::Postgres(c) => c
            .revert_all_migrations(POSTGRES_MIGRATIONS)
            .map(drop)
            .map_err(|e| DbError::Migration(e.to_string())),
    }
}

/// Reverts the migrations newer than `version` (`2026-12-02-000009`): a test of what a
/// migration does to data written before it.
pub fn revert_to(conn: &mut DbConnection, version: &str) -> Result<(), DbError> {
    let failed = |e: Box<dyn std::error::Error + Send + Sync>| DbError::Migration(e.to_string());
    loop {
        let newest = match conn {
            DbConnection::Sqlite(c) => c.applied_migrations().map_err(failed)?,
            DbConnection::Postgres(c) => c.applied_migrations().map_err(failed)?,
        }
        .iter()
        .map(|v| v.to_string().replace('-', ""))
        .max();
        match newest {
            Some(newest) if newest.as_str() > version.replace('-', "").as_str() => {}
            _ => return Ok(()),
        }
        match conn {
            DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE_MIGRATIONS).map(drop),
            DbConnection::Postgres(c) => c.revert_last_migration(POSTGRES_MIGRATIONS).map(drop),
        }
        .map_err(failed)?;
    }
}

/// Runs `work` in a write transaction. On SQLite the transaction takes the write lock at
/// `BEGIN` (`BEGIN IMMEDIATE`), so two writers queue on the busy timeout instead of failing
/// halfway with "database is locked" when one upgrades its read lock.
pub(crate) fn write_transaction<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    match conn {
        DbConnection::Sqlite(c) => {
            AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
        }
        DbConnection::Postgres(c) => AnsiTransactionManager::begin_transaction(c)?,
    }
    finish_transaction(conn, work)
}

/// Runs `work` in a read-only transaction: everything it reads belongs to one moment of the
/// database (a page built from several reads never mixes two states of an event).
pub(crate) fn read_transaction<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    match conn {
        // A deferred transaction reads one snapshot of the WAL from its first read on.
        DbConnection::Sqlite(c) => AnsiTransactionManager::begin_transaction_sql(c, "BEGIN")?,
        DbConnection::Postgres(c) => AnsiTransactionManager::begin_transaction_sql(
            c,
            "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        )?,
    }
    finish_transaction(conn, work)
}

/// Runs `work` in the transaction just begun, and commits it, or rolls it back on an error.
fn finish_transaction<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    // The multi-connection's transaction manager delegates to the inner connection's, which
    // now knows a transaction is open.
    type Manager = <DbConnection as Connection>::TransactionManager;
    match work(conn) {
        Ok(value) => match Manager::commit_transaction(conn) {
            Ok(()) => Ok(value),
            Err(e) => {
                if let Err(rollback) = Manager::rollback_transaction(conn) {
                    tracing::error!("rollback after a failed commit failed: {rollback}");
                }
                Err(e.into())
            }
        },
        Err(e) => {
            if let Err(rollback) = Manager::rollback_transaction(conn) {
                tracing::error!("rollback failed: {rollback}");
            }
            Err(e)
        }
    }
}

/// Serialises the writers of one event on PostgreSQL for the rest of the transaction (a
/// transaction-scoped advisory lock). SQLite needs nothing: its write transactions take the
/// database's write lock at `BEGIN IMMEDIATE`. Writes that allocate numbers (pairing numbers,
/// boards, knockout deciders) or read-then-write (set a staff role, a bye) then behave on both
/// backends alike, instead of failing on a unique key when two requests meet.
pub(crate) fn lock_event(
    conn: &mut DbConnection,
    event_id: crate::domain::EventId,
) -> QueryResult<()> {
    if let DbConnection::Postgres(c) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock(1, $1)")
            .bind::<diesel::sql_types::Integer, _>(event_id.0)
            .execute(c)?;
    }
    Ok(())
}

/// A write transaction of one event, holding the event's lock (see [`lock_event`]) from the
/// start.
pub(crate) fn event_transaction<T, E>(
    conn: &mut DbConnection,
    event_id: crate::domain::EventId,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    write_transaction(conn, |conn| {
        lock_event(conn, event_id)?;
        work(conn)
    })
}

/// Serialises, on PostgreSQL, the transactions that count and add rows under one key (a rate
/// limit's ledger), for the rest of the transaction; SQLite's write lock already does.
pub(crate) fn lock_key(conn: &mut DbConnection, key: &str) -> QueryResult<()> {
    if let DbConnection::Postgres(c) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock(2, hashtext($1))")
            .bind::<diesel::sql_types::Text, _>(key)
            .execute(c)?;
    }
    Ok(())
}

/// Whether an error says that another transaction got there first, so the same work may be
/// tried again: PostgreSQL's serialisation failures, and SQLite's "database is locked" (a
/// lock not granted within the busy timeout, which SQLite reports only by its message).
#[must_use]
pub(crate) fn is_retryable(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match error {
        Error::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => true,
        Error::DatabaseError(_, info) => info.message().contains("database is locked"),
        _ => false,
    }
}

/// Whether an error is a uniqueness violation (a lost race, or a duplicate).
#[must_use]
pub(crate) fn is_unique_violation(error: &diesel::result::Error) -> bool {
    matches!(
        error,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)
    )
}

/// Free text as both backends can store it: PostgreSQL text cannot hold NUL, so a record or
/// note that has one keeps U+FFFD in its place (on SQLite too, so both store the same).
#[must_use]
pub(crate) fn storable(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\0') {
        std::borrow::Cow::Owned(text.replace('\0', "\u{fffd}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The current time, as stored (UTC, microsecond precision so both backends agree).
#[must_use]
pub(crate) fn now() -> chrono::NaiveDateTime {
    let now = chrono::Utc::now().naive_utc();
    chrono::DurationRound::duration_trunc(now, chrono::TimeDelta::microseconds(1)).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_comes_from_the_scheme_only() {
        let sqlite: DatabaseUrl = "sqlite://data/kiela.sqlite3".parse().unwrap();
        assert_eq!(sqlite.backend(), Backend::Sqlite);
        let pg: DatabaseUrl = "postgres://postgres@127.0.0.1/kiela".parse().unwrap();
        assert_eq!(pg.backend(), Backend::Postgres);
        for bad in [
            "postgress://x@y/z",
            "mysql://a",
            "kiela.sqlite3",
            "sqlite://",
            "",
        ] {
            assert!(bad.parse::<DatabaseUrl>().is_err(), "{bad}");
        }
        let err = "mysql://user:secret@host/db"
            .parse::<DatabaseUrl>()
            .unwrap_err();
        assert!(!err.to_string().contains("secret"), "{err}");
    }
}
