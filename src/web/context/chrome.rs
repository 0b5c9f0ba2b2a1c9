//! The frame of every page: language, user, CSRF token, flash message, the current path, and
//! the words and numbers it writes in the reader's language.

use super::{
    CsrfUsed, Flash, HttpMessage, HttpRequest, Lang, Offset, User, WebError, accounts, app_of,
    csrf_token, request_context, session_token,
};

/// The signed-in user, looked up once per request and cached.
#[derive(Clone, Debug)]
pub(super) struct CachedUser(Option<User>);

pub(super) async fn current_user(req: &HttpRequest) -> Result<Option<User>, WebError> {
    if let Some(cached) = req.extensions().get::<CachedUser>() {
        return Ok(cached.0.clone());
    }
    let user = match session_token(req) {
        Some(token) => {
            let app = app_of(req)?;
            crate::web::run(move || accounts::session_user(&app, &token)).await?
        }
        None => None,
    };
    req.extensions_mut().insert(CachedUser(user.clone()));
    Ok(user)
}

/// The frame of every page: language, user, CSRF token, flash message, current path.
#[derive(Clone, Debug)]
pub struct Chrome {
    pub lang: Lang,
    pub user: Option<User>,
    pub csrf: String,
    pub flash: Option<Flash>,
    pub path: String,
    /// Local time's offset from UTC (times are stored in UTC and shown in local time).
    pub offset: chrono::FixedOffset,
}

impl Chrome {
    pub(super) fn build(req: &HttpRequest, user: Option<User>) -> Result<Chrome, WebError> {
        let ctx = request_context(req);
        let app = app_of(req)?;
        req.extensions_mut().insert(CsrfUsed);
        Ok(Chrome {
            lang: ctx.lang,
            user,
            csrf: csrf_token(&app, &ctx.csrf_seed),
            flash: ctx.flash,
            path: req.path().to_string(),
            offset: app.config.offset(),
        })
    }

    /// The frame of an error page: the visitor's own (signed in or not), whatever failed.
    pub(crate) async fn for_error(req: &HttpRequest) -> Chrome {
        let user = current_user(req).await.ok().flatten();
        let mut chrome = Chrome::anonymous(req);
        chrome.user = user;
        chrome
    }

    /// For pages rendered outside a handler: no user lookup.
    #[must_use]
    pub(crate) fn anonymous(req: &HttpRequest) -> Chrome {
        let ctx = request_context(req);
        req.extensions_mut().insert(CsrfUsed);
        let app = app_of(req).ok();
        let csrf = app
            .as_ref()
            .map(|app| csrf_token(app, &ctx.csrf_seed))
            .unwrap_or_default();
        Chrome {
            lang: ctx.lang,
            user: None,
            csrf,
            flash: None,
            path: req.path().to_string(),
            offset: app.map_or_else(
                || chrono::FixedOffset::east_opt(0).unwrap_or(chrono::Utc.fix()),
                |app| app.config.offset(),
            ),
        }
    }

    /// Times of an event's page in the event's local time, when it has its own.
    pub(crate) fn use_event_time(&mut self, event: &crate::domain::Event) {
        if let Some(offset) = &event.utc_offset {
            self.offset = offset.offset();
        }
    }

    /// A stored (UTC) time as local time, to the minute, with its offset, as the language
    /// writes dates: `05/12/2026 09:30 (UTC+01:00)`.
    #[must_use]
    pub(crate) fn time(&self, at: &chrono::NaiveDateTime) -> String {
        self.local(at, false)
    }

    /// [`Chrome::time`] to the second (the audit log).
    #[must_use]
    pub(crate) fn time_s(&self, at: &chrono::NaiveDateTime) -> String {
        self.local(at, true)
    }

    fn local(&self, at: &chrono::NaiveDateTime, seconds: bool) -> String {
        let local = at.and_utc().with_timezone(&self.offset).naive_local();
        format!(
            "{} (UTC{})",
            self.lang.date_time(local, seconds),
            self.offset
        )
    }

    /// A date as the language writes it (`05/12/2026`).
    #[must_use]
    pub(crate) fn date(&self, date: &chrono::NaiveDate) -> String {
        self.lang.date(*date)
    }

    /// A number with up to two decimals as the language writes it (`2,25`).
    #[must_use]
    pub(crate) fn num(&self, value: impl Decimal) -> String {
        self.lang.decimal(value.value())
    }

    /// An amount of money, its currency said elsewhere (`150 000,50`).
    #[must_use]
    pub(crate) fn amount(&self, amount: &f64) -> String {
        self.lang.amount(*amount)
    }

    /// An amount of money with its currency (`150 000,50 AOA`).
    #[must_use]
    pub(crate) fn money(&self, amount: &f64, currency: &str) -> String {
        self.lang.money(*amount, currency)
    }

