//! Event archives on the site: an organiser downloads an event's archive; an organiser of the
//! federation's installation imports a venue's, after reviewing who each entry is.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{form_error, html, html_with_status, redirect_with_flash};
use crate::service::archive::{self, MatchDecision, Review};
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
}

/// `GET /events/import-archive` (organisers): the form.
pub(crate) async fn form(page: CreatorPage) -> Result<HttpResponse, WebError> {
    html(&ImportArchivePage {
        c: &page.chrome,
        error: None,
        review: None,
    })
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
    let user = page.user.clone();
    let service = app.into_inner();
    let answer = crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>({
            if reviewing {
                archive::review(&service, &user, &bytes, &decisions).map(Err)
            } else {
                archive::import(&service, &user, &bytes, &decisions).map(Ok)
            }
        })
    })
    .await?;
    match answer {
        Ok(Ok(imported)) => redirect_with_flash(
            &req,
            &paths::event(&imported.event.slug),
            FlashLevel::Success,
            "flash-archive-imported",
        ),
        Ok(Err(review)) => html(&ImportArchivePage {
            c: &page.chrome,
            error: None,
            review: Some(review),
        }),
        Err(
            e @ (ServiceError::Archive(_)
            | ServiceError::Unusable { .. }
            | ServiceError::Invalid(_)
            | ServiceError::Conflict(_)),
        ) => html_with_status(
            crate::web::errors::service_status(&e),
            &ImportArchivePage {
                c: &page.chrome,
                error: Some(form_error(&page.chrome, &e)),
                review: None,
            },
        ),
        Err(e) => Err(e.into()),
    }
}
