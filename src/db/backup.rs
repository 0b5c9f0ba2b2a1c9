//! Backups of the embedded database: a consistent copy taken while the server runs, and its
//! restoration. PostgreSQL has its own tools (`pg_dump`, `pg_restore`), which know more about
//! a server than we could; the errors here say so.

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use super::{Backend, DatabaseUrl, DbConnection};

/// Why a backup or a restore cannot be done.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "PostgreSQL is backed up with its own tools: pg_dump --format=custom --file=FILE DBURL, \
         and restored with pg_restore --clean --if-exists --dbname=DBURL FILE"
    )]
    Postgres,
    #[error("{0} already exists; choose a new file name")]
    Exists(PathBuf),
    #[error("{0} is not a Kiela database: {1}")]
    NotKiela(PathBuf, String),
    #[error("{0}")]
    Db(#[from] super::DbError),
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |source| BackupError::Io {
        path: path.to_path_buf(),
        source,
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Copies the database to `dest` as one consistent snapshot. Safe while the server runs: the
/// copy is a read transaction, so writers go on and the copy holds one moment's state.
pub fn backup(url: &DatabaseUrl, dest: &Path) -> Result<(), BackupError> {
    if url.backend() == Backend::Postgres {
        return Err(BackupError::Postgres);
    }
    if dest.exists() {
        return Err(BackupError::Exists(dest.to_path_buf()));
    }
    let mut conn = url.connect()?;
    let DbConnection::Sqlite(sqlite) = &mut conn else {
        return Err(BackupError::Postgres);
    };
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(dest.to_string_lossy().as_ref())
        .execute(sqlite)?;
    Ok(())
}

/// Checks that `file` is a Kiela database: SQLite, readable, with the migrations table and
/// events in it. Returns the number of events.
fn check(file: &Path) -> Result<i64, BackupError> {
    let not_kiela =
        |e: &dyn std::fmt::Display| BackupError::NotKiela(file.to_path_buf(), e.to_string());
    let meta = std::fs::metadata(file).map_err(io(file))?;
    if !meta.is_file() {
        return Err(not_kiela(&"not a file"));
    }
    let mut conn =
        SqliteConnection::establish(&file.to_string_lossy()).map_err(|e| not_kiela(&e))?;
    conn.batch_execute("PRAGMA query_only = ON;")
        .map_err(|e| not_kiela(&e))?;
    let integrity: Vec<IntegrityRow> = diesel::sql_query("PRAGMA quick_check")
        .load(&mut conn)
        .map_err(|e| not_kiela(&e))?;
    if integrity.first().map(|r| r.quick_check.as_str()) != Some("ok") {
        return Err(not_kiela(&"the file is damaged (quick_check failed)"));
    }
    diesel::sql_query("SELECT COUNT(*) AS n FROM __diesel_schema_migrations")
        .get_result::<Count>(&mut conn)
        .map_err(|_| not_kiela(&"no migrations table"))?;
    let events = diesel::sql_query("SELECT COUNT(*) AS n FROM events")
        .get_result::<Count>(&mut conn)
        .map_err(|_| not_kiela(&"no events table"))?;
    Ok(events.n)
}

#[derive(QueryableByName)]
struct IntegrityRow {
    #[diesel(sql_type = Text)]
    quick_check: String,
}

/// Replaces the database with the backup `src`, after checking it. The server must be
/// stopped: the file is swapped underneath any open connection. Returns the number of events
/// in the restored database.
pub fn restore(url: &DatabaseUrl, src: &Path) -> Result<i64, BackupError> {
    if url.backend() == Backend::Postgres {
        return Err(BackupError::Postgres);
    }
    let events = check(src)?;
    let target = PathBuf::from(url.target());
    let staged = target.with_extension("restoring");
    std::fs::copy(src, &staged).map_err(io(&staged))?;
    std::fs::File::open(&staged)
        .and_then(|f| f.sync_all())
        .map_err(io(&staged))?;
    // The write-ahead log of the database being replaced must not be replayed onto the copy.
    for suffix in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", target.display()));
        if side.exists() {
            std::fs::remove_file(&side).map_err(io(&side))?;
        }
    }
    std::fs::rename(&staged, &target).map_err(io(&target))?;
    Ok(events)
}
