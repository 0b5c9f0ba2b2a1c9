//! Numbers, money and dates as each language writes them for people: `1,5` and `05/12/2026` in
//! Portuguese and French, `1.5` and `2026-12-05` in English. Every page, message (through
//! Fluent's number formatter) and download meant for a person goes through here; machine
//! formats (the API, TRF, KGN, iCalendar, plain CSV, form values of `type=date`) keep the
//! program's own `1.5` and ISO dates.
//!
//! Digits are grouped from five digits on (`12 500`, `150 000,50`, but `2026` and `1850`), as
//! Portuguese writes them (CLDR's minimum grouping of two); the same rule is kept in French and
//! English so that a year or a rating never reads as `2 026`.

use chrono::{Datelike, NaiveDate, NaiveDateTime};

use crate::web::i18n::Lang;

impl Lang {
    /// The decimal separator.
    fn decimal_separator(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Pt | Lang::Fr => ',',
        }
    }

    /// The separator of groups of three digits: a no-break space in Portuguese, a narrow one
    /// in French (as CLDR has them), so that a number never wraps across two lines.
    fn group_separator(self) -> char {
        match self {
            Lang::En => ',',
            Lang::Pt => '\u{a0}',
            Lang::Fr => '\u{202f}',
        }
    }

    /// A number the program wrote (`-1234.5`, `150000.50`, `3`) as this language writes it.
    /// Text that is not such a number is returned as it is.
    #[must_use]
    pub(crate) fn number_text(self, written: &str) -> String {
        let (sign, digits) = match written.strip_prefix('-') {
            Some(rest) => ("-", rest),
            None => ("", written),
        };
        let (whole, fraction) = match digits.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (digits, None),
        };
        let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !plain(whole) || fraction.is_some_and(|f| !plain(f)) {
            return written.to_string();
        }
        let mut out = String::from(sign);
        out.push_str(&self.grouped(whole));
        if let Some(fraction) = fraction {
            out.push(self.decimal_separator());
            out.push_str(fraction);
        }
        out
    }

    fn grouped(self, whole: &str) -> String {
        if whole.len() < 5 {
            return whole.to_string();
        }
        let mut out = String::new();
        for (i, digit) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                out.push(self.group_separator());
            }
            out.push(digit);
        }
        out
    }

    /// A value with up to two decimals, without trailing zeros (`2.25`, `10.5`, `3`): a
    /// tie-break value, a rating, a performance.
    #[must_use]
    pub(crate) fn decimal(self, value: f64) -> String {
        self.number_text(&plain_decimal(value))
    }

    /// Points kept in tenths: `2`, `1,5`.
    #[must_use]
    pub(crate) fn points(self, tenths: u32) -> String {
        let written = if tenths.is_multiple_of(10) {
            (tenths / 10).to_string()
        } else {
            format!("{}.{}", tenths / 10, tenths % 10)
        };
        self.number_text(&written)
    }

    /// An amount of money with its currency: `150 000,50 AOA`, `75 000 AOA` (cents only when
    /// there are some).
    #[must_use]
    pub(crate) fn money(self, amount: f64, currency: &str) -> String {
        let number = self.amount(amount);
        if currency.is_empty() {
            number
        } else {
            format!("{number}\u{a0}{currency}")
        }
    }

    /// An amount of money without its currency.
    #[must_use]
    pub(crate) fn amount(self, amount: f64) -> String {
        // Whole cents, rounded half away from zero as a cashier does.
        #[allow(clippy::cast_possible_truncation)]
        let cents = (amount * 100.0).round() as i64;
        let sign = if cents < 0 { "-" } else { "" };
        let (whole, part) = (cents.abs() / 100, cents.abs() % 100);
        let written = if part == 0 {
            format!("{sign}{whole}")
        } else {
            format!("{sign}{whole}.{part:02}")
        };
        self.number_text(&written)
    }

    /// A date: `05/12/2026` in Portuguese and French, `2026-12-05` in English.
    #[must_use]
    pub(crate) fn date(self, date: NaiveDate) -> String {
        match self {
            Lang::En => date.format("%Y-%m-%d").to_string(),
            Lang::Pt | Lang::Fr => format!("{:02}/{:02}/{}", date.day(), date.month(), date.year()),
        }
    }

    /// A date and a time to the minute (or the second): `05/12/2026 09:30`.
    #[must_use]
    pub(crate) fn date_time(self, at: NaiveDateTime, seconds: bool) -> String {
        let time = if seconds {
            at.format("%H:%M:%S")
        } else {
            at.format("%H:%M")
        };
        format!("{} {time}", self.date(at.date()))
    }
}

