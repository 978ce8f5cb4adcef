//! The catalogue: every message the server sends, gathered from the areas that own them (each
//! area's `messages.rs`, and the shared modules' own `messages!`), and every unique constraint
//! that answers with a field's own message. It sits above the areas, which it names.

use crate::platform::error::{Msg, UniqueField};

/// Every message, in no particular order (a test checks each code is unique).
pub fn messages() -> Vec<Msg> {
    [
        crate::platform::error::ALL,
        crate::platform::scope::ALL,
        crate::platform::geo::ALL,
        crate::platform::validate::ALL,
        crate::platform::taxids::ALL,
        crate::platform::money::ALL,
        crate::platform::db::ALL,
        crate::platform::extract::ALL,
        crate::platform::files::ALL,
        crate::platform::mailer::ALL,
        crate::platform::api::ALL,
        crate::downloads::ALL,
        crate::auth::messages::ALL,
        crate::beats::messages::ALL,
        crate::buckets::messages::ALL,
        crate::chat::messages::ALL,
        crate::customers::messages::ALL,
        crate::deliveries::messages::ALL,
        crate::masters::messages::ALL,
        crate::masters::products::messages::ALL,
        crate::orders::messages::ALL,
        crate::reports::messages::ALL,
        crate::uploads::messages::ALL,
        crate::collections::messages::ALL,
        crate::attendance::messages::ALL,
        crate::photos::messages::ALL,
        crate::schemes::messages::ALL,
        crate::targets::messages::ALL,
        crate::returns::messages::ALL,
    ]
    .concat()
}

/// Every unique constraint that names a field.
pub fn unique_fields() -> Vec<&'static UniqueField> {
    [
        crate::auth::messages::UNIQUE_FIELDS,
        crate::beats::messages::UNIQUE_FIELDS,
        crate::buckets::messages::UNIQUE_FIELDS,
        crate::chat::messages::UNIQUE_FIELDS,
        crate::customers::messages::UNIQUE_FIELDS,
        crate::deliveries::messages::UNIQUE_FIELDS,
        crate::masters::messages::UNIQUE_FIELDS,
        crate::masters::products::messages::UNIQUE_FIELDS,
        crate::orders::messages::UNIQUE_FIELDS,
        crate::reports::messages::UNIQUE_FIELDS,
        crate::uploads::messages::UNIQUE_FIELDS,
        crate::collections::messages::UNIQUE_FIELDS,
        crate::attendance::messages::UNIQUE_FIELDS,
        crate::photos::messages::UNIQUE_FIELDS,
        crate::schemes::messages::UNIQUE_FIELDS,
        crate::targets::messages::UNIQUE_FIELDS,
        crate::returns::messages::UNIQUE_FIELDS,
    ]
    .iter()
    .flat_map(|fields| fields.iter())
    .collect()
}

#[cfg(test)]
mod tests {
    /// The catalogue as the frontend reads it (`docs/messages.json`: code -> English text), checked
    /// in so the Hindi catalogue can be checked against it; `UPDATE_MESSAGES=1` rewrites it.
    #[test]
    fn the_checked_in_catalogue_is_the_servers() {
        let map: std::collections::BTreeMap<&str, &str> = super::messages().into_iter().map(|m| (m.code, m.text)).collect();
        let pretty = serde_json::to_string_pretty(&map).expect("json") + "\n";
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/messages.json");
        if std::env::var_os("UPDATE_MESSAGES").is_some_and(|v| v == "1") {
            std::fs::write(&file, &pretty).expect("write docs/messages.json");
        }
        let checked_in = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            checked_in == pretty,
            "docs/messages.json differs from the server's catalogue: run UPDATE_MESSAGES=1 cargo test --lib catalogue"
        );
    }

    #[test]
    fn every_code_is_unique_and_snake_case() {
        let mut seen = std::collections::BTreeMap::new();
        for msg in super::messages() {
            assert!(
                msg.code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "code {} is not snake_case",
                msg.code
            );
            if let Some(text) = seen.insert(msg.code, msg.text) {
                assert_eq!(text, msg.text, "code {} has two texts", msg.code);
            }
        }
    }
}
