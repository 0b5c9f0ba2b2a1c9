//! Importing an event from a TRF file.

use crate::domain::ErrorCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::service::{App, ServiceError, trf_import};
use crate::web::context::{Chrome, CreatorPage, CsrfForm, CsrfUpload, FlashLevel};
use crate::web::errors::WebError;
use crate::web::pages::{error_key, html, html_with_status, redirect_with_flash};
use crate::web::paths;

#[derive(Template)]
#[template(path = "events/import.html")]
struct ImportPage<'a> {
    c: &'a Chrome,
    error: Option<String>,
    detail: Option<String>,
    /// The pasted file, given back after a refusal so nothing typed is lost.
    text: String,
}

pub(crate) async fn import_form(page: CreatorPage) -> Result<HttpResponse, WebError> {
    html(&ImportPage {
        c: &page.chrome,
        error: None,
        detail: None,
        text: String::new(),
    })
}

#[derive(Deserialize)]
pub struct TrfForm {
    #[serde(default)]
    trf: String,
}

/// `POST /events/import`: a pasted TRF file.
pub(crate) async fn import_trf(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    form: CsrfForm<TrfForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    import_bytes(&req, app, &page, form.trf.into_bytes(), true).await
}

/// `POST /events/import/file`: an uploaded TRF file, in any encoding TRF files come in.
pub(crate) async fn import_trf_file(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let bytes = upload.bytes()?;
    import_bytes(&req, app, &page, bytes, false).await
}

async fn import_bytes(
    req: &HttpRequest,
    app: web::Data<App>,
    page: &CreatorPage,
    bytes: Vec<u8>,
    pasted: bool,
) -> Result<HttpResponse, WebError> {
    let user = page.user.clone();
    let app = app.into_inner();
    let text = if pasted {
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        String::new()
    };
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(trf_import::trf_import(&app, &user, &bytes))
    })
    .await?
    {
        Ok(imported) => redirect_with_flash(
            req,
            &paths::manage(&imported.event.slug, None),
            FlashLevel::Success,
            if imported.warnings.is_empty() && imported.registry.is_empty() {
                "flash-event-imported"
            } else {
                "flash-event-imported-warnings"
            },
        ),
        Err(ServiceError::Trf(e)) => html_with_status(
            crate::web::errors::service_status(&ServiceError::Trf(e.clone())),
            &ImportPage {
                c: &page.chrome,
                error: Some(error_key(ErrorCode::TrfInvalid)),
                detail: Some(crate::web::said::trf_error_words(page.chrome.lang, &e)),
                text,
            },
        ),
        // Anything else the file makes impossible (a setting out of range) is said on the same
        // page, with the pasted text kept.
        Err(
            e @ (ServiceError::Invalid(_)
            | ServiceError::Unusable { .. }
            | ServiceError::Conflict(_)),
        ) => html_with_status(
            crate::web::errors::service_status(&e),
            &ImportPage {
                c: &page.chrome,
                error: Some(error_key(e.code())),
                detail: None,
                text,
            },
        ),
        Err(e) => Err(e.into()),
    }
}
