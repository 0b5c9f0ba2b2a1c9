//! Installation-wide settings kept in the database, so every app server shares them.

use super::limit::LimitRows;
use diesel::prelude::*;

use super::schema::settings;
use super::{DbConnection, is_unique_violation};

pub fn get(conn: &mut DbConnection, name: &str) -> QueryResult<Option<String>> {
    settings::table
        .find(name)
        .select(settings::value)
        .first_row()
        .get_result(conn)
        .optional()
}

/// Stores `value` under `name` unless a value is already there, and returns the stored value.
/// Safe when several app servers start at once: the first insert wins and the others read it.
pub(crate) fn get_or_insert(
    conn: &mut DbConnection,
    name: &str,
    value: &str,
) -> QueryResult<String> {
    if let Some(existing) = get(conn, name)? {
        return Ok(existing);
    }
    match diesel::insert_into(settings::table)
        .values((settings::name.eq(name), settings::value.eq(value)))
        .execute(conn)
    {
        Ok(_) => Ok(value.to_string()),
        Err(e) if is_unique_violation(&e) => get(conn, name)?.ok_or(e),
        Err(e) => Err(e),
    }
}

/// Stores `value` under `name`, replacing what was there.
pub(crate) fn set(conn: &mut DbConnection, name: &str, value: &str) -> QueryResult<()> {
    let changed = diesel::update(settings::table.find(name))
        .set(settings::value.eq(value))
        .execute(conn)?;
    if changed == 0 {
        get_or_insert(conn, name, value)?;
    }
    Ok(())
}
