//! Finishing the OpenAPI 3 description that the routers generate (each area's `router()` is a
//! `utoipa_axum` router, so a route cannot exist without its documented operation; `web` assembles
//! them and serves the result at `GET /webapi/api/openapi.json`): title, security, operation ids.

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Content, InfoBuilder, OpenApi, Ref, RefOr};
use utoipa::PartialSchema;

use crate::platform::api::{ErrorBody, MessageBody, API_BASE};

const BEARER: &str = "bearer";
const XSRF: &str = "xsrf";
const XSRF_COOKIE: &str = "xsrfCookie";

/// Finishes the generated document: title, shared schemas, security schemes, an operationId from
/// each method and path, and the error answers the middleware gives (so handlers list only their own).
pub fn finish(mut doc: OpenApi) -> OpenApi {
    doc.info = InfoBuilder::new()
        .title("fieldsales API")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some(
            "JSON API of fieldsales. Every error is `{\"message\"}`. Protected routes need `Authorization: Bearer <token>` \
             (from `/login/auth`); every non-GET call under /webapi/api must also send the `XSRF-TOKEN` cookie's value in \
             `X-XSRF-TOKEN` (the server sets the cookie on any answer).",
        ))
        .build();
    let components = doc.components.get_or_insert_with(Default::default);
    components.schemas.insert("ErrorBody".into(), ErrorBody::schema());
    components.schemas.insert("MessageBody".into(), MessageBody::schema());
    components
        .add_security_scheme(BEARER, SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()));
    components.add_security_scheme(
        XSRF,
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            "X-XSRF-TOKEN",
            "The value of the XSRF-TOKEN cookie, on every non-GET call",
        ))),
    );
    components.add_security_scheme(
        XSRF_COOKIE,
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            "XSRF-TOKEN",
            "The anti-forgery cookie the server sets on any answer; X-XSRF-TOKEN must equal it",
        ))),
    );
    for (path, item) in doc.paths.paths.iter_mut() {
        for (method, op) in operations(item) {
            complete(path, method, op);
        }
    }
    doc
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("get", item.get.as_mut()),
        ("post", item.post.as_mut()),
        ("put", item.put.as_mut()),
        ("delete", item.delete.as_mut()),
        ("patch", item.patch.as_mut()),
    ]
    .into_iter()
    .filter_map(|(method, op)| op.map(|op| (method, op)))
}

fn complete(path: &str, method: &str, op: &mut Operation) {
    op.operation_id = Some(operation_id(method, path));
    let api_path = path.strip_prefix(API_BASE);
    let public = api_path.is_none_or(|p| crate::auth::PUBLIC_PATHS.contains(&p));
    let checked_write = api_path.is_some() && method != "get";
    let takes_input = op.parameters.as_ref().is_some_and(|p| !p.is_empty()) || op.request_body.is_some();
    let mut errors: Vec<(&str, &str)> = vec![("503", "The server is busy (the database stayed locked); try again")];
    if takes_input || checked_write {
        errors.push(("400", "A malformed or invalid request"));
    }
    if op.request_body.as_ref().is_some_and(|b| b.content.contains_key("application/json")) {
        errors.push(("415", "The body is not sent as application/json"));
    }
    if checked_write {
        errors.push(("413", "The body is larger than the route accepts"));
    }
    if !public {
        errors.push(("401", "No session, or the session has ended"));
        errors.push(("403", "The caller lacks the right, must change their password first, or failed the anti-forgery check"));
    } else if checked_write {
        errors.push(("403", "The anti-forgery check failed"));
    }
    for (status, description) in errors {
        op.responses.responses.entry(status.into()).or_insert_with(|| error_response(description));
    }
    let mut requirement = None;
    if !public {
        requirement = Some(SecurityRequirement::new(BEARER, Vec::<String>::new()));
    }
    if checked_write {
        requirement = Some(requirement.unwrap_or_default().add(XSRF, Vec::<String>::new()).add(XSRF_COOKIE, Vec::<String>::new()));
    }
    op.security = requirement.map(|r| vec![r]);
}

/// A JSON error response with the shared `ErrorBody`.
fn error_response(description: &str) -> RefOr<utoipa::openapi::Response> {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
        .build()
        .into()
}

/// `get` + `/webapi/api/master/user/{id}` -> `getMasterUserById`: unique, stable, readable.
fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_string();
    for segment in path.strip_prefix(API_BASE).unwrap_or(path).split(['/', '-', '_', '.']).filter(|s| !s.is_empty()) {
        let (prefix, word) = match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(param) => ("By", param),
            None => ("", segment),
        };
        id.push_str(prefix);
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            id.extend(first.to_uppercase());
            id.push_str(chars.as_str());
        }
    }
    id
}

#[cfg(test)]
mod tests {
    #[test]
    fn operation_ids_follow_method_and_path() {
        assert_eq!(super::operation_id("get", "/webapi/api/master/user/{id}"), "getMasterUserById");
        assert_eq!(super::operation_id("post", "/webapi/api/users/impersonate-rca"), "postUsersImpersonateRca");
        assert_eq!(super::operation_id("get", "/healthz"), "getHealthz");
    }
}
