//! The federation's registry through the API: search by name, and one person with their
//! events (public: no e-mail, sex or year of birth).

use actix_web::{HttpRequest, HttpResponse, web};

use super::ApiError;
use super::paging::Paging;
use crate::service::{App, registry};
use crate::web::page_cache::{Named, PageKey, Scope};

/// The longest search text read.
const MAX_QUERY_CHARS: usize = 100;

/// `GET /api/v1/registry?q=TEXT`: registered people whose name holds every word of the text
/// (case, accents and spelling aside), or whose federation id it is; at most 20.
pub(crate) async fn search(
    req: HttpRequest,
    app: web::Data<App>,
) -> Result<HttpResponse, ApiError> {
    let paging = Paging::of(&req)?;
    let text = search_text(req.query_string());
    let app = app.into_inner();
    let found = crate::web::run(move || registry::search(&app, &text)).await?;
    let total = found.len();
    Ok(paging
        .ok(&req, total)
        .json(serde_json::json!({ "players": paging.slice(found) })))
}

/// `GET /api/v1/registry/{federation_id}`: the person, their events, final games and rating
/// history; the same for everyone, kept per version of what it shows.
pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let app = app.into_inner();
    let (person, person_id, version) = {
        let (app, id) = (app.clone(), id.clone());
        crate::web::run(move || registry::person_version(&app, &id)).await?
    };
    let named = Named {
        scope: Scope::Person(person),
        version,
        key: PageKey::at(&format!("/api/v1/registry/{person_id}")),
    };
    let _turn = match super::cache::stored(&req, &named, true).await {
        super::cache::Lookup::Stored(stored) => return Ok(stored),
        super::cache::Lookup::Render(turn) => turn,
    };
    let person = crate::web::run(move || registry::person(&app, &id)).await?;
    super::cache::json(&req, &named, true, Vec::new(), &person)
}

/// The `q` parameter of a query string (none, or one that does not decode: no search).
pub(crate) fn search_text(query: &str) -> String {
    crate::web::query_param(query, "q", MAX_QUERY_CHARS)
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MergeBody {
    into: String,
}

/// `POST /api/v1/registry/{federation_id}/merge` (administrators) `{"into": ID}`: the person
/// is one with `into`; their entries and id lead there from now on.
pub(crate) async fn merge(
    req: HttpRequest,
    app: web::Data<App>,
    super::ApiAdmin(user): super::ApiAdmin,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let body: MergeBody = super::json_body(&req, &body)?;
    let gone = path.into_inner();
    let app = app.into_inner();
    let merged = crate::web::run(move || registry::merge(&app, &user, &gone, &body.into)).await?;
    Ok(HttpResponse::Ok().json(merged))
}

/// `GET /api/v1/registry/export`: the registry and the rating list as one file (public data
/// only), for a venue to load with `kiela registry import`; kept per version of the list and
/// the registry, and per day.
pub(crate) async fn export(
    req: HttpRequest,
    app: web::Data<App>,
) -> Result<HttpResponse, ApiError> {
    let today = crate::db::now().date();
    let named = super::ratings::named_list(
        &app,
        crate::web::page_cache::PageKey::of(&req).with("as_of", today.to_string()),
    )
    .await?;
    let _turn = match super::cache::stored(&req, &named, true).await {
        super::cache::Lookup::Stored(stored) => return Ok(stored),
        super::cache::Lookup::Render(turn) => turn,
    };
    let app = app.into_inner();
    let file = crate::web::run(move || crate::service::registry_file::export(&app)).await?;
    super::cache::json(
        &req,
        &named,
        true,
        vec![(
            "Content-Disposition",
            format!("attachment; filename=\"registry-{today}.json\""),
        )],
        &file,
    )
}
