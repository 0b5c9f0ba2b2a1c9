//! The pages of outgoing mail: "forgot my password", an announcement's unsubscribe link, and
//! an event's mail page for its organisers (what was sent, what waits or failed and why, the
//! event's choice of announcements, a written notice, a message sent again).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{error_key, html, html_with_status, redirect_with_counts, redirect_with_flash};
use crate::domain::{Event, Language, MessageId, OutboxState};
use crate::service::outbox::{EventMail, MailChoice};
use crate::service::{App, ServiceError, event_mail, outbox, password_reset};
use crate::web::context::{Chrome, CsrfForm, Empty, FlashLevel, Page, client_ip};
use crate::web::errors::WebError;
use crate::web::event_context::OrganiserPage;
use crate::web::i18n::Lang;

#[derive(Template)]
#[template(path = "forgot.html")]
struct ForgotPage<'a> {
    c: &'a Chrome,
    email: &'a str,
    error: Option<String>,
    /// The address a link was sent to, if it is an account's.
    sent_to: Option<&'a str>,
    minutes: i64,
    /// Whether this installation sends e-mail at all.
    sends_mail: bool,
}

#[derive(Deserialize)]
pub struct ForgotForm {
    #[serde(default)]
    email: String,
}

/// `GET /forgot`: the form that asks for a link to set a new password.
pub(crate) async fn forgot_form(
    Page(c): Page,
    app: web::Data<App>,
) -> Result<HttpResponse, WebError> {
    html(&ForgotPage {
        c: &c,
        email: "",
        error: None,
        sent_to: None,
        minutes: password_reset::RESET_LINK_MINUTES,
        sends_mail: app.config.smtp_url.is_some(),
    })
}

/// `POST /forgot`: the same answer whether or not the address has an account.
pub(crate) async fn forgot(
    req: HttpRequest,
    Page(c): Page,
    app: web::Data<App>,
    form: CsrfForm<ForgotForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let sends_mail = app.config.smtp_url.is_some();
    let service = app.into_inner();
    let ip = client_ip(&req);
    let language = c.lang.language();
    let email = form.email.clone();
    let asked = crate::web::run(move || {
        Ok::<_, ServiceError>(password_reset::ask_by_email(
            &service, &email, &ip, language,
        ))
    })
    .await?;
    let (status, error, sent_to) = match asked {
        Ok(()) => (StatusCode::OK, None, Some(form.email.trim())),
        Err(e @ ServiceError::Invalid(_)) => (
            crate::web::errors::refused_input(),
            Some(error_key(e.code())),
            None,
        ),
        Err(e) => return Err(e.into()),
    };
    html_with_status(
        status,
        &ForgotPage {
            c: &c,
            email: &form.email,
            error,
            sent_to,
            minutes: password_reset::RESET_LINK_MINUTES,
            sends_mail,
        },
    )
}

#[derive(Template)]
#[template(path = "unsubscribe.html")]
struct UnsubscribePage<'a> {
    c: &'a Chrome,
    email: &'a str,
    action: String,
    stopped: bool,
}

/// The token in an unsubscribe link's path, or 404.
fn token_of(path: &str) -> Result<&str, WebError> {
    super::reset::token_of(path).ok_or_else(|| ServiceError::NotFound.into())
}

/// `GET /unsubscribe/{token}`: whether the address receives announcements, with the button
/// that changes it.
pub(crate) async fn unsubscribe_page(
    Page(c): Page,
    app: web::Data<App>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = token_of(&path)?.to_string();
    let service = app.into_inner();
    let action = format!("/unsubscribe/{token}");
    let (email, stopped) =
        crate::web::run(move || outbox::unsubscribe_state(&service, &token)).await?;
    Ok(super::reset::secret_page(html(&UnsubscribePage {
        c: &c,
        email: &email,
        action,
        stopped,
    })?))
}

#[derive(Deserialize)]
pub struct UnsubscribeForm {
    /// `again`: announcements wanted again; anything else (a mail program's one-click
    /// `List-Unsubscribe=One-Click`) stops them.
    #[serde(default)]
    want: String,
}

