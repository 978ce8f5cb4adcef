//! The HTTP application: the API's feature routers merged under `/webapi/api`, the middleware
//! every request passes (logging, security headers, anti-forgery, session), and the embedded SPA.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, FromRef, FromRequestParts, OriginalUri, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use rust_embed::RustEmbed;
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::types::SessionUser;
use crate::buckets::queries;
use crate::buckets::queries::stats::LandingCache;
use crate::customers::api::BestSellerCache;
use crate::platform::api::{API_BASE, BODY_TOO_LARGE, DATABASE_UNREACHABLE, METHOD_NOT_ALLOWED, NO_SUCH_ENDPOINT, XSRF_INVALID};
use crate::platform::error::json_error;
use crate::platform::state::AppState;

const XSRF_COOKIE: &str = "XSRF-TOKEN";
const XSRF_HEADER: &str = "x-xsrf-token";
/// JSON bodies are small; upload routes raise this for themselves.
const JSON_BODY_LIMIT: usize = 1024 * 1024;

/// The built frontend (`dist/`, made by build.rs from `frontend/`).
#[derive(RustEmbed)]
#[folder = "dist/"]
struct Assets;

/// The router's state: what every handler shares, and the caches of the areas that keep one.
/// Handlers take the part they need (`State<AppState>`, `State<Arc<LandingCache>>`) through
/// `FromRef`, so the shared state knows no area.
#[derive(Clone, FromRef)]
pub struct App {
    pub shared: AppState,
    /// The outcome list, read on every visit screen.
    pub outcomes: Arc<crate::masters::outcomes::Cache>,
    /// Best sellers per country, read on every visit screen.
    pub best_sellers: Arc<BestSellerCache>,
    /// Landing counts per agent, read by every dashboard.
    pub landing: Arc<LandingCache>,
}

impl App {
    /// The application over `shared`, with empty caches.
    pub fn new(shared: AppState) -> Self {
        App { shared, outcomes: Default::default(), best_sellers: Default::default(), landing: Default::default() }
    }
}

/// Every API route with its documented operation; paths are relative to `API_BASE`.
fn api_routes() -> OpenApiRouter<App> {
    OpenApiRouter::new()
        .merge(crate::auth::router())
        .merge(crate::masters::router())
        .merge(crate::chat::router())
        .merge(crate::customers::router())
        .merge(crate::buckets::router())
        .merge(crate::home::router())
        .merge(crate::deliveries::router())
        .merge(crate::orders::router())
        .merge(crate::schemes::router())
        .merge(crate::beats::router())
        .merge(crate::uploads::router())
        .merge(crate::reports::router())
        .merge(crate::photos::router())
        .merge(crate::attendance::router())
        .merge(crate::collections::router())
        .merge(crate::targets::router())
        .merge(crate::returns::router())
        .routes(routes!(crate::downloads::handlers::download))
        .routes(routes!(crate::downloads::handlers::check))
        .routes(routes!(openapi_json))
}

/// The public routes outside the API base.
fn outside_routes() -> OpenApiRouter<App> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(crate::uploads::sample))
}

/// The OpenAPI description of every route above, with paths as clients call them.
pub fn openapi() -> utoipa::openapi::OpenApi {
    crate::app::openapi::finish(OpenApiRouter::<App>::new().nest(API_BASE, api_routes()).merge(outside_routes()).into_openapi())
}

/// `GET /openapi.json` (public): this description, built once.
#[utoipa::path(get, path = "/openapi.json", tag = "platform", summary = "The OpenAPI description of the API",
    responses((status = 200, description = "The OpenAPI 3.1 document", body = Object, content_type = "application/json")))]
pub async fn openapi_json() -> impl IntoResponse {
    static JSON: OnceLock<String> = OnceLock::new();
    let json = JSON.get_or_init(|| openapi().to_pretty_json().unwrap_or_default());
    ([(header::CONTENT_TYPE, "application/json")], json.as_str())
}

fn api_router(state: &AppState) -> Router<App> {
    Router::from(api_routes())
        .route_layer(middleware::from_fn_with_state(state.clone(), require_session))
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // Answers hold one user's data: no browser or proxy keeps them, unless a route says otherwise.
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
}

/// The whole application over `app`'s state.
pub fn app(app: App) -> Router {
    crate::platform::error::register_unique_fields(crate::app::catalogue::unique_fields());
    let state = &app.shared;
    Router::new()
        .nest(API_BASE, api_router(state))
        .merge(Router::from(outside_routes()))
        .fallback(spa)
        .layer(middleware::from_fn_with_state(state.clone(), anti_forgery))
        .layer(middleware::from_fn(refuse_oversized))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(CompressionLayer::new().gzip(true).compress_when(SizeAbove::new(COMPRESS_ABOVE).and(compressible)))
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp(&state.config)))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(
            TraceLayer::new_for_http()
                // The path only: a query string can carry a secret (a download link's token).
                .make_span_with(|req: &Request| tracing::info_span!("request", method = %req.method(), path = %req.uri().path()))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(app)
}

/// Bodies smaller than this are sent as they are: gzip would save nothing worth the work.
const COMPRESS_ABOVE: u16 = 512;

