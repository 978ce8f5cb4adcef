//! GST master data (issue #52): products' HSN and rate, distributors' state and GSTIN, customers'
//! GSTIN, through the API and the uploads. Every refusal is a 400 (or the row's error) with its
//! code, and nothing is stored.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::{workbook, Part, TestApp};

/// A valid GSTIN of GST state `code` (its check character computed).
fn gstin_of(code: &str) -> String {
    let first14 = format!("{code}AABCT1332L1Z");
    format!("{first14}{}", fieldsales::platform::taxids::gstin_check_char(&first14).unwrap())
}

/// The same GSTIN with a wrong check character.
fn bad_checksum(gstin: &str) -> String {
    let last = if gstin.ends_with('0') { '1' } else { '0' };
    format!("{}{last}", &gstin[..14])
}

async fn product(app: &TestApp, admin: &str, name: &str) -> Value {
    let r = app.get(&format!("/master/product?search={}", name.replace(' ', "%20")), Some(admin)).await;
    r.body["data"].as_array().unwrap().iter().find(|p| p["productName"] == name).cloned().unwrap_or(Value::Null)
}

#[tokio::test]
async fn products_keep_hsn_and_gst_rate_and_refuse_bad_ones() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    // The demo catalogue has its HSN codes and rates.
    let cola = product(&app, &admin, "Cola 300ml").await;
    assert_eq!((cola["hsn"].clone(), cola["gstRateBp"].clone()), (json!("22021010"), json!(2800)), "{cola}");
    let tea = product(&app, &admin, "Tea Leaf 250g").await;
    assert_eq!(tea["gstRateBp"], 500);

    let r = app
        .post("/master/product", Some(&admin), json!({ "productName": "Ghee 500ml", "price": 320, "hsn": " 0405 ", "gstRateBp": 1200 }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let id = r.body["productId"].as_i64().unwrap();
    let ghee = product(&app, &admin, "Ghee 500ml").await;
    assert_eq!((ghee["hsn"].clone(), ghee["gstRateBp"].clone()), (json!("0405"), json!(1200)));
    // An update that leaves them out keeps them; "" removes the HSN.
    let r = app.post("/master/product", Some(&admin), json!({ "productId": id, "productName": "Ghee 500ml", "price": 330 })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(product(&app, &admin, "Ghee 500ml").await["gstRateBp"], 1200);
    assert_eq!(product(&app, &admin, "Ghee 500ml").await["hsn"], "0405");

    for (body, code, field) in [
        (json!({ "productId": id, "productName": "Ghee 500ml", "hsn": "040" }), "hsn_invalid", "hsn"),
        (json!({ "productId": id, "productName": "Ghee 500ml", "hsn": "04O5" }), "hsn_invalid", "hsn"),
        (json!({ "productId": id, "productName": "Ghee 500ml", "gstRateBp": 4100 }), "gst_rate_invalid", "gstRateBp"),
        (json!({ "productId": id, "productName": "Ghee 500ml", "gstRateBp": -100 }), "gst_rate_invalid", "gstRateBp"),
        (json!({ "productId": id, "productName": "Ghee 500ml", "gstRateBp": 1800.5 }), "gst_rate_invalid", "gstRateBp"),
        (json!({ "productName": "Paneer 200g", "hsn": "123" }), "hsn_invalid", "hsn"),
    ] {
        let r = app.post("/master/product", Some(&admin), body.clone()).await;
        assert_eq!(
            (r.status, r.body["code"].as_str(), r.body["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code), Some(field)),
            "{body}: {}",
            r.body
        );
    }
    // Nothing of the refused saves was stored.
    let ghee = product(&app, &admin, "Ghee 500ml").await;
    assert_eq!((ghee["hsn"].clone(), ghee["gstRateBp"].clone(), ghee["price"].clone()), (json!("0405"), json!(1200), json!(330.0)));
    assert_eq!(product(&app, &admin, "Paneer 200g").await, Value::Null);
    let r =
        app.post("/master/product", Some(&admin), json!({ "productId": id, "productName": "Ghee 500ml", "hsn": "", "gstRateBp": 0 })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let ghee = product(&app, &admin, "Ghee 500ml").await;
    assert_eq!((ghee["hsn"].clone(), ghee["gstRateBp"].clone()), (Value::Null, json!(0)));
}

#[tokio::test]
async fn the_product_upload_reads_hsn_and_gst_percent() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let header: &[&str] = &["Product Name", "SKU", "Price", "Pack Size", "Category", "Active", "HSN", "GST %"];
    let rows: Vec<&[&str]> = vec![
        header,
        &["Gst Soap", "GS-1", "40", "12", "Personal Care", "yes", "34011190", "18"],
        &["Gst Tea", "GT-1", "140", "", "", "", "0902", "5%"],
        &["Gst Gold", "GG-1", "900", "", "", "", "7113", "0.25"],
        &["Gst Short", "GX-1", "10", "", "", "", "123", "18"],
        &["Gst High", "GX-2", "10", "", "", "", "1234", "41"],
        &["Gst Fine", "GX-3", "10", "", "", "", "1234", "0.125"],
        &["Gst Minus", "GX-4", "10", "", "", "", "1234", "-5"],
    ];
    let r = app
        .multipart("/users/product/upload", Some(&admin), vec![("productdata", Part::File { name: "p.xlsx", bytes: workbook(&rows) })])
        .await;
    assert_eq!(r.message(), "3 rows uploaded, 4 rejected.", "{}", r.body);
    let codes: Vec<(i64, &str)> =
        r.body["data"].as_array().unwrap().iter().map(|x| (x["rowNumber"].as_i64().unwrap(), x["code"].as_str().unwrap())).collect();
    assert_eq!(codes, [(5, "hsn_invalid"), (6, "gst_rate_invalid"), (7, "gst_rate_invalid"), (8, "gst_rate_invalid")], "{}", r.body);
    let stored: Vec<(String, Option<String>, i64)> = app
        .conn()
        .prepare("SELECT name, hsn, gst_rate_bp FROM products WHERE name LIKE 'Gst %' ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        stored,
        [
            ("Gst Gold".into(), Some("7113".into()), 25),
            ("Gst Soap".into(), Some("34011190".into()), 1800),
            ("Gst Tea".into(), Some("0902".into()), 500)
        ]
    );
    // A file of the older columns keeps them.
    let r = app
        .multipart(
            "/users/product/upload",
            Some(&admin),
            vec![("productdata", Part::File { name: "p.xlsx", bytes: workbook(&[&["Product Name", "SKU"], &["Gst Soap", "GS-1"]]) })],
        )
        .await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
    let kept: (Option<String>, i64) =
        app.conn().query_row("SELECT hsn, gst_rate_bp FROM products WHERE name = 'Gst Soap'", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!(kept, (Some("34011190".into()), 1800));
}

#[tokio::test]
async fn distributors_have_a_state_and_a_gstin_of_it() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let list = app.get("/master/distributor", Some(&admin)).await;
    let sunrise = list.body.as_array().unwrap().iter().find(|d| d["distributorName"] == "Sunrise Distributors").unwrap().clone();
    assert_eq!((sunrise["state"].clone(), sunrise["gstin"].clone()), (json!("Karnataka"), json!("29AABCT1332L1ZA")));
    for d in list.body.as_array().unwrap() {
        if let Some(g) = d["gstin"].as_str() {
            assert!(fieldsales::platform::taxids::check_gstin(g, d["state"].as_str()).is_ok(), "{d}");
        }
    }

    let header: &[&str] = &["Distributor Name", "Code", "City", "Country", "Email", "State", "GSTIN"];
    let mh = gstin_of("27");
    let (bad_sum, lower) = (bad_checksum(&mh), gstin_of("29").to_lowercase());
    let data: Vec<Vec<&str>> = vec![
        header.to_vec(),
        vec!["Gst Pune Traders", "GP", "Pune", "India", "", "Maharashtra", &mh],
        vec!["Gst Mysuru Traders", "GM", "Mysuru", "India", "", "karnataka", &lower],
        vec!["Gst Wrong Sum", "GW", "Pune", "India", "", "Maharashtra", &bad_sum],
        vec!["Gst Wrong State", "GS", "Chennai", "India", "", "Tamil Nadu", &mh],
        vec!["Gst Short", "GX", "Pune", "India", "", "Maharashtra", "27AAPFU0939F1Z"],
        // No GSTIN in the row: the state alone.
        vec!["Gst Delhi Traders", "GD", "Delhi", "India", "", "NCT of Delhi", ""],
    ];
    let rows: Vec<&[&str]> = data.iter().map(Vec::as_slice).collect();
    let r = app
        .multipart(
            "/users/distributor/upload",
            Some(&admin),
            vec![("distributordata", Part::File { name: "d.xlsx", bytes: workbook(&rows) })],
        )
        .await;
    assert_eq!(r.message(), "3 rows uploaded, 3 rejected.", "{}", r.body);
    let rejected: Vec<(i64, &str, &str)> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["rowNumber"].as_i64().unwrap(), x["code"].as_str().unwrap(), x["params"]["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(rejected, [(4, "gstin_invalid", "checksum"), (5, "gstin_invalid", "state"), (6, "gstin_invalid", "format")], "{}", r.body);
    let state_row = &r.body["data"][1];
    assert_eq!((state_row["params"]["stateCode"].clone(), state_row["params"]["state"].clone()), (json!("27"), json!("Tamil Nadu")));
    let stored: Vec<(String, Option<String>, Option<String>)> = app
        .conn()
        .prepare("SELECT name, state, gstin FROM distributors WHERE name LIKE 'Gst %' ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        stored,
        [
            ("Gst Delhi Traders".into(), Some("NCT of Delhi".into()), None),
            ("Gst Mysuru Traders".into(), Some("karnataka".into()), Some(gstin_of("29"))),
            ("Gst Pune Traders".into(), Some("Maharashtra".into()), Some(mh.clone())),
        ]
    );
    // A later file with the GSTIN alone is checked against the stored state.
    let later = ["Gst Delhi Traders", "GD", "Delhi", "India", "", "", mh.as_str()];
    let rows: Vec<&[&str]> = vec![header, &later];
    let r = app
        .multipart(
            "/users/distributor/upload",
            Some(&admin),
            vec![("distributordata", Part::File { name: "d.xlsx", bytes: workbook(&rows) })],
        )
        .await;
    assert_eq!((r.message(), r.body["data"][0]["code"].as_str()), ("0 rows uploaded, 1 rejected.", Some("gstin_invalid")), "{}", r.body);
}

/// A customer of agent1 in a state of the GST list, and its state's code.
fn customer_in_india(app: &TestApp) -> (String, String, String) {
    let rows: Vec<(String, String)> = app
        .conn()
        .prepare(
            "SELECT c.buyer_id, c.state FROM customers c JOIN users a ON a.uid = c.agent_id
             WHERE a.email = 'agent1@demo.test' AND c.country_id = 1 AND c.gstin IS NULL AND c.state IS NOT NULL ORDER BY c.buyer_id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let (buyer, state) = rows.into_iter().find(|(_, s)| !fieldsales::platform::taxids::state_codes(s).is_empty()).unwrap();
    let code = fieldsales::platform::taxids::state_codes(&state)[0].to_string();
    (buyer, state, code)
}

#[tokio::test]
async fn a_customers_gstin_is_checked_against_its_state() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    // Some demo customers have GSTINs, each of its state.
    let demo: Vec<(String, Option<String>)> = app
        .conn()
        .prepare("SELECT gstin, state FROM customers WHERE gstin IS NOT NULL")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(demo.len() >= 10, "{demo:?}");
    assert!(demo.iter().all(|(g, s)| fieldsales::platform::taxids::check_gstin(g, s.as_deref()).is_ok()), "{demo:?}");

    let (buyer, state, code) = customer_in_india(&app);
    let good = gstin_of(&code);
    let other = gstin_of(if code == "27" { "29" } else { "27" });
    let stored = |app: &TestApp| -> Option<String> {
        app.conn().query_row("SELECT gstin FROM customers WHERE buyer_id = ?1", [&buyer], |r| r.get(0)).unwrap()
    };
    for (gstin, reason) in [
        (bad_checksum(&good), "checksum"),
        (other.clone(), "state"),
        ("27AAPFU0939F1Z".into(), "format"),
        (format!("{} ", &good[..14]), "format"),
    ] {
        let r = app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": buyer, "gstin": gstin, "city": "Elsewhere" })).await;
        assert_eq!(
            (r.status, r.body["code"].as_str(), r.body["params"]["reason"].as_str()),
            (StatusCode::BAD_REQUEST, Some("gstin_invalid"), Some(reason)),
            "{gstin}: {}",
            r.body
        );
        assert_eq!(r.body["field"], "gstin");
    }
    assert_eq!(stored(&app), None);
    let city: String = app.conn().query_row("SELECT city FROM customers WHERE buyer_id = ?1", [&buyer], |r| r.get(0)).unwrap();
    assert_ne!(city, "Elsewhere", "nothing of a refused change is stored");

    let r =
        app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": buyer, "gstin": format!(" {} ", good.to_lowercase()) })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(stored(&app), Some(good.clone()));
    let profile = app.get(&format!("/users/customer/profile?buyerId={buyer}"), Some(&agent)).await;
    assert_eq!(profile.body["gstin"], json!(good));
    // Moving the shop to another state would leave its GSTIN wrong: refused.
    let elsewhere = if code == "27" { "Karnataka" } else { "Maharashtra" };
    let r = app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": buyer, "state": elsewhere })).await;
    assert_eq!(
        (r.status, r.body["code"].as_str(), r.body["params"]["reason"].as_str()),
        (StatusCode::BAD_REQUEST, Some("gstin_invalid"), Some("state")),
        "{}",
        r.body
    );
    let kept: String = app.conn().query_row("SELECT state FROM customers WHERE buyer_id = ?1", [&buyer], |r| r.get(0)).unwrap();
    assert_eq!(kept, state);
    // "" removes it.
    let r = app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": buyer, "gstin": "" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(stored(&app), None);

    // A new shop: the GSTIN of its state, or a 400 and no customer.
    let r = app
        .post(
            "/users/customer",
            Some(&agent),
            json!({ "mobileNo": "9876501234", "buyerName": "Gst Mart", "state": "Maharashtra", "gstin": gstin_of("29") }),
        )
        .await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("gstin_invalid")), "{}", r.body);
    let count: i64 = app.conn().query_row("SELECT COUNT(*) FROM customers WHERE name = 'Gst Mart'", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 0);
    let r = app
        .post(
            "/users/customer",
            Some(&agent),
            json!({ "mobileNo": "9876501234", "buyerName": "Gst Mart", "state": "Maharashtra", "gstin": "27aapfu0939f1zv" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let added: Option<String> = app.conn().query_row("SELECT gstin FROM customers WHERE name = 'Gst Mart'", [], |r| r.get(0)).unwrap();
    assert_eq!(added.as_deref(), Some("27AAPFU0939F1ZV"));
}

#[tokio::test]
async fn the_customer_upload_reads_gstin() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let mut header: Vec<&str> = crate::uploads::CUSTOMER_HEADER.to_vec();
    header.extend(["Credit Limit", "GSTIN"]);
    let (ka, mh) = (gstin_of("29"), gstin_of("27"));
    let bad = bad_checksum(&ka);
    let row = |id: &'static str, state: &'static str, gstin: String| -> Vec<String> {
        [id, "Gst Shop", "9876543210", "", "", "", "", "Bengaluru", state, "India", "", "", "", "Retailer", "agent1@demo.test", "", &gstin]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let rows = [
        row("G900001", "Karnataka", ka.clone()),
        row("G900002", "Karnataka", mh),
        row("G900003", "Karnataka", bad),
        row("G900004", "", ka.clone()),
    ];
    let mut refs: Vec<Vec<&str>> = vec![header.clone()];
    refs.extend(rows.iter().map(|r| r.iter().map(String::as_str).collect()));
    let refs: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
    let r = app
        .multipart(
            "/users/customer/upload",
            Some(&admin),
            vec![("customerdata", Part::File { name: "c.xlsx", bytes: workbook(&refs) }), ("isDelete", Part::Text("false"))],
        )
        .await;
    assert_eq!(r.message(), "2 rows uploaded, 2 rejected.", "{}", r.body);
    let rejected: Vec<(i64, &str, &str)> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["rowNumber"].as_i64().unwrap(), x["code"].as_str().unwrap(), x["params"]["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(rejected, [(3, "gstin_invalid", "state"), (4, "gstin_invalid", "checksum")]);
    let stored: Vec<(String, Option<String>)> = app
        .conn()
        .prepare("SELECT buyer_id, gstin FROM customers WHERE buyer_id LIKE 'G9%' ORDER BY buyer_id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(stored, [("G900001".into(), Some(ka.clone())), ("G900004".into(), Some(ka))]);
}
