//! The federation's registry of players: each person once, named by a federation id that
//! every entry of theirs carries in `players.federation_id`.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{games, players, registry_merges, registry_players, rounds};
use super::versions::{Counter, bump};
use crate::domain::{
    EventId, GameId, GameStatus, IssuedIds, PersonId, Player, PlayerId, RegistryPlayer, Sex,
    StoredResult, UserId,
};

/// What an organiser's entry says of its person, written to the registry.
#[derive(Clone, Debug, Insertable, AsChangeset)]
#[diesel(table_name = registry_players, treat_none_as_null = true)]
pub(crate) struct PersonDetails<'a> {
    pub name: &'a str,
    pub name_key: &'a str,
    pub sound_key: &'a str,
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub club: &'a str,
    pub province: &'a str,
    pub email: Option<&'a str>,
    pub user_id: Option<UserId>,
    pub updated_at: NaiveDateTime,
}

/// `changed` rows, after moving the registry's counter on when there are any.
fn bumped(conn: &mut DbConnection, changed: usize) -> QueryResult<usize> {
    if changed > 0 {
        bump(conn, Counter::Registry)?;
    }
    Ok(changed)
}

pub(crate) fn by_federation_id(
    conn: &mut DbConnection,
    federation_id: &str,
) -> QueryResult<Option<RegistryPlayer>> {
    registry_players::table
        .filter(registry_players::federation_id.eq(federation_id))
        .select(RegistryPlayer::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// The people of these ids.
pub(crate) fn by_federation_ids<'a>(
    conn: &mut DbConnection,
    ids: impl Iterator<Item = &'a str>,
) -> QueryResult<Vec<RegistryPlayer>> {
    let ids: Vec<&str> = ids.collect();
    let mut out = Vec::with_capacity(ids.len());
    // Bound values stay far from both backends' limits.
    for chunk in ids.chunks(500) {
        out.extend(
            registry_players::table
                .filter(registry_players::federation_id.eq_any(chunk.to_vec()))
                .select(RegistryPlayer::as_select())
                .load(conn)?,
        );
    }
    Ok(out)
}

/// The person bound to an account (the latest, should several be).
pub(crate) fn by_user(
    conn: &mut DbConnection,
    user_id: UserId,
) -> QueryResult<Option<RegistryPlayer>> {
    registry_players::table
        .filter(registry_players::user_id.eq(user_id))
        .order(registry_players::updated_at.desc())
        .select(RegistryPlayer::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// The people bound to these accounts.
pub(crate) fn by_users(
    conn: &mut DbConnection,
    ids: &[UserId],
) -> QueryResult<Vec<RegistryPlayer>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        out.extend(
            registry_players::table
                .filter(registry_players::user_id.eq_any(chunk.to_vec()))
                .select(RegistryPlayer::as_select())
                .load(conn)?,
        );
    }
    Ok(out)
}

/// Binds the person to the account, if they are bound to none.
pub(crate) fn bind_user(
    conn: &mut DbConnection,
    federation_id: &str,
    user_id: UserId,
) -> QueryResult<usize> {
    diesel::update(
        registry_players::table
            .filter(registry_players::federation_id.eq(federation_id))
            .filter(registry_players::user_id.is_null()),
    )
    .set(registry_players::user_id.eq(user_id))
    .execute(conn)
    .and_then(|n| bumped(conn, n))
}

/// Unbinds the person from the account, if they are bound to it.
pub(crate) fn unbind_user(
    conn: &mut DbConnection,
    federation_id: &str,
    user_id: UserId,
) -> QueryResult<usize> {
    diesel::update(
        registry_players::table
            .filter(registry_players::federation_id.eq(federation_id))
            .filter(registry_players::user_id.eq(user_id)),
    )
    .set(registry_players::user_id.eq(None::<UserId>))
    .execute(conn)
    .and_then(|n| bumped(conn, n))
}

/// Makes an entry name another person (one its id was merged into).
pub(crate) fn set_entry_person(
    conn: &mut DbConnection,
    entry: PlayerId,
    federation_id: &str,
) -> QueryResult<usize> {
    diesel::update(players::table.find(entry))
        .set(players::federation_id.eq(federation_id))
        .execute(conn)
        .and_then(|n| bumped(conn, n))
}

/// The id a new person is registered under.
#[derive(Clone, Copy, Debug)]
pub(crate) enum NewId<'a> {
    /// An id the federation gave them.
    Given(&'a str),
    /// One the registry issues, of the installation's form, from the row's number; the row
    /// holds `placeholder` (unique, random) until its number is known.
    Issued {
        issued: &'a IssuedIds,
        placeholder: &'a str,
    },
}

/// Adds a person under the id `federation_id` says.
pub(crate) fn insert(
    conn: &mut DbConnection,
    details: &PersonDetails<'_>,
    federation_id: NewId<'_>,
) -> QueryResult<RegistryPlayer> {
    let id: i32 = diesel::insert_into(registry_players::table)
        .values((
            details,
            registry_players::federation_id.eq(match federation_id {
                NewId::Given(id) => id,
                NewId::Issued { placeholder, .. } => placeholder,
            }),
            registry_players::created_at.eq(details.updated_at),
        ))
        .returning(registry_players::id)
        .get_result(conn)?;
    if let NewId::Issued { issued, .. } = federation_id {
        // An id typed in by a federation before could have the issued form: the next free
        // suffix then.
        let first = issued.id(id);
        let mut chosen = first.clone();
        let mut suffix = 1;
        while by_federation_id(conn, &chosen)?.is_some() {
            suffix += 1;
            chosen = format!("{first}-{suffix}");
        }
        diesel::update(registry_players::table.find(id))
            .set(registry_players::federation_id.eq(&chosen))
            .execute(conn)?;
    }
    bump(conn, Counter::Registry)?;
    registry_players::table
        .find(id)
        .select(RegistryPlayer::as_select())
        .first_row()
        .get_result(conn)
}

pub(crate) fn update(
    conn: &mut DbConnection,
    id: PersonId,
    details: &PersonDetails<'_>,
) -> QueryResult<usize> {
    diesel::update(registry_players::table.find(id))
        .set(details)
        .execute(conn)
        .and_then(|n| bumped(conn, n))
}

/// People whose folded name holds every one of `words` (each a pair of the folded word and
/// its sound), or has a word beginning as it sounds (sounds of three letters or more: a
/// shorter one would match half the registry), or whose federation id it is; by name, at
/// most `limit`.
pub(crate) fn search(
    conn: &mut DbConnection,
    words: &[(String, String)],
    limit: i64,
) -> QueryResult<Vec<RegistryPlayer>> {
    let mut query = registry_players::table
        .select(RegistryPlayer::as_select())
        .into_boxed();
    for (folded, sounded) in words {
        // The words hold letters and digits only, nothing LIKE reads as a pattern.
        if sounded.chars().count() >= 3 {
            query = query.filter(
                registry_players::name_key
                    .like(format!("%{folded}%"))
                    .or(registry_players::federation_id.eq(folded.to_uppercase()))
                    .or(registry_players::sound_key.like(format!("{sounded}%")))
                    .or(registry_players::sound_key.like(format!("% {sounded}%"))),
            );
        } else {
            query = query.filter(
                registry_players::name_key
                    .like(format!("%{folded}%"))
                    .or(registry_players::federation_id.eq(folded.to_uppercase())),
            );
        }
    }
    query
        .order((registry_players::name_key, registry_players::id))
        .limit_rows(limit)
        .load(conn)
}

/// People sharing a sounded word with `words`: the candidates to compare a new name with.
pub(crate) fn sharing_a_sound(
    conn: &mut DbConnection,
    words: &[String],
    limit: i64,
) -> QueryResult<Vec<RegistryPlayer>> {
    let mut query = registry_players::table
        .select(RegistryPlayer::as_select())
        .filter(registry_players::id.eq(-1))
        .into_boxed();
    for word in words.iter().filter(|w| w.chars().count() >= 3) {
        query = query.or_filter(
            registry_players::sound_key
                .eq(word.clone())
                .or(registry_players::sound_key.like(format!("{word} %")))
                .or(registry_players::sound_key.like(format!("% {word}")))
                .or(registry_players::sound_key.like(format!("% {word} %"))),
        );
    }
    query
        .order(registry_players::id)
        .limit_rows(limit)
        .load(conn)
}

/// Rows whose search keys are not written yet (those a migration made), at most `limit`.
pub(crate) fn without_keys(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<(i32, String)>> {
    registry_players::table
        .filter(registry_players::name_key.eq(""))
        .filter(registry_players::name.ne(""))
        .select((registry_players::id, registry_players::name))
        .order(registry_players::id)
        .limit_rows(limit)
        .load(conn)
}

pub(crate) fn set_keys(
    conn: &mut DbConnection,
    id: i32,
    name_key: &str,
    sound_key: &str,
) -> QueryResult<usize> {
    diesel::update(registry_players::table.find(id))
        .set((
            registry_players::name_key.eq(name_key),
            registry_players::sound_key.eq(sound_key),
        ))
        .execute(conn)
}

/// The entry of an event that names this person, other than `except` (the one being edited).
pub(crate) fn entry_in_event(
    conn: &mut DbConnection,
    event: EventId,
    federation_id: &str,
    except: Option<PlayerId>,
) -> QueryResult<Option<Player>> {
    let mut query = players::table
        .filter(players::event_id.eq(event))
        .filter(players::federation_id.eq(federation_id))
        .into_boxed();
    if let Some(except) = except {
        query = query.filter(players::id.ne(except));
    }
    query
        .select(Player::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// Every entry of the person, the earliest first.
pub(crate) fn entries_of(conn: &mut DbConnection, federation_id: &str) -> QueryResult<Vec<Player>> {
    players::table
        .filter(players::federation_id.eq(federation_id))
        .order((players::created_at, players::id))
        .select(Player::as_select())
        .load(conn)
}

/// A final game of some entries, without its record.
#[derive(Clone, Debug, Queryable)]
pub(crate) struct FinalGame {
    pub id: GameId,
    pub event_id: EventId,
    pub round: i32,
    pub first_id: Option<PlayerId>,
    pub second_id: Option<PlayerId>,
    pub result: Option<StoredResult>,
    pub plies: Option<i32>,
}

/// The final games of the entries `ids` (byes aside), by event and round.
pub(crate) fn final_games_list(
    conn: &mut DbConnection,
    ids: &[PlayerId],
) -> QueryResult<Vec<FinalGame>> {
    games::table
        .inner_join(rounds::table)
        .filter(games::status.eq(GameStatus::Final))
        .filter(games::second_id.is_not_null())
        .filter(
            games::first_id
                .eq_any(ids.to_vec())
                .or(games::second_id.eq_any(ids.to_vec())),
        )
        .order((games::event_id, rounds::number, games::game_no))
        .select((
            games::id,
            games::event_id,
            rounds::number,
            games::first_id,
            games::second_id,
            games::result,
            games::plies,
        ))
        .load(conn)
}

/// The entries `ids`.
pub(crate) fn entries_by_id(conn: &mut DbConnection, ids: &[PlayerId]) -> QueryResult<Vec<Player>> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut out = Vec::with_capacity(ids.len());
    // Bound values stay far from both backends' limits.
    for chunk in ids.chunks(500) {
        out.extend(
            players::table
                .filter(players::id.eq_any(chunk.to_vec()))
                .select(Player::as_select())
                .load(conn)?,
        );
    }
    Ok(out)
}

/// Removes a person no entry names any more (an entry deleted just after it was made).
pub(crate) fn delete_if_unused(conn: &mut DbConnection, federation_id: &str) -> QueryResult<usize> {
    let used: i64 = players::table
        .filter(players::federation_id.eq(federation_id))
        .count()
        .get_result(conn)?;
    // Ids merged into the person, and a rating, keep them too.
    let merged: i64 = registry_merges::table
        .filter(registry_merges::merged_into.eq(federation_id))
        .count()
        .get_result(conn)?;
    let rated: i64 = super::schema::rating_history::table
        .filter(super::schema::rating_history::federation_id.eq(federation_id))
        .count()
        .get_result(conn)?;
    if used + merged + rated > 0 {
        return Ok(0);
    }
    diesel::delete(
        registry_players::table.filter(registry_players::federation_id.eq(federation_id)),
    )
    .execute(conn)
    .and_then(|n| bumped(conn, n))
}

/// The person an id names now: itself, or the person it was merged into.
pub(crate) fn resolve(conn: &mut DbConnection, federation_id: &str) -> QueryResult<String> {
    Ok(registry_merges::table
        .find(federation_id)
        .select(registry_merges::merged_into)
        .first_row()
        .get_result::<String>(conn)
        .optional()?
        .unwrap_or_else(|| federation_id.to_string()))
}

/// Events where both people have an entry.
pub(crate) fn shared_events(
    conn: &mut DbConnection,
    a: &str,
    b: &str,
) -> QueryResult<Vec<crate::domain::EventId>> {
    let of_a: Vec<EventId> = players::table
        .filter(players::federation_id.eq(a))
        .select(players::event_id)
        .load(conn)?;
    players::table
        .filter(players::federation_id.eq(b))
        .filter(players::event_id.eq_any(of_a))
        .select(players::event_id)
        .distinct()
        .load(conn)
}

/// Moves every entry and id of `gone` to `kept`, records the merge, and removes `gone`.
pub(crate) fn merge(
    conn: &mut DbConnection,
    gone: &RegistryPlayer,
    kept: &str,
    by: Option<UserId>,
    at: NaiveDateTime,
) -> QueryResult<Vec<(EventId, PlayerId)>> {
    let moved: Vec<(EventId, PlayerId)> = players::table
        .filter(players::federation_id.eq(&gone.federation_id))
        .select((players::event_id, players::id))
        .load(conn)?;
    diesel::update(players::table.filter(players::federation_id.eq(&gone.federation_id)))
        .set(players::federation_id.eq(kept))
        .execute(conn)?;
    // Ids merged into `gone` before now lead to `kept`.
    diesel::update(
        registry_merges::table.filter(registry_merges::merged_into.eq(&gone.federation_id)),
    )
    .set(registry_merges::merged_into.eq(kept))
    .execute(conn)?;
    diesel::insert_into(registry_merges::table)
        .values((
            registry_merges::federation_id.eq(&gone.federation_id),
            registry_merges::merged_into.eq(kept),
            registry_merges::name.eq(&gone.name),
            registry_merges::merged_by.eq(by),
            registry_merges::merged_at.eq(at),
        ))
        .execute(conn)?;
    diesel::delete(registry_players::table.find(gone.id)).execute(conn)?;
    bump(conn, Counter::Registry)?;
    Ok(moved)
}

/// The people merged into `kept`: (their old id, their name).
pub(crate) fn merged_into(
    conn: &mut DbConnection,
    kept: &str,
) -> QueryResult<Vec<(String, String)>> {
    registry_merges::table
        .filter(registry_merges::merged_into.eq(kept))
        .order(registry_merges::merged_at)
        .select((registry_merges::federation_id, registry_merges::name))
        .load(conn)
}

/// Every person's id, name and sounded name (an import compares its lines with them all).
pub(crate) fn all_names(conn: &mut DbConnection) -> QueryResult<Vec<(String, String, String)>> {
    registry_players::table
        .select((
            registry_players::federation_id,
            registry_players::name,
            registry_players::sound_key,
        ))
        .load(conn)
}

/// Every registered person, by federation id.
pub(crate) fn everyone(conn: &mut DbConnection) -> QueryResult<Vec<RegistryPlayer>> {
    registry_players::table
        .order(registry_players::federation_id)
        .select(RegistryPlayer::as_select())
        .load(conn)
}

/// The federation's rating list as a venue imported it, replacing the one before.
pub(crate) fn replace_national_ratings(
    conn: &mut DbConnection,
    rows: &[(String, f64, f64)],
    as_of: chrono::NaiveDate,
) -> QueryResult<()> {
    use super::schema::national_ratings;
    diesel::delete(national_ratings::table).execute(conn)?;
    for chunk in rows.chunks(500) {
        let values: Vec<_> = chunk
            .iter()
            .map(|(id, rating, deviation)| {
                (
                    national_ratings::federation_id.eq(id),
                    national_ratings::rating.eq(rating),
                    national_ratings::deviation.eq(deviation),
                    national_ratings::as_of.eq(as_of),
                )
            })
            .collect();
        match conn {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(national_ratings::table)
                    .values(values)
                    .execute(c)?;
            }
            DbConnection::Postgres(c) => {
                diesel::insert_into(national_ratings::table)
                    .values(values)
                    .execute(c)?;
            }
        }
    }
    bump(conn, Counter::Registry)?;
    Ok(())
}

/// One imported national rating: (federation id, rating, deviation).
pub(crate) type NationalRating = (String, f64, f64);

/// The national ratings as the venue last imported them, and the date of the federation's
/// list they are.
pub(crate) fn national_ratings(
    conn: &mut DbConnection,
) -> QueryResult<(Vec<NationalRating>, Option<chrono::NaiveDate>)> {
    use super::schema::national_ratings;
    let rows: Vec<(String, f64, f64, chrono::NaiveDate)> = national_ratings::table
        .select((
            national_ratings::federation_id,
            national_ratings::rating,
            national_ratings::deviation,
            national_ratings::as_of,
        ))
        .load(conn)?;
    let as_of = rows.first().map(|r| r.3);
    Ok((
        rows.into_iter().map(|(id, r, d, _)| (id, r, d)).collect(),
        as_of,
    ))
}

/// A person's national rating as the venue imported it (rating, deviation).
pub(crate) fn national_rating(
    conn: &mut DbConnection,
    federation_id: &str,
) -> QueryResult<Option<(f64, f64)>> {
    use super::schema::national_ratings;
    national_ratings::table
        .find(federation_id)
        .select((national_ratings::rating, national_ratings::deviation))
        .first_row()
        .get_result(conn)
        .optional()
}

/// A person's id replaced (a venue's local id by the national one): the person and every
/// entry naming them.
pub(crate) fn rename(
    conn: &mut DbConnection,
    id: PersonId,
    from: &str,
    to: &str,
) -> QueryResult<()> {
    diesel::update(registry_players::table.find(id))
        .set(registry_players::federation_id.eq(to))
        .execute(conn)?;
    diesel::update(players::table.filter(players::federation_id.eq(from)))
        .set(players::federation_id.eq(to))
        .execute(conn)?;
    bump(conn, Counter::Registry)?;
    Ok(())
}

/// A difference between an entry and its registered person, waiting for the keeper.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = super::schema::registry_proposals)]
pub(crate) struct ProposalRow {
    pub id: i32,
    pub federation_id: String,
    pub event_id: crate::domain::EventId,
    pub name: String,
    pub club: String,
    pub province: String,
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub proposed_at: NaiveDateTime,
}

/// What an entry of `event` says of the person `federation_id` that the registry does not:
/// kept in place of what the same event said before.
pub(crate) fn propose(
    conn: &mut DbConnection,
    federation_id: &str,
    event: crate::domain::EventId,
    details: &PersonDetails<'_>,
) -> QueryResult<()> {
    use super::schema::registry_proposals as p;
    diesel::delete(
        p::table
            .filter(p::federation_id.eq(federation_id))
            .filter(p::event_id.eq(event)),
    )
    .execute(conn)?;
    diesel::insert_into(p::table)
        .values((
            p::federation_id.eq(federation_id),
            p::event_id.eq(event),
            p::name.eq(details.name),
            p::club.eq(details.club),
            p::province.eq(details.province),
            p::sex.eq(details.sex),
            p::birth_year.eq(details.birth_year),
            p::proposed_at.eq(details.updated_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// The differences waiting for a person, newest first.
pub(crate) fn proposals_of(
    conn: &mut DbConnection,
    federation_id: &str,
) -> QueryResult<Vec<ProposalRow>> {
    use super::schema::registry_proposals as p;
    p::table
        .filter(p::federation_id.eq(federation_id))
        .order(p::id.desc())
        .select(ProposalRow::as_select())
        .load(conn)
}

pub(crate) fn proposal(conn: &mut DbConnection, id: i32) -> QueryResult<Option<ProposalRow>> {
    use super::schema::registry_proposals as p;
    p::table
        .find(id)
        .select(ProposalRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn drop_proposal(conn: &mut DbConnection, id: i32) -> QueryResult<usize> {
    use super::schema::registry_proposals as p;
    diesel::delete(p::table.find(id)).execute(conn)
}