/// Only text is gzipped (JSON, the SPA's scripts, styles and HTML, SVG): workbooks, zips, pictures
/// and PDFs are compressed already, so gzip would spend CPU to make them bigger.
fn compressible(_: StatusCode, _: axum::http::Version, headers: &axum::http::HeaderMap, _: &axum::http::Extensions) -> bool {
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    ["application/json", "text/", "application/javascript", "image/svg+xml", "application/manifest+json"]
        .iter()
        .any(|t| content_type.starts_with(t))
}

/// Content-Security-Policy: scripts only from our own files, never inline; no framing; the
/// service worker and the web app manifest from our own files; images also from the map's tile
/// server when one is set.
fn csp(config: &crate::platform::config::Config) -> HeaderValue {
    let tiles = config.tile_origin().map(|origin| format!(" {origin}")).unwrap_or_default();
    let policy = format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{tiles}; connect-src 'self'; object-src 'none'; base-uri 'self'; \
         frame-ancestors 'none'; form-action 'self'; worker-src 'self'; manifest-src 'self'"
    );
    // The origin is checked to be a plain scheme and host (`Config::tile_origin`).
    HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"))
}

/// Double-submit anti-forgery check: every non-GET API call must echo the `XSRF-TOKEN` cookie
/// in `X-XSRF-TOKEN`. Callers without the cookie get one on whatever they asked for.
/// The cookie is `Secure` when the request came over HTTPS, directly or through a trusted proxy.
async fn anti_forgery(State(state): State<AppState>, jar: CookieJar, req: Request, next: Next) -> Response {
    let cookie = jar.get(XSRF_COOKIE).map(|c| c.value().to_string()).filter(|v| !v.is_empty());
    let safe_method = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if req.uri().path().starts_with(API_BASE) && !safe_method {
        let header = req.headers().get(XSRF_HEADER).and_then(|v| v.to_str().ok());
        if cookie.is_none() || header != cookie.as_deref() {
            return json_error(StatusCode::FORBIDDEN, XSRF_INVALID);
        }
    }
    let (mut parts, body) = req.into_parts();
    let secure = crate::platform::extract::came_over_https(&mut parts, &state.config.trusted_proxies).await;
    let mut response = next.run(Request::from_parts(parts, body)).await;
    if cookie.is_none() {
        let value = crate::random_hex(16);
        let cookie = Cookie::build((XSRF_COOKIE, value)).path("/").same_site(SameSite::Strict).secure(secure).build();
        if let Ok(v) = HeaderValue::from_str(&cookie.to_string()) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    response
}

/// Refuses a body whose declared length is over its limit before any handler runs, so a handler
/// that never reads its body (a delete, a logout) cannot act on a request that should be a 413.
/// Only multipart forms may exceed the JSON limit; their routes' own limits apply as they are read.
async fn refuse_oversized(req: Request, next: Next) -> Response {
    let declared =
        req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok()).unwrap_or(0);
    let multipart =
        req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data"));
    let limit = if multipart { crate::uploads::MAX_UPLOAD_BYTES } else { JSON_BODY_LIMIT };
    if declared > limit {
        return json_error(StatusCode::PAYLOAD_TOO_LARGE, BODY_TOO_LARGE);
    }
    next.run(req).await
}

/// Every API route needs a live session except `auth::PUBLIC_PATHS`.
async fn require_session(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    let path = path.strip_prefix(API_BASE).unwrap_or(path);
    if crate::auth::PUBLIC_PATHS.contains(&path) {
        return next.run(req).await;
    }
    let action = format!("{} {}", req.method(), path);
    let (mut parts, body) = req.into_parts();
    let user = match SessionUser::from_request_parts(&mut parts, &state).await {
        Ok(user) => user,
        Err(err) => return err.into_response(),
    };
    let response = next.run(Request::from_parts(parts, body)).await;
    // Everything done while an administrator acts for another user is recorded with both.
    if let Some(admin) = user.impersonator {
        let status = response.status().as_u16();
        let recorded = state.db(move |conn| Ok(crate::auth::impersonation::audit(conn, admin, user.uid, &action, Some(status))?)).await;
        if let Err(err) = recorded {
            tracing::error!(error = %err, "writing the audit log failed");
        }
    }
    response
}

async fn api_not_found(OriginalUri(uri): OriginalUri) -> Response {
    json_error(StatusCode::NOT_FOUND, NO_SUCH_ENDPOINT.with([("path", serde_json::json!(uri.path()))]))
}

async fn method_not_allowed() -> Response {
    json_error(StatusCode::METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED)
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
struct Health {
    /// Always `ok`.
    status: &'static str,
}

/// `GET /healthz` (public): 200 when the database answers.
#[utoipa::path(get, path = "/healthz", tag = "platform", summary = "Liveness: 200 when the database answers",
    responses((status = 200, description = "The database answers", body = Health)))]
async fn healthz(State(state): State<AppState>) -> Response {
    match state.db(|conn| Ok(crate::platform::db::ping(conn)?)).await {
        Ok(()) => axum::Json(Health { status: "ok" }).into_response(),
        Err(_) => json_error(StatusCode::SERVICE_UNAVAILABLE, DATABASE_UNREACHABLE),
    }
}

