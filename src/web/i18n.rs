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
        // Fluent's invisible bidi isolation marks would end up inside HTML attributes; numbers
        // given to messages are written as the language writes them (`1,5`).
        customise: |bundle| {
            bundle.set_use_isolating(false);
            let formatter = match bundle.locales.first().map(|l| l.language.as_str()) {
                Some("en") => crate::web::format::fluent_number_en,
                Some("fr") => crate::web::format::fluent_number_fr,
                _ => crate::web::format::fluent_number,
            };
            bundle.set_formatter(Some(formatter));
        },
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

    /// The language as the database keeps it (an account's, an event's messages').
    #[must_use]
    pub(crate) fn language(self) -> crate::domain::Language {
        match self {
            Lang::Pt => crate::domain::Language::Pt,
            Lang::En => crate::domain::Language::En,
            Lang::Fr => crate::domain::Language::Fr,
        }
    }

    /// A language the database keeps, as the interface's.
    #[must_use]
    pub(crate) fn of(language: crate::domain::Language) -> Lang {
        match language {
            crate::domain::Language::Pt => Lang::Pt,
            crate::domain::Language::En => Lang::En,
            crate::domain::Language::Fr => Lang::Fr,
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

    /// The colon after a label, as the language writes it (French: a no-break space first).
    #[must_use]
    pub fn colon(self) -> &'static str {
        match self {
            Lang::Fr => "\u{a0}:",
            _ => ":",
        }
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

    /// Each message of a language's file with its source text (the lines that follow its key).
    fn messages(lang: Lang) -> Vec<(String, String)> {
        let source = match lang {
            Lang::Pt => include_str!("../../locales/pt-AO/main.ftl"),
            Lang::En => include_str!("../../locales/en-US/main.ftl"),
            Lang::Fr => include_str!("../../locales/fr-FR/main.ftl"),
        };
        let mut out: Vec<(String, String)> = Vec::new();
        for line in source.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            match line.split_once(" = ") {
                Some((key, text)) if !line.starts_with(' ') && !key.contains(' ') => {
                    out.push((key.to_string(), text.to_string()));
                }
                _ => {
                    if let Some((_, text)) = out.last_mut() {
                        text.push('\n');
                        text.push_str(line);
                    }
                }
            }
        }
        out
    }

    /// The variables a message's text names (`$count`), each once.
    fn variables(text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (at, _) in text.match_indices('$') {
            let name: String = text[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }

    /// Nouns that take a plural after any count but one (and agree with it).
    const COUNTED: &[&str] = &[
        "pontos",
        "pedras",
        "jogadas",
        "partidas",
        "rondas",
        "jogadores",
        "mesas",
        "casas",
        "lances",
        "prémios",
        "categorias",
        "registos",
        "torneios",
        "lugares",
        "minutos",
        "segundos",
        "linhas",
        "dias",
        "pessoas",
        "contas",
        "jogos",
        "avisos",
        "points",
        "pierres",
        "coups",
        "parties",
        "rondes",
        "joueurs",
        "tables",
        "trous",
        "tournois",
        "catégories",
        "feuilles",
        "minutes",
        "secondes",
        "lignes",
        "jours",
        "personnes",
        "comptes",
        "places",
        "stones",
        "plies",
        "games",
        "rounds",
        "players",
        "boards",
        "holes",
        "events",
        "prizes",
        "seconds",
        "lines",
        "records",
        "days",
        "people",
        "accounts",
        "warnings",
        "entries",
    ];

    /// A count written straight before a noun (`{ $stones } pedras`) needs a plural rule on
    /// that count, or a count of one reads "1 pedras".
    #[test]
    fn every_count_before_a_noun_has_a_plural_rule() {
        let mut found = Vec::new();
        for lang in Lang::ALL {
            for (key, text) in messages(lang) {
                for variable in variables(&text) {
                    let placed = format!("{{ ${variable} }} ");
                    let selected = text.contains(&format!("{{ ${variable} ->"));
                    for (at, _) in text.match_indices(&placed) {
                        let noun: String = text[at + placed.len()..]
                            .chars()
                            .take_while(|c| c.is_alphabetic())
                            .collect();
                        if !selected && COUNTED.contains(&noun.as_str()) {
                            found.push(format!("{lang} {key}: ${variable} {noun}"));
                        }
                    }
                }
            }
        }
        assert!(found.is_empty(), "counts without a plural rule: {found:#?}");
    }

    /// Every plural variant shows the count it was given (never a written-out `1` that a
    /// count of zero would also choose in French), in the language's way of writing it.
    #[test]
    fn plural_variants_show_their_count() {
        let plural_keys = ["[one]", "[1]"];
        let mut checked = 0;
        let mut found = Vec::new();
        for lang in Lang::ALL {
            for (key, text) in messages(lang) {
                let variables = variables(&text);
                let counts: Vec<&String> = variables
                    .iter()
                    .filter(|v| text.contains(&format!("{{ ${v} ->")))
                    .filter(|_| plural_keys.iter().any(|k| text.contains(k)))
                    .collect();
                if counts.is_empty() {
                    continue;
                }
                for count in ["0", "1", "2", "1.5", "12500"] {
                    let args: Vec<(String, String)> = variables
                        .iter()
                        .map(|v| {
                            let value = if counts.contains(&v) { count } else { "X" };
                            (v.clone(), value.to_string())
                        })
                        .collect();
                    let said = lang.t_named(&key, &args);
                    checked += 1;
                    if !said.contains(&lang.number_text(count)) {
                        found.push(format!("{lang} {key} with {count}: {said}"));
                    }
                }
            }
        }
        assert!(checked > 100, "plural messages were read ({checked})");
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn portuguese_counts_zero_and_halves_in_the_plural_as_angola_does() {
        let said = |n: &str| Lang::Pt.t_args("why-same-group", &[("score", n.to_string())]);
        assert!(said("1").ends_with("1 ponto."), "{}", said("1"));
        assert!(said("0").ends_with("0 pontos."), "{}", said("0"));
        assert!(said("1.5").ends_with("1,5 pontos."), "{}", said("1.5"));
        let fr = Lang::Fr.t_args("why-same-group", &[("score", "1.5".to_string())]);
        assert!(fr.contains("1,5 point."), "{fr}");
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

    /// French messages write the apostrophe as the typographic one (`l’instant`), as the
    /// rest of the French text does; a straight one between letters is a slip.
    #[test]
    fn french_apostrophes_are_typographic() {
        let source = include_str!("../../locales/fr-FR/main.ftl");
        for (number, line) in source.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let chars: Vec<char> = line.chars().collect();
            for w in chars.windows(3) {
                assert!(
                    !(w[1] == '\'' && w[0].is_alphabetic() && w[2].is_alphabetic()),
                    "fr-FR line {}: a straight apostrophe: {line}",
                    number + 1
                );
            }
        }
    }
}
