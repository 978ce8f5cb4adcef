//! The user's language and the company's formats: `FIELDSALES_LOCALE` / `FIELDSALES_CURRENCY`,
//! `users.locale` (schema step 24), the session's `locale`, `POST /users/locale`, the public
//! `GET /login/settings`, and the mails in the recipient's language.

use axum::http::StatusCode;
use serde_json::json;

use crate::support::{assert_upgrades_to_fresh, downgrade_to_schema_23, downgrade_to_schema_24, TestApp};

#[tokio::test]
async fn the_session_carries_the_companys_language_until_the_user_chooses_their_own() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    let signed_in = app.login_with("agent1@demo.test", crate::support::PASSWORD).await;
    assert_eq!(signed_in.body["locale"], "en", "{}", signed_in.body);
    let session = app.get("/users/session", Some(&token)).await;
    assert_eq!(session.status, StatusCode::OK);
    assert_eq!(session.body["locale"], "en");
    assert_eq!(session.body["companyLocale"], "en-IN");
    assert_eq!(session.body["currency"], "INR");

    let changed = app.post("/users/locale", Some(&token), json!({ "locale": "hi" })).await;
    changed.expect(StatusCode::OK, "Your language was changed.");
    assert_eq!(changed.body["code"], "locale_changed");
    // At once, though the signed-in user was kept a moment ago.
    let session = app.get("/users/session", Some(&token)).await;
    assert_eq!(session.body["locale"], "hi");
    assert_eq!(session.body["companyLocale"], "en-IN", "the formats stay the company's");
    assert_eq!(session.body["currency"], "INR");
    let stored: Option<String> =
        app.conn().query_row("SELECT locale FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0)).unwrap();
    assert_eq!(stored.as_deref(), Some("hi"));

    // It follows the user to the next sign-in (another phone).
    let again = app.login_with("agent1@demo.test", crate::support::PASSWORD).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["locale"], "hi");
    // Others keep the company's.
    let other = app.as_agent(2).await;
    assert_eq!(app.get("/users/session", Some(&other)).await.body["locale"], "en");

    // And back.
    app.post("/users/locale", Some(&token), json!({ "locale": "en" })).await.expect(StatusCode::OK, "Your language was changed.");
    assert_eq!(app.get("/users/session", Some(&token)).await.body["locale"], "en");
}

#[tokio::test]
async fn only_english_and_hindi_are_accepted() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    for bad in [json!({ "locale": "fr" }), json!({ "locale": "hi-IN" }), json!({ "locale": "" }), json!({}), json!({ "locale": 5 })] {
        let r = app.post("/users/locale", Some(&token), bad.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}: {}", r.body);
        if bad != json!({ "locale": 5 }) {
            assert_eq!(r.body["code"], "locale_unknown", "{bad}: {}", r.body);
            assert_eq!(r.body["field"], "locale");
        }
    }
    // Case and spaces as typed are forgiven.
    app.post("/users/locale", Some(&token), json!({ "locale": " HI " })).await.expect(StatusCode::OK, "Your language was changed.");
    assert_eq!(app.get("/users/session", Some(&token)).await.body["locale"], "hi");
    // Nobody signed in may not.
    assert_eq!(app.post("/users/locale", None, json!({ "locale": "hi" })).await.status, StatusCode::UNAUTHORIZED);
    // The table refuses anything else, whoever writes it.
    let refused = app.conn().execute("UPDATE users SET locale = 'fr' WHERE email = 'agent1@demo.test'", []);
    assert!(refused.is_err(), "the CHECK constraint holds");
}

#[tokio::test]
async fn a_company_in_hindi_gives_hindi_to_users_who_chose_nothing() {
    let app = TestApp::with(|c| {
        c.locale = "hi-IN".into();
        c.currency = "INR".into();
    });
    let settings = app.get("/login/settings", None).await;
    assert_eq!(settings.status, StatusCode::OK);
    assert_eq!(settings.body, json!({ "locale": "hi", "companyLocale": "hi-IN", "currency": "INR" }));

    let token = app.as_agent(1).await;
    let session = app.get("/users/session", Some(&token)).await;
    assert_eq!(session.body["locale"], "hi");
    assert_eq!(session.body["companyLocale"], "hi-IN");
    // A user who chooses English reads English.
    app.post("/users/locale", Some(&token), json!({ "locale": "en" })).await.expect(StatusCode::OK, "Your language was changed.");
    assert_eq!(app.get("/users/session", Some(&token)).await.body["locale"], "en");
}