/// A value written with at most two decimals and no trailing zero, with a point.
fn plain_decimal(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Fluent's formatter of numbers for a language whose decimal separator is a comma: a number
/// given to a message (`{ $points }`) is written as the page writes it.
pub(crate) fn fluent_number<M>(
    value: &fluent_templates::fluent_bundle::FluentValue<'_>,
    _: &M,
) -> Option<String> {
    fluent_number_in(Lang::Pt, value)
}

/// [`fluent_number`] for French (its narrow no-break space between groups).
pub(crate) fn fluent_number_fr<M>(
    value: &fluent_templates::fluent_bundle::FluentValue<'_>,
    _: &M,
) -> Option<String> {
    fluent_number_in(Lang::Fr, value)
}

/// [`fluent_number`] for English (its comma between groups).
pub(crate) fn fluent_number_en<M>(
    value: &fluent_templates::fluent_bundle::FluentValue<'_>,
    _: &M,
) -> Option<String> {
    fluent_number_in(Lang::En, value)
}

fn fluent_number_in(
    lang: Lang,
    value: &fluent_templates::fluent_bundle::FluentValue<'_>,
) -> Option<String> {
    match value {
        fluent_templates::fluent_bundle::FluentValue::Number(number) => {
            Some(lang.number_text(&number.as_string()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_each_language_writes_them() {
        assert_eq!(Lang::Pt.number_text("1.5"), "1,5");
        assert_eq!(Lang::Fr.number_text("-18.25"), "-18,25");
        assert_eq!(Lang::En.number_text("1.5"), "1.5");
        assert_eq!(Lang::Pt.number_text("150000.50"), "150\u{a0}000,50");
        assert_eq!(Lang::Fr.number_text("150000"), "150\u{202f}000");
        assert_eq!(Lang::En.number_text("1234567"), "1,234,567");
        assert_eq!(Lang::Pt.number_text("2026"), "2026");
        assert_eq!(Lang::Pt.number_text("12345"), "12\u{a0}345");
        assert_eq!(Lang::Pt.number_text("K0000123"), "K0000123");
        assert_eq!(Lang::Pt.number_text("1.2.3"), "1.2.3");
        assert_eq!(Lang::Pt.number_text(""), "");
    }

    #[test]
    fn decimals_points_and_money() {
        assert_eq!(Lang::Pt.decimal(2.25), "2,25");
        assert_eq!(Lang::Pt.decimal(3.0), "3");
        assert_eq!(Lang::Fr.decimal(10.5), "10,5");
        assert_eq!(Lang::En.decimal(-0.001), "0");
        assert_eq!(Lang::Pt.points(15), "1,5");
        assert_eq!(Lang::Pt.points(20), "2");
        assert_eq!(Lang::Pt.money(150_000.5, "AOA"), "150\u{a0}000,50\u{a0}AOA");
        assert_eq!(Lang::Pt.money(56_250.125, "AOA"), "56\u{a0}250,13\u{a0}AOA");
        assert_eq!(Lang::En.money(75_000.0, "AOA"), "75,000\u{a0}AOA");
        assert_eq!(Lang::Fr.amount(20.0), "20");
    }

    #[test]
    fn dates_in_portuguese_and_french_are_day_month_year() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
        assert_eq!(Lang::Pt.date(day), "05/12/2026");
        assert_eq!(Lang::Fr.date(day), "05/12/2026");
        assert_eq!(Lang::En.date(day), "2026-12-05");
        let at = day.and_hms_opt(9, 30, 7).unwrap();
        assert_eq!(Lang::Pt.date_time(at, false), "05/12/2026 09:30");
        assert_eq!(Lang::Fr.date_time(at, true), "05/12/2026 09:30:07");
    }
}
