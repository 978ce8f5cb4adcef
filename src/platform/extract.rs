//! Request extractors whose rejections speak the API's error shape.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::FromRequest;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use serde_json::json;

use crate::platform::error::AppError;
use crate::platform::state::AppState;

crate::messages! {
    /// `{detail}` is axum's English account of what was wrong.
    UPLOAD_UNREADABLE = "upload_unreadable": "The upload could not be read: {detail}";
    /// Not JSON at all (a syntax error).
    INVALID_JSON = "invalid_json": "Invalid request body: {detail}";
    /// JSON, but a field of the wrong type or a required one missing.
    INVALID_JSON_DATA = "invalid_json_data": "Invalid request body: {detail}";
    /// A body that could not be read (cut off).
    INVALID_BODY = "invalid_body": "Invalid request body: {detail}";
    JSON_CONTENT_TYPE = "json_content_type_required": "Expected a JSON body with Content-Type: application/json.";
    INVALID_PATH = "invalid_path": "Invalid path: {detail}";
    INVALID_QUERY = "invalid_query": "Invalid query: {detail}";
}

/// `msg` with axum's account of the rejection as its `{detail}`.
pub fn rejected(msg: crate::platform::error::Msg, detail: String) -> crate::platform::error::Problem {
    msg.with([("detail", json!(detail))])
}

/// `axum::Json` whose malformed-body rejections are `{"message"}` 400/415s.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Path` with JSON rejections.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

/// `axum::extract::Query` with JSON rejections.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

/// `axum::extract::Multipart` whose rejection (a body that is not `multipart/form-data`) is a
/// `{"message"}` answer like every other.
pub struct MultipartForm(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for MultipartForm {
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, AppError> {
        axum::extract::Multipart::from_request(req, state)
            .await
            .map(MultipartForm)
            .map_err(|rejection| AppError::Status(rejection.status(), rejected(UPLOAD_UNREADABLE, rejection.body_text())))
    }
}

/// The raw body, whose rejection (too large, unreadable) is a `{"message"}` answer.
pub struct RawBody(pub axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, AppError> {
        axum::body::Bytes::from_request(req, state)
            .await
            .map(RawBody)
            .map_err(|rejection| unreadable(rejection.status(), rejection.body_text()))
    }
}

/// A body that could not be read: over the limit as it was read (a body sent without its length,
/// so `web` could not refuse it up front) is the same 413 as one refused up front.
fn unreadable(status: StatusCode, detail: String) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::Status(status, crate::platform::api::BODY_TOO_LARGE.into())
    } else {
        AppError::Status(status, rejected(INVALID_BODY, detail))
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match &rejection {
            JsonRejection::MissingJsonContentType(_) => AppError::Status(rejection.status(), JSON_CONTENT_TYPE.into()),
            // Syntax and type errors alike are the caller's mistake: 400, saying what was wrong.
            JsonRejection::JsonSyntaxError(_) => AppError::bad_request(rejected(INVALID_JSON, rejection.body_text())),
            JsonRejection::JsonDataError(_) => AppError::bad_request(rejected(INVALID_JSON_DATA, rejection.body_text())),
            _ => unreadable(rejection.status(), rejection.body_text()),
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::bad_request(rejected(INVALID_PATH, rejection.body_text()))
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request(rejected(INVALID_QUERY, rejection.body_text()))
    }
}

/// The caller's IP address, for the sign-in rate limiter. It is the socket's peer, unless that
/// peer is a trusted reverse proxy (`Config::trusted_proxies`): then it is the rightmost
/// `X-Forwarded-For` address that is not itself a trusted proxy (what the proxy saw). Forwarding
/// headers from anyone else are ignored, so a client cannot dodge the per-address limit by
/// inventing `X-Forwarded-For`.
#[derive(Debug, Clone)]
pub struct ClientAddr(pub String);

/// Whether a request came over HTTPS: its own scheme, or the `X-Forwarded-Proto` that a trusted
/// proxy (the peer, one of `trusted`) set; from any other peer that header is ignored.
pub async fn came_over_https(parts: &mut axum::http::request::Parts, trusted: &[std::net::IpAddr]) -> bool {
    if parts.uri.scheme() == Some(&axum::http::uri::Scheme::HTTPS) {
        return true;
    }
    let peer = axum::extract::ConnectInfo::<std::net::SocketAddr>::from_request_parts(parts, &()).await;
    if !peer.is_ok_and(|axum::extract::ConnectInfo(peer)| trusted.contains(&peer.ip())) {
        return false;
    }
    // The proxy nearest to us appends last.
    let proto = parts.headers.get_all("x-forwarded-proto").iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).last();
    proto.is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))
}

impl<S> FromRequestParts<S> for ClientAddr
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        let info = axum::extract::ConnectInfo::<std::net::SocketAddr>::from_request_parts(parts, state).await;
        let Ok(axum::extract::ConnectInfo(peer)) = info else {
            return Ok(ClientAddr("unknown".to_string()));
        };
        let config = AppState::from_ref(state).config.clone();
        let trusted = &config.trusted_proxies;
        if !trusted.contains(&peer.ip()) {
            return Ok(ClientAddr(peer.ip().to_string()));
        }
        let forwarded: Vec<std::net::IpAddr> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|a| a.trim().parse())
            .collect::<Result<_, _>>()
            // A list the proxy did not write whole (a garbled entry): the proxy is the client.
            .unwrap_or_default();
        let client = forwarded.into_iter().rev().find(|a| !trusted.contains(a)).unwrap_or(peer.ip());
        Ok(ClientAddr(client.to_string()))
    }
}