#[tokio::test]
async fn the_sign_in_screen_reads_the_companys_settings_without_a_session() {
    let app = TestApp::with(|c| c.currency = "USD".into());
    let settings = app.get("/login/settings", None).await;
    assert_eq!(settings.status, StatusCode::OK);
    assert_eq!(settings.body, json!({ "locale": "en", "companyLocale": "en-IN", "currency": "USD" }));
}

#[tokio::test]
async fn the_mails_come_in_the_recipients_language() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    app.post("/users/locale", Some(&token), json!({ "locale": "hi" })).await.expect(StatusCode::OK, "Your language was changed.");

    app.post("/login/generateOTP", None, json!({ "userName": "agent1@demo.test" })).await;
    let mail = app.outbox().into_iter().rev().find(|m| m["to"] == "agent1@demo.test").expect("an OTP mail");
    assert_eq!(mail["subject"], "आपका fieldsales साइन-इन कोड", "{mail}");
    let code = app.mailed("agent1@demo.test", "कोड: ");
    assert_eq!(code.len(), 6);
    // The Hindi code signs in like any other.
    let body = json!({ "userName": "agent1@demo.test", "password": code, "terms": true, "loginMethod": "otp" });
    assert_eq!(app.post("/login/authOTP", None, body).await.status, StatusCode::OK);

    app.post("/login/reset", None, json!({ "userName": "agent1@demo.test" })).await;
    let temp = app.mailed("agent1@demo.test", "अस्थायी पासवर्ड: ");
    assert!(!temp.is_empty());

    // Someone who chose nothing gets the company's language: English here.
    app.post("/login/generateOTP", None, json!({ "userName": "agent2@demo.test" })).await;
    assert_eq!(app.mailed("agent2@demo.test", "Code: ").len(), 6);
}

#[tokio::test]
async fn a_company_in_hindi_mails_hindi_to_users_who_chose_nothing() {
    let app = TestApp::with(|c| c.locale = "hi-IN".into());
    app.post("/login/generateOTP", None, json!({ "userName": "agent2@demo.test" })).await;
    assert_eq!(app.mailed("agent2@demo.test", "कोड: ").len(), 6);
}

#[tokio::test]
async fn a_bad_locale_or_currency_stops_the_program_at_start() {
    let app = TestApp::new();
    let out = app.cli(&["--locale", "fr-FR", "migrate"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--locale") && said.contains("en or hi"), "{said}");
    let out = app.cli(&["--currency", "RUPEE", "migrate"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--currency") && said.contains("ISO 4217"), "{said}");
    assert!(app.cli(&["--locale", "hi-IN", "--currency", "inr", "migrate"]).status.success());
}

#[tokio::test]
async fn schema_25_adds_photos_working_days_collections_and_credit_limits() {
    let app = TestApp::new();
    assert_upgrades_to_fresh(&mut app.conn(), 24, downgrade_to_schema_24);
}

#[tokio::test]
async fn schema_24_adds_the_users_language() {
    let app = TestApp::new();
    assert_upgrades_to_fresh(&mut app.conn(), 23, downgrade_to_schema_23);
}

#[tokio::test]
async fn a_password_an_administrator_sets_is_mailed_in_the_users_language() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    app.post("/users/locale", Some(&token), json!({ "locale": "hi" })).await.expect(StatusCode::OK, "Your language was changed.");
    let uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0)).unwrap();
    let admin = app.as_admin().await;
    let r = app.post(&format!("/users/unblock/{uid}?fromUserAgent=true&reset=true"), Some(&admin), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let mail = app.outbox().into_iter().rev().find(|m| m["to"] == "agent1@demo.test").expect("a mail");
    assert_eq!(mail["subject"], "आपका नया fieldsales पासवर्ड", "{mail}");
    let temp = app.mailed("agent1@demo.test", "अस्थायी पासवर्ड: ");
    assert_eq!(app.login_with("agent1@demo.test", &temp).await.status, StatusCode::OK);
}
