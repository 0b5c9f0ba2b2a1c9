//! Circuits through the API: creating one, its standings, and filling its final.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::{ApiCreator, ApiError, ApiUser, json_body};
use crate::domain::CircuitId;
use crate::service::App;
use crate::service::circuits::{self, CircuitInput, CircuitRef};
use crate::web::page_cache::{Named, PageKey, Scope};

/// `POST /api/v1/circuits` (accounts that may create events).
pub(crate) async fn create(
    req: HttpRequest,
    app: web::Data<App>,
    ApiCreator(user): ApiCreator,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let input: CircuitInput = json_body(&req, &body)?;
    let app = app.into_inner();
    let circuit = crate::web::run(move || circuits::create(&app, &user, &input)).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/api/v1/circuits/{}", circuit.id)))
        .json(serde_json::json!({
            "id": circuit.id,
            "slug": circuit.slug,
            "url": format!("/circuits/{}", circuit.slug),
        })))
}

/// `GET /api/v1/circuits/{id}`: the circuit, its standings and who goes to the final; the
/// same for everyone, kept per version of its events.
pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    path: web::Path<CircuitId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let app = app.into_inner();
    let lookup = app.clone();
    let (_, version) =
        crate::web::run(move || circuits::version(&lookup, CircuitRef::Id(id))).await?;
    let named = Named {
        scope: Scope::Circuit(id),
        version,
        key: PageKey::of(&req),
    };
    let _turn = match super::cache::stored(&req, &named, true).await {
        super::cache::Lookup::Stored(stored) => return Ok(stored),
        super::cache::Lookup::Render(turn) => turn,
    };
    let standings = crate::web::run(move || circuits::standings(&app, CircuitRef::Id(id))).await?;
    super::cache::json(&req, &named, true, Vec::new(), &standings)
}

/// `POST /api/v1/circuits/{id}/final` (the final's organisers): enters the qualified players.
pub(crate) async fn fill_final(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<CircuitId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let app = app.into_inner();
    let filled = crate::web::run(move || circuits::fill_final(&app, &user, id)).await?;
    Ok(HttpResponse::Ok().json(filled))
}
