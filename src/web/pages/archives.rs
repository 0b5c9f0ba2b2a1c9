//! Event archives on the site: an organiser downloads an event's archive; an organiser of the
//! federation's installation imports a venue's, after reviewing who each entry is.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{form_error, html, html_with_status, redirect_with_flash};
use crate::service::archive::{self, ImportAction, MatchDecision, Review};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CreatorPage, CsrfArchiveUpload, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::OrganiserPage;
use crate::web::paths;

/// `GET /events/{slug}/archive.kiela` (organisers): the event's archive.
pub(crate) async fn download(
    app: web::Data<App>,
    page: OrganiserPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let slug = access.event.slug.clone();
    let app = app.into_inner();
    let bytes = crate::web::run(move || archive::export(&app, &access)).await?;
    Ok(crate::web::api::archives::archive_file(&slug, bytes))
}

#[derive(Template)]
#[template(path = "events/import_archive.html")]
struct ImportArchivePage<'a> {
    c: &'a Chrome,
    error: Option<String>,
    review: Option<Review>,
    /// What the archive changes in the event imported before, in words.
    changes: Vec<String>,
    /// Its results that stand on a decision without a record, in words.
    decisions: Vec<String>,
}

impl<'a> ImportArchivePage<'a> {
    fn of(c: &'a Chrome, error: Option<String>, review: Option<Review>) -> ImportArchivePage<'a> {
        let (changes, decisions) = review.as_ref().map_or_else(Default::default, |r| {
            (
                r.changes
                    .iter()
                    .map(|ch| crate::web::said::change(c.lang, ch))
                    .collect(),
                r.decisions
                    .iter()
                    .map(|d| crate::web::said::decision(c.lang, d))
                    .collect(),
            )
        });
        ImportArchivePage {
            c,
            error,
            review,
            changes,
            decisions,
        }
    }
}

/// `GET /events/import-archive` (organisers): the form.
pub(crate) async fn form(page: CreatorPage) -> Result<HttpResponse, WebError> {
    html(&ImportArchivePage::of(&page.chrome, None, None))
}

/// `POST /events/import-archive` (organisers): reviews the archive (`action=review`), or
/// imports it with the organiser's decisions (`match-N`: a person's federation id or `new`).
pub(crate) async fn import(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    upload: CsrfArchiveUpload,
) -> Result<HttpResponse, WebError> {
    let bytes = upload.file?;
    let reviewing = upload
        .fields
        .iter()
        .any(|(name, value)| name == "action" && value == "review");
    let decisions: Vec<MatchDecision> = upload
        .fields
        .iter()
        .filter_map(|(name, value)| {
            let player = name.strip_prefix("match-")?.parse().ok()?;
            let person = value.trim();
            (!person.is_empty()).then(|| MatchDecision {
                player,
                person: person.chars().take(40).collect(),
            })
        })
        .collect();
    // The organiser's confirmation of the changes the review showed: that archive's digest.
    let confirm: Option<String> = upload
        .fields
        .iter()
        .find(|(name, _)| name == "confirm")
        .map(|(_, value)| value.trim().chars().take(64).collect());
    let user = page.user.clone();
    let service = app.into_inner();
    let answer = crate::web::run(move || {
        let asked = archive::Asked {
            decisions: &decisions,
            confirm: confirm.as_deref(),
        };
        Ok::<_, crate::service::ServiceError>({
            if reviewing {
                archive::review(&service, &user, &bytes, &asked).map(Err)
            } else {
                archive::import(&service, &user, &bytes, &asked).map(Ok)
            }
        })
    })
    .await?;
    match answer {
        Ok(Ok(imported)) if matches!(imported.review.action, ImportAction::Held) => {
            html_with_status(
                actix_web::http::StatusCode::ACCEPTED,
                &ImportArchivePage::of(&page.chrome, None, Some(imported.review)),
            )
        }
        Ok(Ok(imported)) => redirect_with_flash(
            &req,
            &paths::event(&imported.event.slug),
            FlashLevel::Success,
            "flash-archive-imported",
        ),
        Ok(Err(review)) => html(&ImportArchivePage::of(&page.chrome, None, Some(review))),
        Err(
            e @ (ServiceError::Archive(_)
            | ServiceError::Unusable { .. }
            | ServiceError::Invalid(_)
            | ServiceError::Conflict(_)
            | ServiceError::Blocked { .. }
            | ServiceError::NotAllowed(_)
            | ServiceError::Busy { .. }),
        ) => html_with_status(
            crate::web::errors::service_status(&e),
            &ImportArchivePage::of(&page.chrome, Some(form_error(&page.chrome, &e)), None),
        ),
        Err(e) => Err(e.into()),
    }
}
