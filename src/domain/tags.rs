//! A player's tags: the organiser's own labels ("Escola 4 de Fevereiro", "U12", "Liga do
//! Bengo") that define custom prize categories. Stored as one text, the tags separated by
//! commas; compared without regard to case.

use serde::Serialize;

/// Most tags on one entry, and the longest tag.
pub const MAX_TAGS: usize = 10;
pub const MAX_TAG_CHARS: usize = 30;

/// Why a list of tags is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidTags;

/// An entry's tags, each trimmed, none empty, no repeats (by case).
#[derive(
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    diesel::expression::AsExpression,
    diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = diesel::sql_types::Text)]
pub struct Tags {
    list: Vec<String>,
    /// The stored form, kept for writing.
    text: String,
}

impl Serialize for Tags {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl Tags {
    /// Checks a list of tags as typed or sent.
    pub fn new<S: AsRef<str>>(list: &[S]) -> Result<Tags, InvalidTags> {
        // The list as sent is held to the limits the API document states (at most ten tags of
        // at most 30 characters each), before blanks, spaces and repeats are dropped.
        if list.len() > MAX_TAGS
            || list
                .iter()
                .any(|tag| tag.as_ref().chars().count() > MAX_TAG_CHARS)
        {
            return Err(InvalidTags);
        }
        let mut tags: Vec<String> = Vec::new();
        let mut folded: std::collections::HashSet<String> = std::collections::HashSet::new();
        for tag in list {
            let tag = tag.as_ref().trim();
            if tag.is_empty() {
                continue;
            }
            let fits = tag.chars().count() <= MAX_TAG_CHARS
                && !tag.chars().any(|c| c.is_control() || c == ',');
            if !fits {
                return Err(InvalidTags);
            }
            if folded.insert(tag.to_lowercase()) {
                tags.push(tag.to_string());
                // Past the limit the list is refused at once, however long it goes on.
                if tags.len() > MAX_TAGS {
                    return Err(InvalidTags);
                }
            }
        }
        let text = tags.join(", ");
        Ok(Tags { list: tags, text })
    }

    /// Tags typed in one field, separated by commas.
    pub fn parse(text: &str) -> Result<Tags, InvalidTags> {
        Tags::new(
            &text
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>(),
        )
    }

    #[must_use]
    pub fn list(&self) -> &[String] {
        &self.list
    }

    /// Whether the entry carries `tag` (case aside).
    #[must_use]
    pub fn has(&self, tag: &str) -> bool {
        let tag = tag.trim().to_lowercase();
        self.list.iter().any(|t| t.to_lowercase() == tag)
    }

    /// The stored form, also how a form field shows them.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

crate::domain::sql::text_sql!(Tags, |text| Tags::parse(text).ok());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_trimmed_and_unique_by_case() {
        let tags = Tags::parse(" U12, Liga do Bengo ,u12,, ").unwrap();
        assert_eq!(tags.list(), ["U12", "Liga do Bengo"]);
        assert!(tags.has("liga do bengo"));
        assert!(!tags.has("Liga"));
        assert_eq!(Tags::parse(tags.as_str()).unwrap(), tags);
    }

    #[test]
    fn bad_tags_are_refused() {
        assert!(Tags::parse(&"x".repeat(MAX_TAG_CHARS + 1)).is_err());
        assert!(Tags::new(&["a\u{7}"]).is_err());
        assert!(Tags::new(&["a,b"]).is_err());
        let many: Vec<String> = (0..=MAX_TAGS).map(|i| format!("t{i}")).collect();
        assert!(Tags::new(&many).is_err());
        assert_eq!(Tags::parse("").unwrap(), Tags::default());
        // As sent: a tag over 30 characters with its spaces, or eleven items, however many of
        // them repeat.
        assert!(Tags::new(&[format!("  {}  ", "x".repeat(MAX_TAG_CHARS - 1))]).is_err());
        assert!(Tags::new(&["a"; MAX_TAGS + 1]).is_err());
        assert_eq!(Tags::new(&["a"; MAX_TAGS]).unwrap().list(), ["a"]);
    }
}
