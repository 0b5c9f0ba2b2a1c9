//! An event's offset from UTC: the venue's local time, in which its pages, log and forms give
//! times (stored times are UTC). Written `+01:00`.

use chrono::FixedOffset;
use serde::Serialize;

/// An offset from UTC, whole quarter hours from −12:00 to +14:00.
#[derive(
    Clone, Debug, PartialEq, Eq, diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = diesel::sql_types::Text)]
pub struct UtcOffset {
    offset: FixedOffset,
    text: String,
}

impl UtcOffset {
    /// Reads `+01:00`, `-03:30` (also `+1`, `+0100`, `UTC+1`).
    #[must_use]
    pub fn parse(text: &str) -> Option<UtcOffset> {
        let text = text.trim();
        let text = text.strip_prefix("UTC").unwrap_or(text);
        let (sign, rest) = match text.chars().next()? {
            '+' => (1, &text[1..]),
            '-' | '−' => (-1, &text[text.chars().next()?.len_utf8()..]),
            _ => return None,
        };
        let digits: String = rest.chars().filter(|c| *c != ':').collect();
        if digits.is_empty() || digits.len() > 4 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let (hours, minutes) = if digits.len() <= 2 {
            (digits.parse::<i32>().ok()?, 0)
        } else {
            let split = digits.len() - 2;
            (
                digits[..split].parse::<i32>().ok()?,
                digits[split..].parse::<i32>().ok()?,
            )
        };
        let seconds = sign * (hours * 3600 + minutes * 60);
        let in_range = (-12 * 3600..=14 * 3600).contains(&seconds);
        if minutes >= 60 || minutes % 15 != 0 || !in_range {
            return None;
        }
        let offset = FixedOffset::east_opt(seconds)?;
        Some(UtcOffset {
            offset,
            text: offset.to_string(),
        })
    }

    #[must_use]
    pub fn offset(&self) -> FixedOffset {
        self.offset
    }

    /// `+01:00`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whole and half hours from −12:00 to +14:00, for a form's choice.
    #[must_use]
    pub fn choices() -> Vec<UtcOffset> {
        (-24..=28)
            .filter_map(|half_hours: i32| FixedOffset::east_opt(half_hours * 1800))
            .map(|offset| UtcOffset {
                offset,
                text: offset.to_string(),
            })
            .collect()
    }
}

impl Serialize for UtcOffset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

crate::domain::sql::text_sql!(UtcOffset, UtcOffset::parse);

#[cfg(test)]
mod tests {
    use super::UtcOffset;

    #[test]
    fn offsets_are_read_as_people_write_them() {
        for (text, shown) in [
            ("+01:00", "+01:00"),
            ("+1", "+01:00"),
            ("UTC+1", "+01:00"),
            ("-03:30", "-03:30"),
            ("+0545", "+05:45"),
            ("+14:00", "+14:00"),
        ] {
            assert_eq!(
                UtcOffset::parse(text)
                    .map(|o| o.as_str().to_string())
                    .as_deref(),
                Some(shown),
                "{text}"
            );
        }
        for text in [
            "", "01:00", "+15:00", "-13", "+01:10", "+1:75", "Luanda", "+",
        ] {
            assert_eq!(UtcOffset::parse(text), None, "{text}");
        }
        assert_eq!(UtcOffset::choices().len(), 53);
    }
}