    /// A message in the page's language.
    #[must_use]
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// An event's adjudication rule in words.
    #[must_use]
    pub(crate) fn adjudication_rule(&self, rule: &crate::domain::AdjudicationRule) -> String {
        let wins = if rule.margin == 0 {
            self.t("adjudication-rule-proven")
        } else {
            self.t1(
                "adjudication-rule-margin",
                "margin",
                &rule.margin.to_string(),
            )
        };
        let otherwise = self.t(&format!(
            "adjudication-otherwise-{}",
            rule.otherwise.as_str()
        ));
        self.t_args(
            "adjudication-rule",
            &[("wins", wins), ("otherwise", otherwise)],
        )
    }

    /// The colon after a label, as the language writes it (French: a no-break space first).
    #[must_use]
    pub fn colon(&self) -> &'static str {
        self.lang.colon()
    }

    /// A message whose key is a prefix and a code (`state-` + `running`).
    #[must_use]
    pub(crate) fn tk(&self, prefix: &str, code: &str) -> String {
        self.lang.t(&format!("{prefix}{code}"))
    }

    /// An audit entry's detail in the page's language.
    #[must_use]
    pub(crate) fn said(&self, said: &crate::service::audit::Said) -> String {
        crate::web::said::said(self.lang, said)
    }

    /// A state an audit entry records, in the page's language.
    #[must_use]
    pub(crate) fn state(&self, state: &crate::domain::AuditState) -> String {
        crate::web::said::state(self.lang, *state)
    }

    /// A knockout stage's name ("Semi-finals").
    #[must_use]
    pub(crate) fn stage(&self, name: &crate::tournament::knockout::StageName) -> String {
        crate::web::words::stage(self.lang, *name)
    }

    /// A knockout match's name ("Semi-finals, match 2", "Final").
    #[must_use]
    pub(crate) fn match_stage(&self, stage: &crate::tournament::knockout::MatchStage) -> String {
        crate::web::words::match_stage(self.lang, *stage)
    }

    /// A refused record's fault, in the page's language.
    #[must_use]
    pub(crate) fn explain(&self, explanation: &crate::rules::explain::Explanation) -> String {
        crate::web::said::explanation_words(self.lang, explanation)
    }

    /// What in a record contradicts the pairing, in the page's language.
    #[must_use]
    pub(crate) fn mismatch(&self, mismatch: &crate::domain::Mismatch) -> String {
        crate::web::said::mismatch_words(self.lang, mismatch)
    }

    /// Numbers as a list in words: `1, 3 and 5`.
    #[must_use]
    pub(crate) fn numbers(&self, numbers: &[usize]) -> String {
        let words: Vec<String> = numbers.iter().map(ToString::to_string).collect();
        match words.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} {} {last}", rest.join(", "), self.t("list-and")),
        }
    }

    /// How a round differs from the Dutch system's pairing, in the reader's language.
    #[must_use]
    pub(crate) fn difference(&self, d: &crate::tournament::trf_pairing::Difference) -> String {
        crate::web::said::difference_words(self.lang, d)
    }

    /// The federation's refusal of a push in the reader's language, when it named its
    /// specifics as this program knows them.
    #[must_use]
    pub(crate) fn push_refusal(&self, push: &crate::service::push::PushState) -> Option<String> {
        let (key, args) = push.said.as_ref()?;
        crate::web::said::fault_words(self.lang, key, args)
    }

    /// A one-time message as it reads, its numbers said.
    #[must_use]
    pub(crate) fn flash_text(&self, flash: &super::Flash) -> String {
        let args: Vec<(&'static str, String)> = flash
            .counts
            .iter()
            .map(|(name, value)| (*name, value.to_string()))
            .collect();
        self.lang.t_args(&flash.key, &args)
    }

    /// A message with any number of arguments.
    #[must_use]
    pub(crate) fn t_args(&self, key: &str, args: &[(&'static str, String)]) -> String {
        self.lang.t_args(key, args)
    }

    /// A message with one argument.
    #[must_use]
    pub(crate) fn t1(&self, key: &str, name: &'static str, value: &str) -> String {
        self.lang.t_args(key, &[(name, value.to_string())])
    }

    /// A message with two arguments.
    #[must_use]
    pub(crate) fn t2(
        &self,
        key: &str,
        first: &'static str,
        first_value: &str,
        second: &'static str,
        second_value: &str,
    ) -> String {
        self.lang.t_args(
            key,
            &[
                (first, first_value.to_string()),
                (second, second_value.to_string()),
            ],
        )
    }

    /// The other languages' links for the switcher: (code, name, is current).
    #[must_use]
    pub(crate) fn languages(&self) -> Vec<(&'static str, &'static str, bool)> {
        Lang::ALL
            .iter()
            .map(|l| (l.code(), l.native_name(), *l == self.lang))
            .collect()
    }

    #[must_use]
    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(User::is_admin)
    }
}

/// A number a template shows, however many references deep askama hands it over.
pub(crate) trait Decimal {
    fn value(&self) -> f64;
}

impl Decimal for f64 {
    fn value(&self) -> f64 {
        *self
    }
}

impl<T: Decimal + ?Sized> Decimal for &T {
    fn value(&self) -> f64 {
        (**self).value()
    }
}