/// `POST /unsubscribe/{token}`: no more announcements to the address (or them again). A mail
/// program's one-click unsubscribe (RFC 8058) posts here without the site's cookies, so the
/// form carries no CSRF token: the link's own 256-bit token is what proves the request
/// comes from the address's owner, and the only change it can make is to the address's own
/// announcements.
pub(crate) async fn unsubscribe(
    req: HttpRequest,
    app: web::Data<App>,
    path: web::Path<String>,
    form: web::Form<UnsubscribeForm>,
) -> Result<HttpResponse, WebError> {
    let token = token_of(&path)?.to_string();
    let back = format!("/unsubscribe/{token}");
    let stop = form.want != "again";
    let service = app.into_inner();
    crate::web::run(move || outbox::set_unsubscribed(&service, &token, stop)).await?;
    let key = if stop {
        "flash-unsubscribed"
    } else {
        "flash-resubscribed"
    };
    redirect_with_flash(&req, &back, FlashLevel::Success, key)
}

#[derive(Template)]
#[template(path = "events/mail.html")]
struct MailPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    mail: &'a EventMail,
    sends_mail: bool,
    /// The languages messages may be written in, with their own names.
    languages: Vec<(Language, &'static str)>,
    notice: &'a str,
    error: Option<String>,
}

async fn render_mail(
    app: web::Data<App>,
    page: &OrganiserPage,
    notice: &str,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let mail = crate::web::run(move || event_mail::view(&service, &access)).await?;
    let template = MailPage {
        c: &page.chrome,
        event: &page.access.event,
        mail: &mail,
        sends_mail: app.config.smtp_url.is_some(),
        languages: Lang::ALL
            .iter()
            .map(|l| (l.language(), l.native_name()))
            .collect(),
        notice,
        error,
    };
    html_with_status(status, &template)
}

/// `GET /events/{slug}/mail` (organisers).
pub(crate) async fn event_mail_page(
    app: web::Data<App>,
    page: OrganiserPage,
) -> Result<HttpResponse, WebError> {
    render_mail(app, &page, "", None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct ChoiceForm {
    #[serde(default)]
    language: String,
    #[serde(default)]
    personal_link: Option<String>,
    #[serde(default)]
    round_published: Option<String>,
    #[serde(default)]
    confirmation: Option<String>,
    #[serde(default)]
    disputes: Option<String>,
    #[serde(default)]
    corrections: Option<String>,
    #[serde(default)]
    final_ranking: Option<String>,
}

/// `POST /events/{slug}/mail/choice` (organisers): which announcements the event sends.
pub(crate) async fn choose(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<ChoiceForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let language = Language::from_code(form.language.trim()).ok_or(WebError::BadRequest)?;
    let choice = MailChoice {
        language,
        personal_link: form.personal_link.is_some(),
        round_published: form.round_published.is_some(),
        confirmation: form.confirmation.is_some(),
        disputes: form.disputes.is_some(),
        corrections: form.corrections.is_some(),
        final_ranking: form.final_ranking.is_some(),
    };
    let access = page.access.clone();
    let service = app.into_inner();
    crate::web::run(move || event_mail::choose(&service, &access, &choice)).await?;
    let back = mail_path(&page.access.event.slug);
    redirect_with_flash(&req, &back, FlashLevel::Success, "flash-saved")
}

#[derive(Deserialize)]
pub struct NoticeForm {
    #[serde(default)]
    notice: String,
}

/// `POST /events/{slug}/mail/notice` (organisers): a notice to every player with an address.
pub(crate) async fn notice(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<NoticeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let text = form.notice.clone();
    match crate::web::run(move || {
        Ok::<_, ServiceError>(event_mail::send_notice(&service, &access, &text))
    })
    .await?
    {
        Ok(0) => redirect_with_flash(
            &req,
            &mail_path(&page.access.event.slug),
            FlashLevel::Error,
            "flash-notice-none",
        ),
        Ok(queued) => redirect_with_counts(
            &req,
            &mail_path(&page.access.event.slug),
            FlashLevel::Success,
            "flash-notice-queued",
            &[("queued", queued as u64)],
        ),
        Err(e @ ServiceError::Invalid(_)) => {
            render_mail(
                app,
                &page,
                &form.notice,
                Some(error_key(e.code())),
                crate::web::errors::refused_input(),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /events/{slug}/mail/{id}/again` (organisers): one message sent again.
pub(crate) async fn again(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, MessageId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, id) = path.into_inner();
    let access = page.access.clone();
    let service = app.into_inner();
    crate::web::run(move || event_mail::send_again(&service, &access, id)).await?;
    redirect_with_flash(
        &req,
        &mail_path(&page.access.event.slug),
        FlashLevel::Success,
        "flash-message-again",
    )
}

fn mail_path(slug: &str) -> String {
    crate::web::paths::event_mail(slug)
}