/// Parcel names built files `name.<hash>.ext`; those never change and may be cached for good.
fn is_fingerprinted(path: &str) -> bool {
    path.rsplit('/').next().unwrap_or(path).split('.').any(|part| part.len() >= 8 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

fn asset(path: &str) -> Option<Response> {
    let file = Assets::get(path)?;
    let cache = if is_fingerprinted(path) { "public, max-age=31536000, immutable" } else { "no-cache" };
    Some(
        Response::builder()
            .header(header::CONTENT_TYPE, file.metadata.mimetype())
            .header(header::CACHE_CONTROL, cache)
            .body(Body::from(file.data.into_owned()))
            .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()),
    )
}

/// The SPA: a built file by its exact path, `index.html` at the root, a JSON 404 for unknown
/// `/webapi/` paths and a plain 404 for missing files. Any other path is a screen's route typed
/// without its `#` (a bookmark, a link in a mail): it is sent to the same route under `#`.
async fn spa(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path == "webapi" || path.starts_with("webapi/") {
        return api_not_found(OriginalUri(uri)).await;
    }
    if !path.is_empty() {
        if let Some(response) = asset(path) {
            return response;
        }
        if path == "favicon.ico" {
            return favicon();
        }
        if path.rsplit('/').next().is_some_and(|name| name.contains('.')) {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
        return hash_route_redirect(path, uri.query());
    }
    asset("index.html").unwrap_or_else(|| (StatusCode::SERVICE_UNAVAILABLE, "The frontend was not built into this binary.").into_response())
}

/// Browsers ask for `/favicon.ico` by that name, while the build names the icon by its hash.
fn favicon() -> Response {
    let built = Assets::iter().find(|name| name.starts_with("favicon.") && name.ends_with(".ico"));
    match built.and_then(|name| Assets::get(&name)) {
        Some(file) => ([(header::CONTENT_TYPE, "image/x-icon"), (header::CACHE_CONTROL, "public, max-age=86400")], file.data.into_owned())
            .into_response(),
        None => (StatusCode::NOT_FOUND, "Not found").into_response(),
    }
}

/// A 302 from `/a/b?q` to `#/a/b?q` at the application's root. The root is named relatively
/// (`../` per folder of the path), so it also holds behind a proxy that serves the app under a
/// prefix. Index.html's assets are relative, so serving it here would load none of them.
fn hash_route_redirect(path: &str, query: Option<&str>) -> Response {
    let depth = path.matches('/').count();
    let root = if depth == 0 { "./".to_string() } else { "../".repeat(depth) };
    let route = path.trim_end_matches('/');
    let location = match query {
        Some(q) => format!("{root}#/{route}?{q}"),
        None => format!("{root}#/{route}"),
    };
    Response::builder()
        .status(StatusCode::FOUND)
        .header(header::LOCATION, location)
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::empty())
        .unwrap_or_else(|_| StatusCode::BAD_REQUEST.into_response())
}

/// Serves until SIGINT or SIGTERM, then lets running requests finish within
/// `Config::shutdown_grace`.
pub async fn serve(state: AppState, addr: SocketAddr) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let app_state = App::new(state.clone());
    let warm = app_state.clone();
    tokio::task::spawn_blocking(move || {
        // Best Sellers, and every owner's landing counts, so the first dashboards of the day are
        // answered from the cache. The aggregates fill the connection's page cache; hand that
        // memory back once they are done.
        let warmed = warm.shared.pool.get().map_err(anyhow::Error::from).and_then(|conn| {
            warm.best_sellers.warm(&conn)?;
            queries::landing(&conn, &warm.landing, crate::platform::scope::Scope::All, queries::Windows::now())?;
            conn.execute_batch("PRAGMA shrink_memory")?;
            crate::platform::memory::give_back_free_memory();
            Ok(())
        });
        if let Err(err) = warmed {
            tracing::warn!(error = %err, "warming the best-seller lists and landing counts failed");
        }
    });
    crate::orders::send::schedule(&state);
    let local = listener.local_addr()?;
    tracing::info!(%local, "fieldsales is listening");
    println!("fieldsales is listening on http://{local}");
    let grace = state.config.shutdown_grace;
    let (stopping, stop_requested) = tokio::sync::oneshot::channel::<()>();
    let server =
        axum::serve(listener, app(app_state).into_make_service_with_connect_info::<SocketAddr>()).with_graceful_shutdown(async move {
            shutdown_signal().await;
            let _ = stopping.send(());
        });
    // Graceful shutdown waits for every open connection, and one that never finishes its request
    // (a half-sent header) would wait forever: requests get `grace` to finish, then we stop.
    let deadline = async move {
        if stop_requested.await.is_err() {
            std::future::pending::<()>().await;
        }
        tokio::time::sleep(grace).await;
    };
    tokio::select! {
        served = server => served?,
        () = deadline => tracing::warn!(grace_seconds = grace.as_secs(), "connections still open after the stop signal's grace; stopping without them"),
    }
    tracing::info!("fieldsales stopped");
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}
