//! `LIMIT n` with the number written into the SQL instead of bound as a parameter.
//!
//! SQLite (3.50, the bundled one) marks a statement whose `LIMIT` is a bound parameter to be
//! prepared again whenever that parameter is bound, and diesel binds every parameter on each
//! run: every `.first()` or `.limit(n)` query was parsed and planned afresh each time it ran,
//! a third of the time of a 4,000-line player import. With the number in the text the
//! prepared statement is reused. `clippy.toml` forbids diesel's `first` and `limit` so that
//! no query goes back to a bound limit.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::{QueryResult, RunQueryDsl};

/// A query with at most `rows` rows, the number part of its text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limited<Q> {
    query: Q,
    rows: i64,
}

/// Queries that take a written `LIMIT`.
pub(crate) trait LimitRows: Query + Sized {
    /// At most `rows` rows (`LIMIT rows`, written into the SQL; none below zero).
    fn limit_rows(self, rows: i64) -> Limited<Self> {
        Limited {
            query: self,
            rows: rows.max(0),
        }
    }

    /// The first row: `.limit_rows(1)`, to be run with `get_result`.
    fn first_row(self) -> Limited<Self> {
        self.limit_rows(1)
    }
}

impl<Q: Query> LimitRows for Q {}

impl<Q: Query> Query for Limited<Q> {
    type SqlType = Q::SqlType;
}

// Statements are cached by their text, not their type: two limits of one query are two texts.
impl<Q> QueryId for Limited<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q, DB> QueryFragment<DB> for Limited<Q>
where
    DB: Backend,
    Q: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.query.walk_ast(out.reborrow())?;
        out.push_sql(" LIMIT ");
        out.push_sql(&self.rows.to_string());
        Ok(())
    }
}

impl<Q, Conn> RunQueryDsl<Conn> for Limited<Q> {}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;

    use super::LimitRows;
    use crate::db::schema::events;

    #[test]
    fn the_limit_is_written_into_the_query_not_bound() {
        let query = events::table
            .filter(events::slug.eq("open"))
            .select(events::id)
            .limit_rows(20);
        let sqlite = diesel::debug_query::<diesel::sqlite::Sqlite, _>(&query).to_string();
        assert!(sqlite.contains("LIMIT 20 --"), "{sqlite}");
        assert!(
            sqlite.ends_with("binds: [\"open\"]"),
            "one bound value: {sqlite}"
        );
        let postgres = diesel::debug_query::<diesel::pg::Pg, _>(&query.query).to_string();
        assert!(!postgres.contains("LIMIT"), "{postgres}");
        let first = events::table.select(events::id).first_row();
        let sqlite = diesel::debug_query::<diesel::sqlite::Sqlite, _>(&first).to_string();
        assert!(sqlite.contains("LIMIT 1 --"), "{sqlite}");
    }

    #[test]
    fn a_written_limit_runs_again_from_the_prepared_statement() {
        let dir = std::env::temp_dir().join(format!("kiela-limit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("limit.sqlite3").display());
        let (pool, _) = crate::db::open_pool(&url, 1, std::time::Duration::from_secs(5)).unwrap();
        let mut conn = pool.get().unwrap();
        crate::db::run_migrations(&mut conn).unwrap();
        // The same text twice (the prepared statement reused), then another limit.
        for _ in 0..2 {
            let none: Option<i32> = events::table
                .select(events::id)
                .first_row()
                .get_result(&mut conn)
                .optional()
                .unwrap();
            assert_eq!(none, None);
        }
        let all: Vec<i32> = events::table
            .select(events::id)
            .limit_rows(5)
            .load(&mut conn)
            .unwrap();
        assert!(all.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
