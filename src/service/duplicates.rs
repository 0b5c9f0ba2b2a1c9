//! Entries that look like one another: the same name and club, or the same e-mail, within an
//! event or a file being imported.

use std::collections::HashMap;

use serde::Serialize;

use super::entrant::ValidPlayer;
use crate::domain::{Player as Entry, PlayerId};

/// Why an entry looks like one already there.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DuplicateWarning {
    /// `same_name_and_club` or `same_email` (an entry of the event); `possible_same_person`
    /// (a new person of the registry whose name may be a registered one's) or `other_name`
    /// (the federation id given is a registered person of another name).
    pub code: crate::domain::Resemblance,
    /// The entry it looks like (`None`: an earlier line of the same import, or a registered
    /// person).
    pub player_id: Option<PlayerId>,
    /// The registered person it looks like.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation_id: Option<String>,
    pub name: String,
}

impl DuplicateWarning {
    /// Whether the warning names a registered person rather than an entry of the event.
    #[must_use]
    pub fn is_registry(&self) -> bool {
        self.federation_id.is_some()
    }
}

fn normalised(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// What "the same name and club" compares, for a line or an entry with a name: a line that
/// gives only a federation id (its name comes from the registry) looks like nothing by name.
fn name_key(name: &str, club: &str) -> Option<(String, String)> {
    let name = normalised(name);
    (!name.is_empty()).then(|| (name, normalised(club)))
}

/// The entries among `existing` that `new` looks like.
#[must_use]
pub(crate) fn duplicates_of(new: &ValidPlayer, existing: &[Entry]) -> Vec<DuplicateWarning> {
    let key = name_key(&new.name, &new.club);
    let mut out = Vec::new();
    for e in existing {
        if key.is_some() && name_key(&e.name, &e.club) == key {
            out.push(DuplicateWarning {
                code: crate::domain::Resemblance::SameNameAndClub,
                player_id: Some(e.id),
                federation_id: None,
                name: e.name.clone(),
            });
        } else if new.email.is_some() && e.email == new.email {
            out.push(DuplicateWarning {
                code: crate::domain::Resemblance::SameEmail,
                player_id: Some(e.id),
                federation_id: None,
                name: e.name.clone(),
            });
        }
    }
    out
}

/// Two entries of one import that look alike: (the later line's index, the earlier's). One
/// pass with an index, so a file of thousands of lines costs thousands of lookups, not
/// millions of comparisons.
#[must_use]
pub(crate) fn duplicates_within(lines: &[ValidPlayer]) -> Vec<(usize, usize)> {
    let mut by_name: HashMap<(String, String), usize> = HashMap::new();
    let mut by_email: HashMap<&str, usize> = HashMap::new();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let key = name_key(&line.name, &line.club);
        let same_name = key.as_ref().and_then(|k| by_name.get(k).copied());
        let same_email = line.email.as_deref().and_then(|e| by_email.get(e).copied());
        if let Some(j) = same_name.into_iter().chain(same_email).min() {
            out.push((i, j));
        }
        if let Some(key) = key {
            by_name.entry(key).or_insert(i);
        }
        if let Some(email) = line.email.as_deref() {
            by_email.entry(email).or_insert(i);
        }
    }
    out
}

/// The entries of an event indexed by what makes a new one look like them: the first entry
/// (in pairing order) [`duplicates_of`] would name, found by lookup.
pub(crate) struct DuplicateIndex<'a> {
    by_name: HashMap<(String, String), usize>,
    by_email: HashMap<&'a str, usize>,
    entries: &'a [Entry],
}

impl<'a> DuplicateIndex<'a> {
    pub(crate) fn of(entries: &'a [Entry]) -> DuplicateIndex<'a> {
        let mut by_name = HashMap::new();
        let mut by_email = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            if let Some(key) = name_key(&e.name, &e.club) {
                by_name.entry(key).or_insert(i);
            }
            if let Some(email) = e.email.as_deref() {
                by_email.entry(email).or_insert(i);
            }
        }
        DuplicateIndex {
            by_name,
            by_email,
            entries,
        }
    }

    /// The first entry `new` looks like.
    pub(crate) fn first_like(&self, new: &ValidPlayer) -> Option<&'a Entry> {
        let same_name = name_key(&new.name, &new.club).and_then(|k| self.by_name.get(&k).copied());
        let same_email = new
            .email
            .as_deref()
            .and_then(|e| self.by_email.get(e).copied());
        same_name
            .into_iter()
            .chain(same_email)
            .min()
            .map(|i| &self.entries[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::entrant::Details;

    fn valid(name: &str, club: &str, email: Option<&str>) -> ValidPlayer {
        ValidPlayer {
            name: name.into(),
            rating: 0,
            club: club.into(),
            province: String::new(),
            email: email.map(Into::into),
            missed_points: crate::domain::ByeKind::Zero,
            details: Details::default(),
        }
    }

    #[test]
    fn lines_alike_by_name_and_club_or_email() {
        let lines = [
            valid("Ana  Kiala", "Clube A", None),
            valid("Bento", "", Some("b@example.ao")),
            valid("ana kiala", "clube a", None),
            valid("Ana Kiala", "Clube B", None),
            valid("Outro", "", Some("b@example.ao")),
        ];
        assert_eq!(duplicates_within(&lines), vec![(2, 0), (4, 1)]);
    }

    #[test]
    fn lines_that_give_only_a_federation_id_look_like_nothing_by_name() {
        // Their names come from the registry: two such lines are two people.
        let lines = [
            valid("", "", None),
            valid("", "", None),
            valid(" ", "", None),
        ];
        assert!(duplicates_within(&lines).is_empty());
    }
}
