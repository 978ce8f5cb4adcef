//! Administrator masters: create, edit, list, delete, validation, duplicates, retiring, rights
//! (the list, and the Rights screen's grid and changes).

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::{png, Part, TestApp};

const NO_RIGHT: &str = "You don't have permission to do this.";

fn names(list: &Value, field: &str) -> Vec<String> {
    list.as_array().unwrap().iter().map(|v| v[field].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn outcomes_lifecycle() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    let list = app.get("/master/outcome", Some(&agent)).await;
    assert_eq!(names(&list.body, "outCome"), ["Follow-up", "Not interested", "Order placed", "Shop closed"]);

    app.post("/master/outcome", Some(&admin), json!({ "outComeId": 0, "outCome": " " }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Outcome is required");
    app.post("/master/outcome", Some(&agent), json!({ "outComeId": 0, "outCome": "Call back" }))
        .await
        .expect(StatusCode::FORBIDDEN, NO_RIGHT);
    let r = app.post("/master/outcome", Some(&admin), json!({ "outComeId": "0", "outCome": "Call back" })).await;
    r.expect(StatusCode::OK, "Outcome saved successfully.");
    let id = r.body["outComeId"].as_i64().unwrap();
    // The cached list sees the change at once.
    assert!(names(&app.get("/master/outcome", Some(&agent)).await.body, "outCome").contains(&"Call back".to_string()));
    app.post("/master/outcome", Some(&admin), json!({ "outComeId": 0, "outCome": "call BACK" }))
        .await
        .expect(StatusCode::CONFLICT, "The outcome call BACK already exists.");
    app.post("/master/outcome", Some(&admin), json!({ "outComeId": id, "outCome": "Call back later" }))
        .await
        .expect(StatusCode::OK, "Outcome saved successfully.");
    assert_eq!(app.get(&format!("/master/outcome/{id}"), Some(&agent)).await.body["outCome"], "Call back later");

    app.post(&format!("/master/outcome/delete/{id}"), Some(&agent), json!({})).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    app.post(&format!("/master/outcome/delete/{id}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::OK, "Outcome deleted successfully.");
    assert!(!names(&app.get("/master/outcome", Some(&agent)).await.body, "outCome").contains(&"Call back later".to_string()));
    assert_eq!(app.get(&format!("/master/outcome/{id}"), Some(&agent)).await.status, StatusCode::NOT_FOUND);
    // Retired, not erased: records that used it keep its name, and the name is free again.
    let kept: String = app.conn().query_row("SELECT name FROM outcomes WHERE outcome_id = ?1", [id], |r| r.get(0)).unwrap();
    assert_eq!(kept, "Call back later");
    app.post("/master/outcome", Some(&admin), json!({ "outComeId": 0, "outCome": "Call back later" }))
        .await
        .expect(StatusCode::OK, "Outcome saved successfully.");
    app.post("/master/outcome/delete/99999", Some(&admin), json!({})).await.expect(StatusCode::NOT_FOUND, "The record was not found.");
    app.post("/master/outcome", Some(&admin), json!({ "outComeId": 99999, "outCome": "Ghost" }))
        .await
        .expect(StatusCode::NOT_FOUND, "The record was not found.");
    assert_eq!(app.get("/master/outcome/abc", Some(&agent)).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn info_types_and_sub_types() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    app.post("/master/info-type", Some(&admin), json!({ "infoId": 0, "infoType": "" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Info Type is required.");
    let r = app.post("/master/info-type", Some(&admin), json!({ "infoId": 0, "infoType": "Stock" })).await;
    r.expect(StatusCode::OK, "Info type saved successfully.");
    let info = r.body["infoId"].as_i64().unwrap();
    app.post("/master/info-type", Some(&admin), json!({ "infoId": 0, "infoType": "stock" }))
        .await
        .expect(StatusCode::CONFLICT, "The info type stock already exists.");

    let sub = |id: i64, info: Value, name: Value| json!({ "infoSubId": id, "infoId": info, "infoSubType": name });
    let cases = [
        (sub(0, json!(null), json!("Low")), "Info Type is required."),
        (sub(0, json!(info), json!("")), "Please Enter SubInfo Name or upload excel of SubInfo Type"),
        (sub(5, json!(info), json!(" ")), "Please Enter SubInfo Name"),
    ];
    for (body, message) in cases {
        app.post("/master/info-subtype", Some(&admin), body).await.expect(StatusCode::BAD_REQUEST, message);
    }
    app.post("/master/info-subtype", Some(&agent), sub(0, json!(info), json!("Low"))).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    let r = app.post("/master/info-subtype", Some(&admin), sub(0, json!(info), json!("Low"))).await;
    r.expect(StatusCode::OK, "Sub info saved successfully.");
    let low = r.body["infoSubId"].as_i64().unwrap();
    app.post("/master/info-subtype", Some(&admin), sub(0, json!(info), json!("LOW")))
        .await
        .expect(StatusCode::CONFLICT, "The sub info LOW already exists for this info type.");
    app.post("/master/info-subtype", Some(&admin), sub(low, json!(info), json!("Very low")))
        .await
        .expect(StatusCode::OK, "Sub info saved successfully.");

    let one = app.get(&format!("/master/info-type/{info}"), Some(&agent)).await;
    assert_eq!(one.body, json!({ "infoId": info, "infoType": "Stock", "subInfo": [{ "infoSubId": low, "infoSubType": "Very low" }] }));
    let subs = app.get(&format!("/master/info-subtype?infoId={info}"), Some(&agent)).await;
    assert_eq!(subs.body, json!([{ "infoSubId": low, "infoId": info, "infoType": "Stock", "infoSubType": "Very low" }]));
    let with_subs = app.get("/master/info-type-subtype", Some(&agent)).await;
    assert_eq!(with_subs.body.as_array().unwrap().len(), 4);

    app.post(&format!("/master/info-subtype/delete/{low}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::OK, "Sub info deleted successfully.");
    assert_eq!(app.get(&format!("/master/info-subtype/{low}"), Some(&agent)).await.status, StatusCode::NOT_FOUND);
    app.post(&format!("/master/info-type/delete/{info}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::OK, "Info type deleted successfully.");
    assert!(!names(&app.get("/master/info-type", Some(&agent)).await.body, "infoType").contains(&"Stock".to_string()));
}

fn sheet(rows: &[&str]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (i, value) in rows.iter().enumerate() {
        sheet.write_string(i as u32, 0, *value).unwrap();
    }
    book.save_to_buffer().unwrap()
}

#[tokio::test]
async fn sub_info_upload_adds_new_names_and_reports_the_rest() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let file = sheet(&["SubInfo Type", "Offer A", "New scheme", "", "Offer B", "Offer A"]);
    let r = app
        .multipart(
            "/master/info-type-subtype/upload",
            Some(&admin),
            vec![("infoId", Part::Text("1")), ("data", Part::File { name: "subinfo.xlsx", bytes: file })],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.message(), "2 rows uploaded, 2 rejected.");
    let rejected: Vec<i64> = r.body["data"].as_array().unwrap().iter().map(|d| d["rowNumber"].as_i64().unwrap()).collect();
    assert_eq!(rejected, [3, 6]);
    let subs = app.get("/master/info-subtype?infoId=1", Some(&admin)).await;
    assert!(names(&subs.body, "infoSubType").contains(&"Offer B".to_string()));

    let r = app
        .multipart(
            "/master/info-type-subtype/upload",
            Some(&admin),
            vec![("infoId", Part::Text("1")), ("data", Part::File { name: "subinfo.csv", bytes: b"a,b".to_vec() })],
        )
        .await;
    r.expect(StatusCode::BAD_REQUEST, "Only .xlsx files can be uploaded.");
    let r = app
        .multipart(
            "/master/info-type-subtype/upload",
            Some(&admin),
            vec![("infoId", Part::Text("1")), ("data", Part::File { name: "broken.xlsx", bytes: b"PK\x03\x04 not really a zip".to_vec() })],
        )
        .await;
    r.expect(StatusCode::BAD_REQUEST, "The file is not a readable .xlsx workbook.");
    let r = app
        .multipart(
            "/master/info-type-subtype/upload",
            Some(&admin),
            vec![("data", Part::File { name: "s.xlsx", bytes: sheet(&["h", "x"]) })],
        )
        .await;
    r.expect(StatusCode::BAD_REQUEST, "Info Type is required.");
}

#[tokio::test]
async fn links_with_countries() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    let link =
        |id: i64, name: &str, url: &str, countries: Value| json!({ "linkId": id, "linkName": name, "link": url, "countries": countries });
    let cases = [
        (link(0, "", "https://a.test", json!(["India"])), "Link Name is required"),
        (link(0, "Catalogue", "", json!(["India"])), "Link is required"),
        (link(0, "Catalogue", "https://a.test", json!([])), "At least one country must be selected."),
        (link(0, "Catalogue", "javascript:alert(1)", json!(["India"])), "Link must be a web address starting with http:// or https://"),
        (link(0, "Catalogue", "https://a.test", json!(["Atlantis"])), "There is no country named Atlantis."),
    ];
    for (body, message) in cases {
        app.post("/master/link", Some(&admin), body).await.expect(StatusCode::BAD_REQUEST, message);
    }
    app.post("/master/link", Some(&agent), link(0, "Catalogue", "https://a.test", json!(["India"])))
        .await
        .expect(StatusCode::FORBIDDEN, NO_RIGHT);
    let r = app
        .post("/master/link", Some(&admin), link(0, "Catalogue", "https://a.test/c", json!(["India", { "country": "Sri Lanka" }])))
        .await;
    r.expect(StatusCode::OK, "Link saved successfully.");
    let id = r.body["linkId"].as_i64().unwrap();
    app.post("/master/link", Some(&admin), link(0, "catalogue", "https://b.test", json!(["India"])))
        .await
        .expect(StatusCode::CONFLICT, "The link catalogue already exists.");
    let got = app.get(&format!("/master/link/{id}"), Some(&agent)).await;
    assert_eq!(got.body["countries"], json!([{ "linkId": id, "country": "India" }, { "linkId": id, "country": "Sri Lanka" }]));
    app.post("/master/link", Some(&admin), link(id, "Catalogue 2", "https://a.test/2", json!(["Sri Lanka"])))
        .await
        .expect(StatusCode::OK, "Link saved successfully.");
    let got = app.get(&format!("/master/link/{id}"), Some(&agent)).await;
    assert_eq!(
        got.body,
        json!({ "linkId": id, "linkName": "Catalogue 2", "link": "https://a.test/2", "countries": [{ "linkId": id, "country": "Sri Lanka" }] })
    );
    app.post(&format!("/master/link/delete/{id}"), Some(&admin), json!({})).await.expect(StatusCode::OK, "Link deleted successfully.");
    let left = names(&app.get("/master/link", Some(&agent)).await.body, "linkName");
    assert_eq!(left, ["Product catalogue", "Scheme of the month", "Sri Lanka price list"]);
}

#[tokio::test]
async fn delivery_statuses_and_reasons() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    app.post("/master/deliveryStatus", Some(&admin), json!({ "deliveryStatusID": 0, "deliveryStatus": "" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Delivery Status is Required");
    app.post("/master/deliveryStatus", Some(&agent), json!({ "deliveryStatusID": 0, "deliveryStatus": "Returned" }))
        .await
        .expect(StatusCode::FORBIDDEN, NO_RIGHT);
    let r = app.post("/master/deliveryStatus", Some(&admin), json!({ "deliveryStatusID": 0, "deliveryStatus": "Returned" })).await;
    r.expect(StatusCode::OK, "Delivery status saved successfully.");
    let id = r.body["deliveryStatusID"].as_i64().unwrap();
    // Yes/No flags default to No.
    let got = app.get(&format!("/master/deliveryStatus/{id}"), Some(&agent)).await;
    assert_eq!(
        got.body,
        json!({ "deliveryStatusID": id, "deliveryStatus": "Returned", "recordLock": false, "additionalReasonCode": false })
    );
    app.post(
        "/master/deliveryStatus",
        Some(&admin),
        json!({ "deliveryStatusID": id, "deliveryStatus": "Returned", "recordLock": true, "additionalReasonCode": true }),
    )
    .await
    .expect(StatusCode::OK, "Delivery status saved successfully.");
    app.post("/master/deliveryStatus", Some(&admin), json!({ "deliveryStatusID": 0, "deliveryStatus": "returned" }))
        .await
        .expect(StatusCode::CONFLICT, "The delivery status returned already exists.");
    let with = app.get("/master/deliveryStatus/withReasons", Some(&agent)).await;
    assert_eq!(names(&with.body, "deliveryStatus"), ["Not delivered", "Partially delivered", "Returned"]);

    let reason =
        |id: i64, status: Value, code: &str| json!({ "reasonCodeID": id, "deliveryStatusID": status, "additionalReasonCode": code });
    app.post("/master/additionalReason", Some(&admin), reason(0, json!(0), "Broken"))
        .await
        .expect(StatusCode::BAD_REQUEST, "Delivery Status is Required");
    app.post("/master/additionalReason", Some(&admin), reason(0, json!(id), ""))
        .await
        .expect(StatusCode::BAD_REQUEST, "Additional Reason Code is Required");
    app.post("/master/additionalReason", Some(&agent), reason(0, json!(id), "Broken")).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    let r = app.post("/master/additionalReason", Some(&admin), reason(0, json!(id), "Broken")).await;
    r.expect(StatusCode::OK, "Additional reason saved successfully.");
    let rid = r.body["reasonCodeID"].as_i64().unwrap();
    app.post("/master/additionalReason", Some(&admin), reason(0, json!(id), "broken"))
        .await
        .expect(StatusCode::CONFLICT, "The reason broken already exists for this status.");
    let got = app.get(&format!("/master/additionalReason/{rid}"), Some(&agent)).await;
    assert_eq!(
        got.body,
        json!({ "reasonCodeID": rid, "deliveryStatusID": id, "additionalReasonCode": "Broken", "deliveryStatus": "Returned" })
    );
    let of_status = app.get(&format!("/master/additionalReason?deliveryStatusID={id}"), Some(&agent)).await;
    assert_eq!(of_status.body.as_array().unwrap().len(), 1);

    app.post(&format!("/master/deliveryStatus/delete/{id}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::OK, "Delivery status deleted successfully.");
    // Its reasons leave the lists with it.
    assert_eq!(app.get(&format!("/master/additionalReason/{rid}"), Some(&agent)).await.status, StatusCode::NOT_FOUND);
    app.post(&format!("/master/additionalReason/delete/{rid}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::NOT_FOUND, "The record was not found.");
}

#[tokio::test]
async fn users_master() {
    let app = TestApp::with(|c| c.email_domain = Some("demo.test".into()));
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    app.get("/master/user", Some(&agent)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);

    let list = app.get("/master/user", Some(&admin)).await;
    let rows = list.body.as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let me = rows.iter().find(|r| r["emailID"] == "admin@demo.test").unwrap();
    assert_eq!((me["isEditable"].as_bool(), me["isDeletable"].as_bool()), (Some(false), Some(false)));
    let am = rows.iter().find(|r| r["emailID"] == "am@demo.test").unwrap();
    assert_eq!(am["userTypeDetail"], "Area Manager");
    assert_eq!(am["country"], "India");
    assert_eq!((am["isEditable"].as_bool(), am["isDeletable"].as_bool()), (Some(true), Some(true)));
    let filtered = app.get("/master/user?userType=4&country=Sri%20Lanka", Some(&admin)).await;
    assert_eq!(names(&filtered.body, "emailID"), ["agent4@demo.test"]);
    let searched = app.get("/master/user?search=priya", Some(&admin)).await;
    assert_eq!(names(&searched.body, "emailID"), ["agent2@demo.test"]);

    let user = |uid: i64, email: &str, name: &str, t: Value, country: Value, manager: Value| json!({ "uid": uid, "emailId": email, "name": name, "userType": t, "country": country, "managerId": manager });
    let cases = [
        (user(0, "n@demo.test", "N", json!(null), json!("India"), json!(2)), "User Type is Required"),
        (user(0, "", "N", json!(4), json!("India"), json!(2)), "Email is Required"),
        (user(0, "not-an-email", "N", json!(4), json!("India"), json!(2)), "Please enter a valid Email."),
        (user(0, "n@gmail.com", "N", json!(4), json!("India"), json!(2)), "Email must be a company address ending in @demo.test."),
        (user(0, "n@demo.test", "", json!(4), json!("India"), json!(2)), "Name is Required"),
        (user(0, "n@demo.test", "N", json!(4), json!(""), json!(2)), "Country is Required"),
        (user(0, "n@demo.test", "N", json!(4), json!("India"), json!(null)), "Manager is Required"),
        (user(0, "n@demo.test", "N", json!(4), json!("India"), json!(3)), "The manager must be an area manager."),
    ];
    for (body, message) in cases {
        app.post("/master/user", Some(&admin), body).await.expect(StatusCode::BAD_REQUEST, message);
    }
    app.post("/master/user", Some(&admin), user(0, "agent2@demo.test", "Dup", json!(4), json!("India"), json!(2)))
        .await
        .expect(StatusCode::CONFLICT, "A user with the email agent2@demo.test already exists.");

    let r = app.post("/master/user", Some(&admin), user(0, "Kavya@demo.test", "Kavya Rao", json!("4"), json!("India"), json!(2))).await;
    r.expect(StatusCode::OK, "User saved successfully. A temporary password was sent to kavya@demo.test.");
    let uid = r.body["uid"].as_i64().unwrap();
    let temp = app.mailed("kavya@demo.test", "Temporary password: ");
    let first = app.login_with("kavya@demo.test", &temp).await;
    assert_eq!(first.body["forcePasswordUpdate"], true);

    app.post("/master/user", Some(&admin), user(uid, "kavya@demo.test", "Kavya R", json!(3), json!("Sri Lanka"), json!(null)))
        .await
        .expect(StatusCode::OK, "User saved successfully.");
    let got = app.get(&format!("/master/user/{uid}"), Some(&admin)).await;
    assert_eq!(
        got.body,
        json!({ "uid": uid, "emailId": "kavya@demo.test", "name": "Kavya R", "userType": 3, "country": "Sri Lanka", "managerId": null })
    );

    // Nobody demotes or deletes themselves or the last administrator.
    app.post("/master/user", Some(&admin), user(1, "admin@demo.test", "Asha", json!(3), json!("India"), json!(null)))
        .await
        .expect(StatusCode::BAD_REQUEST, "You cannot change your own user type.");
    app.post("/master/user/delete/1", Some(&admin), json!({})).await.expect(StatusCode::BAD_REQUEST, "You cannot delete your own account.");

    // Deleting ends the user's sessions; they cannot sign in; their row stays for history.
    let kavya = first.body["token"].as_str().unwrap().to_string();
    app.post(&format!("/master/user/delete/{uid}"), Some(&admin), json!({})).await.expect(StatusCode::OK, "User deleted successfully.");
    assert_eq!(app.get("/users/session", Some(&kavya)).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_with("kavya@demo.test", &temp).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get(&format!("/master/user/{uid}"), Some(&admin)).await.status, StatusCode::NOT_FOUND);
    let kept: i64 = app.conn().query_row("SELECT COUNT(*) FROM users WHERE uid = ?1", [uid], |r| r.get(0)).unwrap();
    assert_eq!(kept, 1);
    // The email is free for a new account.
    let again = app.post("/master/user", Some(&admin), user(0, "kavya@demo.test", "Kavya", json!(4), json!("India"), json!(2))).await;
    assert_eq!(again.status, StatusCode::OK);
}

#[tokio::test]
async fn the_last_administrator_stays() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let r =
        app.post("/master/user", Some(&admin), json!({ "uid": 0, "emailId": "second@demo.test", "name": "Second", "userType": 1 })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let second_uid = r.body["uid"].as_i64().unwrap();
    // The second admin removes the first; being the last one now, they stay.
    let temp = app.mailed("second@demo.test", "Temporary password: ");
    let t = app.login_with("second@demo.test", &temp).await.body["token"].as_str().unwrap().to_string();
    app.post(
        "/users/passwordUpdate",
        Some(&t),
        json!({ "currentPassword": temp, "newPassword": "Second123456", "confirmPassword": "Second123456" }),
    )
    .await;
    let second = app.token_with("second@demo.test", "Second123456").await;
    app.post("/master/user/delete/1", Some(&second), json!({})).await.expect(StatusCode::OK, "User deleted successfully.");
    let list = app.get("/master/user", Some(&second)).await;
    let me = list.body.as_array().unwrap().iter().find(|r| r["uid"] == second_uid).unwrap().clone();
    assert_eq!(me["isDeletable"], false);
    app.post(&format!("/master/user/delete/{second_uid}"), Some(&second), json!({}))
        .await
        .expect(StatusCode::BAD_REQUEST, "You cannot delete your own account.");
}

#[tokio::test]
async fn agent_lists_follow_the_callers_scope() {
    let app = TestApp::new();
    let names_of = |v: &Value| v.as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let am = app.token("am@demo.test").await;
    let r = app.get("/master/allagent?addSelfAccount=false", Some(&am)).await;
    assert_eq!(names_of(&r.body), ["Arjun Das", "Nimal Perera", "Priya Sharma", "Ravi Kumar"]);
    let r = app.get("/master/allagent?addSelfAccount=true", Some(&am)).await;
    assert_eq!(names_of(&r.body)[0], "Meera Nair");
    let agent = app.as_agent(1).await;
    let r = app.get("/master/allagent?addSelfAccount=false", Some(&agent)).await;
    assert_eq!(names_of(&r.body), ["Ravi Kumar"]);
    let admin = app.as_admin().await;
    assert_eq!(app.get("/master/allagent", Some(&admin)).await.body.as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn broadcasts_reach_their_audience_and_images_are_checked() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let send = |text: &'static str, user_type: &'static str, country: &'static str, image: Option<(&'static str, Vec<u8>)>| {
        let mut parts = vec![("messageText", Part::Text(text)), ("userType", Part::Text(user_type)), ("country", Part::Text(country))];
        if let Some((name, bytes)) = image {
            parts.push(("chatImage", Part::File { name, bytes }));
        }
        parts
    };
    let agent = app.as_agent(1).await;
    app.multipart("/chat/broadcastMessage", Some(&agent), send("hi", "0", "", None)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    app.multipart("/chat/broadcastMessage", Some(&admin), send("hi", "", "", None))
        .await
        .expect(StatusCode::BAD_REQUEST, "User Type is required");
    app.multipart("/chat/broadcastMessage", Some(&admin), send("hi", "4", "", None))
        .await
        .expect(StatusCode::BAD_REQUEST, "Country is required");
    app.multipart("/chat/broadcastMessage", Some(&admin), send("  ", "0", "", None))
        .await
        .expect(StatusCode::BAD_REQUEST, "Message is required");
    let bad = [("x.gif", png()), ("x.png", b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec()), ("x.jpg", png())];
    for (name, bytes) in bad {
        app.multipart("/chat/broadcastMessage", Some(&admin), send("hi", "0", "", Some((name, bytes))))
            .await
            .expect(StatusCode::BAD_REQUEST, "Only jpeg, jpg, bmp and png images are allowed.");
    }
    let r = app.multipart("/chat/broadcastMessage", Some(&admin), send("<b>Everyone</b>", "0", "", Some(("promo.PNG", png())))).await;
    r.expect(StatusCode::OK, "Broadcast message sent successfully.");
    app.multipart("/chat/broadcastMessage", Some(&admin), send("Sri Lanka agents", "4", "Sri Lanka", None)).await;
    app.multipart("/chat/broadcastMessage", Some(&admin), send("Managers", "3", "India", None)).await;

    // (The demo company starts with one welcome broadcast to everyone.)
    let welcome = "Welcome to fieldsales! New schemes are live this month.";
    let for_agent1 = app.get("/chat/broadcastMessage", Some(&agent)).await;
    assert_eq!(names(&for_agent1.body, "messageText"), ["<b>Everyone</b>", welcome]);
    let for_agent4 = app.get("/chat/broadcastMessage", Some(&app.as_agent(4).await)).await;
    assert_eq!(names(&for_agent4.body, "messageText"), ["Sri Lanka agents", "<b>Everyone</b>", welcome]);
    let all = app.get("/chat/broadcastMessage", Some(&admin)).await;
    assert_eq!(all.body.as_array().unwrap().len(), 4);

    // The picture is served to its audience only, and only by its server-chosen name.
    let url = for_agent1.body[0]["imageUrl"].as_str().unwrap().to_string();
    let path = url.strip_prefix("/webapi/api").unwrap();
    let image = app.call(axum::http::Method::GET, &url, Some(&agent), None).await;
    assert_eq!(image.status, StatusCode::OK);
    assert_eq!(image.headers["content-type"], "image/png");
    let manager = app.token("am@demo.test").await;
    assert_eq!(app.get(path, Some(&manager)).await.status, StatusCode::OK, "everyone's broadcast");
    app.get("/chat/media?fileName=../../test.db", Some(&agent)).await.expect(StatusCode::BAD_REQUEST, "Invalid file name.");

    let id = for_agent1.body[0]["id"].as_i64().unwrap();
    app.post(&format!("/chat/broadcastMessage/delete/{id}"), Some(&agent), json!({})).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    app.post(&format!("/chat/broadcastMessage/delete/{id}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::OK, "Broadcast message deleted successfully.");
    assert_eq!(names(&app.get("/chat/broadcastMessage", Some(&agent)).await.body, "messageText"), [welcome]);
    assert_eq!(app.get(path, Some(&agent)).await.status, StatusCode::NOT_FOUND);
}

/// The rights a user type holds, from the grid of `GET /master/rights/byUserType`.
fn rights_of(grid: &Value, user_type: i64) -> Vec<String> {
    let column = grid.as_array().unwrap().iter().find(|t| t["userTypeId"] == user_type).expect("a column for the type");
    column["rights"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

fn session_rights(session: &Value) -> Vec<String> {
    session["userRights"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

fn rights_audit(app: &TestApp) -> Vec<(i64, i64, String)> {
    app.conn()
        .prepare("SELECT actor_uid, as_uid, action FROM audit_log WHERE action LIKE 'rights of %' ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[tokio::test]
async fn rights_are_read_as_a_grid_and_saved_per_user_type() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;

    // Every user type is a column; administrators hold every right, the Rights screen's too.
    let grid = app.get("/master/rights/byUserType", Some(&admin)).await;
    assert_eq!(grid.status, StatusCode::OK, "{}", grid.body);
    let types: Vec<(i64, String)> = grid
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["userTypeId"].as_i64().unwrap(), t["userType"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(types, [(1, "Administrator".into()), (2, "Back Office".into()), (3, "Area Manager".into()), (4, "RCA".into())]);
    let all = app.get("/master/rights", Some(&admin)).await;
    let right = all.body.as_array().unwrap().iter().find(|r| r["linkRight"] == "rights_master").expect("rights_master");
    assert_eq!((&right["groupName"], &right["rightName"]), (&json!("Master"), &json!("Rights")));
    assert_eq!(rights_of(&grid.body, 1), names(&all.body, "linkRight"));
    let before = rights_of(&grid.body, 3);
    let agents = rights_of(&grid.body, 4);
    assert!(!before.contains(&"delivery_approve".to_string()), "{before:?}");
    assert!(!session_rights(&app.get("/users/session", Some(&manager)).await.body).contains(&"delivery_approve".to_string()));
    app.get("/users/delivery/approval", Some(&manager)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);

    // Granting delivery_approve to area managers: the manager's open session has it at once.
    let mut with = before.clone();
    with.push("delivery_approve".into());
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": "3", "rights": with }))
        .await
        .expect(StatusCode::OK, "Rights of Area Manager saved.");
    let grid = app.get("/master/rights/byUserType", Some(&admin)).await;
    assert!(rights_of(&grid.body, 3).contains(&"delivery_approve".to_string()));
    let session = app.get("/users/session", Some(&manager)).await;
    assert!(session_rights(&session.body).contains(&"delivery_approve".to_string()), "{}", session.body);
    assert_eq!(app.get("/users/delivery/approval", Some(&manager)).await.status, StatusCode::OK);
    // Other types are untouched.
    assert_eq!(rights_of(&grid.body, 4), agents);

    // Saving the same list again changes nothing and writes no audit row; taking it away does.
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 3, "rights": with }))
        .await
        .expect(StatusCode::OK, "Rights of Area Manager saved.");
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 3, "rights": before }))
        .await
        .expect(StatusCode::OK, "Rights of Area Manager saved.");
    assert!(!session_rights(&app.get("/users/session", Some(&manager)).await.body).contains(&"delivery_approve".to_string()));
    app.get("/users/delivery/approval", Some(&manager)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    assert_eq!(
        rights_audit(&app),
        [
            (1, 1, "rights of Area Manager (3): added delivery_approve; removed none".to_string()),
            (1, 1, "rights of Area Manager (3): added none; removed delivery_approve".to_string()),
        ]
    );

    // The list of rights is also for the user master: user_master alone reads it, not the grid.
    let mut users = before.clone();
    users.push("user_master".into());
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 3, "rights": users }))
        .await
        .expect(StatusCode::OK, "Rights of Area Manager saved.");
    assert_eq!(app.get("/master/rights", Some(&manager)).await.status, StatusCode::OK);
    app.get("/master/rights/byUserType", Some(&manager)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    // An empty list takes every right away.
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 2, "rights": [] }))
        .await
        .expect(StatusCode::OK, "Rights of Back Office saved.");
    assert!(rights_of(&app.get("/master/rights/byUserType", Some(&admin)).await.body, 2).is_empty());
}

#[tokio::test]
async fn rights_changes_are_refused_without_the_right_or_when_wrong() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent = app.as_agent(1).await;
    let body = json!({ "userTypeId": 4, "rights": ["customer_visit"] });
    for token in [&manager, &agent] {
        app.get("/master/rights/byUserType", Some(token)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
        app.post("/master/rights", Some(token), body.clone()).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
        app.get("/master/rights", Some(token)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    }

    let admin_rights = rights_of(&app.get("/master/rights/byUserType", Some(&admin)).await.body, 1);
    let without = |code: &str| admin_rights.iter().filter(|r| *r != code).cloned().collect::<Vec<_>>();
    let lockout = "Administrators must keep the rights rights_master and user_master.";
    let cases = [
        (
            json!({ "userTypeId": 4, "rights": ["customer_visit", "fly", "teleport"] }),
            StatusCode::BAD_REQUEST,
            "Unknown rights: fly, teleport.",
        ),
        (json!({ "userTypeId": 4, "rights": ["customer_visit", ""] }), StatusCode::BAD_REQUEST, "Unknown right: ."),
        (json!({ "userTypeId": 9, "rights": ["customer_visit"] }), StatusCode::NOT_FOUND, "There is no user type 9."),
        (json!({ "rights": ["customer_visit"] }), StatusCode::BAD_REQUEST, "User type is required."),
        (json!({ "userTypeId": 4 }), StatusCode::BAD_REQUEST, "Rights are required (an empty list takes every right away)."),
        (json!({ "userTypeId": 1, "rights": without("rights_master") }), StatusCode::BAD_REQUEST, lockout),
        (json!({ "userTypeId": 1, "rights": without("user_master") }), StatusCode::BAD_REQUEST, lockout),
        (json!({ "userTypeId": "1", "rights": [] }), StatusCode::BAD_REQUEST, lockout),
    ];
    for (body, status, message) in cases {
        app.post("/master/rights", Some(&admin), body).await.expect(status, message);
    }
    // A malformed body is a 400 in the API's error shape.
    let malformed = axum::http::Request::post("/webapi/api/master/rights")
        .header("content-type", "application/json")
        .header("cookie", "XSRF-TOKEN=t")
        .header("X-XSRF-TOKEN", "t")
        .header("authorization", format!("Bearer {admin}"))
        .body(axum::body::Body::from(r#"{"userTypeId": 4, "rights": ["customer_visit""#))
        .unwrap();
    let r = app.send(malformed).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.message().starts_with("Invalid request body"), "{}", r.body);
    let r = app.post("/master/rights", Some(&admin), json!({ "userTypeId": 4, "rights": "customer_visit" })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.message().starts_with("Invalid request body"), "{}", r.body);

    // Nothing changed, nothing was audited; administrators may still drop other rights.
    assert_eq!(rights_of(&app.get("/master/rights/byUserType", Some(&admin)).await.body, 1), admin_rights);
    assert!(rights_audit(&app).is_empty());
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 1, "rights": without("rpt_buyer_images") }))
        .await
        .expect(StatusCode::OK, "Rights of Administrator saved.");
}

#[tokio::test]
async fn reseeding_keeps_what_the_rights_screen_changed_and_grants_new_rights() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agents: Vec<String> =
        rights_of(&app.get("/master/rights/byUserType", Some(&admin)).await.body, 4).into_iter().filter(|r| r != "score_card").collect();
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 4, "rights": agents }))
        .await
        .expect(StatusCode::OK, "Rights of RCA saved.");
    // `serve` seeds at every start: a right taken away stays away.
    fieldsales::app::seed::reference(&app.conn()).unwrap();
    let grid = app.get("/master/rights/byUserType", Some(&admin)).await;
    assert_eq!(rights_of(&grid.body, 4), agents);
    // A database seeded before rights_master existed: the next seed gives it to administrators.
    app.conn()
        .execute_batch(
            "UPDATE settings SET value = (SELECT right_id - 1 FROM rights WHERE code = 'rights_master')
             WHERE key = 'rights_granted_upto';
             DELETE FROM user_type_rights WHERE right_id = (SELECT right_id FROM rights WHERE code = 'rights_master');
             DELETE FROM rights WHERE code = 'rights_master';",
        )
        .unwrap();
    app.get("/master/rights/byUserType", Some(&admin)).await.expect(StatusCode::FORBIDDEN, NO_RIGHT);
    fieldsales::app::seed::reference(&app.conn()).unwrap();
    let grid = app.get("/master/rights/byUserType", Some(&admin)).await;
    assert_eq!(grid.status, StatusCode::OK);
    assert!(rights_of(&grid.body, 1).contains(&"rights_master".to_string()));
    assert_eq!(rights_of(&grid.body, 4), agents, "old grants are not given again");
    // One seeded before the setting existed gets every default grant once, as before.
    app.conn().execute("DELETE FROM settings WHERE key = 'rights_granted_upto'", []).unwrap();
    fieldsales::app::seed::reference(&app.conn()).unwrap();
    let (upto, last): (String, i64) = app
        .conn()
        .query_row("SELECT value, (SELECT MAX(right_id) FROM rights) FROM settings WHERE key = 'rights_granted_upto'", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(upto, last.to_string());
    assert!(rights_of(&app.get("/master/rights/byUserType", Some(&admin)).await.body, 4).contains(&"score_card".to_string()));
}
