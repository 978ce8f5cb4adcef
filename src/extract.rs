//! Request extractors whose rejections speak the API's error shape, and lenient field parsers.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::FromRequest;
use axum::extract::{FromRef, FromRequestParts};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::AppError;
use crate::state::AppState;

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
            .map_err(|rejection| AppError::Status(rejection.status(), format!("The upload could not be read: {}", rejection.body_text())))
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
            .map_err(|rejection| AppError::Status(rejection.status(), format!("Invalid request body: {}", rejection.body_text())))
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match &rejection {
            JsonRejection::MissingJsonContentType(_) => {
                AppError::Status(rejection.status(), "Expected a JSON body with Content-Type: application/json.".into())
            }
            // Syntax and type errors alike are the caller's mistake: 400, saying what was wrong.
            JsonRejection::JsonDataError(_) | JsonRejection::JsonSyntaxError(_) => {
                AppError::bad_request(format!("Invalid request body: {}", rejection.body_text()))
            }
            _ => AppError::Status(rejection.status(), format!("Invalid request body: {}", rejection.body_text())),
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::bad_request(format!("Invalid path: {}", rejection.body_text()))
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request(format!("Invalid query: {}", rejection.body_text()))
    }
}

/// Serde helpers for payload fields that clients send as numbers or as numeric strings.
pub mod lenient {
    use serde::{Deserialize, Deserializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumOrText {
        Num(f64),
        Text(String),
    }

    fn to_f64<E: serde::de::Error>(value: Option<NumOrText>) -> Result<Option<f64>, E> {
        match value {
            None => Ok(None),
            Some(NumOrText::Num(n)) => Ok(Some(n)),
            Some(NumOrText::Text(t)) if t.trim().is_empty() => Ok(None),
            Some(NumOrText::Text(t)) => t.trim().parse::<f64>().map(Some).map_err(|_| E::custom(format!("expected a number, got {t:?}"))),
        }
    }

    /// An optional number: absent, null and "" are `None`; `4` and `"4"` are `Some(4.0)`.
    pub fn opt_f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        to_f64(Option::<NumOrText>::deserialize(d)?)
    }

    /// Optional text that clients may also send as a number (`"9876543210"` or `9876543210`).
    pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum TextOrInt {
            Text(String),
            Int(u64),
        }
        Ok(match Option::<TextOrInt>::deserialize(d)? {
            None => None,
            Some(TextOrInt::Text(t)) => Some(t),
            Some(TextOrInt::Int(n)) => Some(n.to_string()),
        })
    }

    /// A list of whole numbers, accepting `[1, "3"]`, a single `4` or `"4"`, `"1,3"`, or null.
    pub fn vec_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
        Ok(texts(d)?.iter().filter_map(|t| t.trim().parse::<i64>().ok()).collect())
    }

    /// A list of texts, accepting `["a", "b"]`, a single `"a"` or `"a,b"`, numbers, or null.
    pub fn vec_text<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        Ok(texts(d)?.into_iter().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect())
    }

    fn texts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Item {
            Text(String),
            Num(f64),
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            Many(Vec<Item>),
            One(Item),
        }
        let text = |i: Item| match i {
            Item::Text(t) => t,
            Item::Num(n) => n.to_string(),
        };
        Ok(match Option::<OneOrMany>::deserialize(d)? {
            None => Vec::new(),
            Some(OneOrMany::Many(items)) => items.into_iter().map(text).collect(),
            Some(OneOrMany::One(item)) => text(item).split(',').map(str::to_string).collect(),
        })
    }

    /// An optional whole number, accepting `4` and `"4"`.
    pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
        match to_f64::<D::Error>(Option::<NumOrText>::deserialize(d)?)? {
            None => Ok(None),
            Some(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Ok(Some(n as i64)),
            Some(n) => Err(serde::de::Error::custom(format!("expected a whole number, got {n}"))),
        }
    }
}

/// The caller's IP address, for the sign-in rate limiter. It is the socket's peer, unless that
/// peer is a trusted reverse proxy (`Config::trusted_proxies`): then it is the rightmost
/// `X-Forwarded-For` address that is not itself a trusted proxy (what the proxy saw). Forwarding
/// headers from anyone else are ignored, so a client cannot dodge the per-address limit by
/// inventing `X-Forwarded-For`.
#[derive(Debug, Clone)]
pub struct ClientAddr(pub String);

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
        let config = AppState::from_ref(state).config;
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
