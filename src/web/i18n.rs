//! Languages: Portuguese as written in Angola (the default), English and French. Messages
//! live in `locales/*/main.ftl` (Fluent), compiled into the binary.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "pt-AO",
        // Fluent's invisible bidi isolation marks would end up inside HTML attributes.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    Pt,
    En,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Pt, Lang::En, Lang::Fr];

    /// The short code used in `?lang=` and the cookie.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Pt => "pt",
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The BCP 47 tag of the text, for `lang` attributes: Portuguese as written in Angola.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Pt => "pt-AO",
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The language's own name, for the switcher.
    #[must_use]
    pub(crate) fn native_name(self) -> &'static str {
        match self {
            Lang::Pt => "Português",
            Lang::En => "English",
            Lang::Fr => "Français",
        }
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::Pt => langid!("pt-AO"),
            Lang::En => langid!("en-US"),
            Lang::Fr => langid!("fr-FR"),
        }
    }

    /// Reads a language tag: `pt`, `pt-AO`, `pt-BR`, `en-GB`, `fr-CA` … (any region).
    #[must_use]
    pub(crate) fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "pt" => Some(Lang::Pt),
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The best language of an `Accept-Language` header, by quality.
    #[must_use]
    pub(crate) fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or_default();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if quality <= 0.0 {
                continue;
            }
            if let Some(lang) = Lang::from_tag(tag)
                && best.is_none_or(|(q, _)| quality > q)
            {
                best = Some((quality, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    /// A message.
    #[must_use]
    pub fn t(self, key: &str) -> String {
        LOCALES
            .try_lookup(&self.id(), key)
            .unwrap_or_else(|| missing(self, key))
    }

    /// A message with named arguments. An argument written as a number is given to Fluent as
    /// a number, so that a message can choose its plural form (`{ $count -> [one] … }`).
    #[must_use]
    pub fn t_args(self, key: &str, args: &[(&'static str, String)]) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(name, value)| (Cow::Borrowed(*name), argument(value)))
            .collect();
        LOCALES
            .try_lookup_with_args(&self.id(), key, &map)
            .unwrap_or_else(|| missing(self, key))
    }

    /// A message whose argument names are only known at run time (an audit entry's fields).
    #[must_use]
    pub(crate) fn t_named(self, key: &str, args: &[(String, String)]) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(name, value)| (Cow::Owned(name.clone()), argument(value)))
            .collect();
        LOCALES
            .try_lookup_with_args(&self.id(), key, &map)
            .unwrap_or_else(|| missing(self, key))
    }

    /// Whether the message exists in this language (not counting the fallback).
    #[must_use]
    pub(crate) fn has(self, key: &str) -> bool {
        message_keys(self).iter().any(|k| k == key)
    }
}

/// An argument as Fluent takes it: a number when the text is one written plainly (`3`, `1.5`),
/// so that plural rules apply; else the text.
fn argument(value: &str) -> FluentValue<'static> {
    match value.parse::<f64>() {
        Ok(n) if n.is_finite() && n.to_string() == value => FluentValue::from(n),
        _ => FluentValue::from(value.to_string()),
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The messages asked for that a language does not have, since the server started.
static MISSING: std::sync::Mutex<std::collections::BTreeSet<String>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

/// A message that does not exist shows its key to the reader: logged once, remembered for
/// [`missing_messages`], and the key returned.
fn missing(lang: Lang, key: &str) -> String {
    let mut missing = MISSING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if missing.insert(format!("{}: {key}", lang.code())) {
        tracing::warn!("no message {key} in {}", lang.code());
    }
    key.to_string()
}

/// Every message asked for and not found since the server started (`pt: flash-x`): a crawl of
/// the site fails on any.
#[must_use]
pub fn missing_messages() -> Vec<String> {
    MISSING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .cloned()
        .collect()
}

/// The message keys defined in a language's file, read from the compiled-in source (used by
/// the completeness test and by `has`).
#[must_use]
pub fn message_keys(lang: Lang) -> Vec<String> {
    let source = match lang {
        Lang::Pt => include_str!("../../locales/pt-AO/main.ftl"),
        Lang::En => include_str!("../../locales/en-US/main.ftl"),
        Lang::Fr => include_str!("../../locales/fr-FR/main.ftl"),
    };
    source
        .lines()
        .filter(|line| !line.starts_with([' ', '#', '\t']) && !line.trim().is_empty())
        .filter_map(|line| line.split_once('=').map(|(key, _)| key.trim().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_supported_language() {
        assert_eq!(
            Lang::from_accept_language("fr-CA,fr;q=0.9,en;q=0.8"),
            Some(Lang::Fr)
        );
        assert_eq!(
            Lang::from_accept_language("de-DE,en;q=0.5,pt;q=0.7"),
            Some(Lang::Pt)
        );
        assert_eq!(Lang::from_accept_language("pt-AO"), Some(Lang::Pt));
        assert_eq!(Lang::from_accept_language("de, es;q=0.5"), None);
        assert_eq!(
            Lang::from_accept_language("en;q=0, fr;q=0.1"),
            Some(Lang::Fr)
        );
    }

    #[test]
    fn messages_are_looked_up_per_language_without_isolation_marks() {
        assert_eq!(Lang::En.t("nav-login"), "Log in");
        assert_eq!(Lang::Pt.t("nav-login"), "Entrar");
        assert_eq!(Lang::Fr.t("nav-login"), "Se connecter");
        let welcome = Lang::En.t_args("home-welcome", &[("name", "Ana".to_string())]);
        assert_eq!(welcome, "Welcome, Ana.");
    }

    /// French sets a space before `:`, `;`, `?` and `!`; a breaking one lets the sign wrap to
    /// a line of its own on a phone, so every such space must be a no-break space.
    #[test]
    fn french_punctuation_never_wraps_away_from_its_word() {
        let source = include_str!("../../locales/fr-FR/main.ftl");
        for (number, line) in source.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let text = line.trim_start();
            for sign in [" :", " ;", " ?", " !"] {
                assert!(
                    !text.contains(sign),
                    "fr-FR line {}: breaking space before {:?}: {line}",
                    number + 1,
                    sign.trim()
                );
            }
        }
    }
}
