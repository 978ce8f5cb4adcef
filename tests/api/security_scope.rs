//! Security, third round (issue #49, finding 1): a write that names a row already there by its
//! natural key (Buyer ID, Order ID, Invoice No, an agent's email, a beat's customer) checks the
//! scope of that row, not only of the row's new values, and its reason tells nothing of another
//! team's row. Two teams: the demo's (am@demo.test, agent1-4) and a second one (am2, agent5 and
//! their customer N0002401), whose manager holds every upload right an administrator can grant
//! managers. One test per upload kind that has a team, and a payment naming another team's invoice.
//! (Products, distributors and sub info types are the company's, with no team.)

use axum::http::StatusCode;
use fieldsales::auth::accounts;
use fieldsales::auth::types::NewAccount;
use fieldsales::platform::rights::UserType;
use serde_json::{json, Value};

use crate::support::{workbook, Part, Reply, TestApp};
use crate::uploads::CUSTOMER_HEADER;

const TEAM2_MANAGER: &str = "am2@team2.test";
const TEAM2_AGENT: &str = "agent5@team2.test";
/// The second team's customer, as the red team named it.
const TEAM2_BUYER: &str = "N0002401";
/// The rights an administrator can grant area managers on the Rights screen for the uploads that
/// have a team (beats and invoices they hold already).
const GRANTED: [&str; 4] = ["customer_master", "delivery_upload_master", "product_master", "scorecard_master"];

async fn upload(app: &TestApp, token: &str, path: &str, field: &'static str, rows: &[Vec<&str>], delete: bool) -> Reply {
    let mut parts = vec![(field, Part::File { name: "upload.xlsx", bytes: workbook(&rows.iter().map(Vec::as_slice).collect::<Vec<_>>()) })];
    if delete {
        parts.push(("isDelete", Part::Text("true")));
    }
    let r = app.multipart(path, Some(token), parts).await;
    assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
    r
}

/// The rejected rows' reasons, in row order.
fn reasons(r: &Reply) -> Vec<String> {
    r.body["data"].as_array().unwrap().iter().map(|row| row["reason"].as_str().unwrap().to_string()).collect()
}

fn account(app: &TestApp, email: &'static str, user_type: UserType, manager: Option<i64>) -> i64 {
    let conn = app.conn();
    let hash: String = conn.query_row("SELECT password_hash FROM users WHERE email = 'am@demo.test'", [], |r| r.get(0)).unwrap();
    let account = NewAccount {
        email,
        name: email,
        user_type,
        country_id: Some(1),
        manager_id: manager,
        password_hash: &hash,
        force_password_update: false,
    };
    accounts::create(&conn, &account).unwrap()
}

fn customer_row<'a>(buyer: &'a str, name: &'a str, mobile: &'a str, agent: &'a str) -> Vec<&'a str> {
    vec![buyer, name, mobile, "", "1 Road", "", "560001", "Bengaluru", "Karnataka", "India", "", "12.9", "77.6", "Retailer", agent]
}

/// Makes the second team (its manager, its agent and the agent's customer N0002401), grants area
/// managers the upload rights they lack, and answers the second manager's token.
async fn two_teams(app: &TestApp) -> String {
    let am2 = account(app, TEAM2_MANAGER, UserType::AreaManager, None);
    account(app, TEAM2_AGENT, UserType::Agent, Some(am2));
    let admin = app.as_admin().await;
    let rows = [CUSTOMER_HEADER.to_vec(), customer_row(TEAM2_BUYER, "Team Two Mart", "9876500001", TEAM2_AGENT)];
    let r = upload(app, &admin, "/users/customer/upload", "customerdata", &rows, false).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
    let grid = app.get("/master/rights/byUserType", Some(&admin)).await.body;
    let managers = grid.as_array().unwrap().iter().find(|t| t["userTypeId"] == 3).expect("the area managers' column");
    let mut rights: Vec<Value> = managers["rights"].as_array().unwrap().clone();
    rights.extend(GRANTED.map(|r| json!(r)));
    app.post("/master/rights", Some(&admin), json!({ "userTypeId": 3, "rights": rights }))
        .await
        .expect(StatusCode::OK, "Rights of Area Manager saved.");
    app.token(TEAM2_MANAGER).await
}

/// Every column of the rows `sql` selects, to compare before and after.
fn snapshot(app: &TestApp, sql: &str) -> Vec<Vec<rusqlite::types::Value>> {
    let conn = app.conn();
    let mut stmt = conn.prepare(sql).unwrap();
    let width = stmt.column_count();
    let rows = stmt.query_map([], |r| (0..width).map(|i| r.get(i)).collect()).unwrap();
    rows.collect::<rusqlite::Result<_>>().unwrap()
}

fn one(app: &TestApp, sql: &str) -> String {
    app.conn().query_row(sql, [], |r| r.get(0)).unwrap()
}

/// The red team's exact rows: team 2's manager names team 1's invoices INV-DEMO-00007 and 00008
/// with team 2's customer. They used to move to that customer (B100009 went from owing ₹7,500.50
/// to nothing), and for an invoice with payments the reason told what was paid on it.
const RED_TEAM_INVOICES: [[&str; 5]; 2] =
    [["INV-DEMO-00007", TEAM2_BUYER, "2026-12-01", "1", "2026-12-31"], ["INV-DEMO-00008", TEAM2_BUYER, "2026-12-01", "1", "2026-12-31"]];
const INVOICE_HEADER: [&str; 6] = ["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date", "Distributor Name"];

async fn red_team_invoice_upload(app: &TestApp, manager2: &str, with_paid: &str) -> Reply {
    let mut rows: Vec<Vec<&str>> = vec![INVOICE_HEADER.to_vec()];
    rows.extend(RED_TEAM_INVOICES.iter().map(|r| r.to_vec()));
    rows.push(vec![with_paid, TEAM2_BUYER, "2026-12-01", "1", "2026-12-31"]);
    upload(app, manager2, "/users/invoice/upload", "invoicedata", &rows, false).await
}

#[tokio::test]
async fn another_teams_invoices_are_not_moved_or_told_by_their_invoice_no() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    let admin = app.as_admin().await;
    let victim = one(&app, "SELECT c.buyer_id FROM invoices i JOIN customers c USING (customer_id) WHERE i.invoice_no = 'INV-DEMO-00007'");
    let victim_name = one(&app, &format!("SELECT name FROM customers WHERE buyer_id = '{victim}'"));
    let (with_paid, paid) = app
        .conn()
        .query_row(
            "SELECT invoice_no, printf('%d.%02d', paid_paise / 100, paid_paise % 100) FROM invoices
             WHERE paid_paise > 0 AND invoice_no NOT IN ('INV-DEMO-00007', 'INV-DEMO-00008') ORDER BY invoice_no LIMIT 1",
            [],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)),
        )
        .unwrap();
    let invoices = "SELECT * FROM invoices ORDER BY invoice_id";
    let before = snapshot(&app, invoices);
    let owed = app.get(&format!("/users/customer/outstanding/{victim}"), Some(&admin)).await.body["total"].clone();

    let r = red_team_invoice_upload(&app, &manager2, &with_paid).await;
    assert_eq!(r.message(), "0 rows uploaded, 3 rejected.", "{}", r.body);
    assert_eq!(
        reasons(&r),
        [
            "Invoice No INV-DEMO-00007 is already used outside your area".to_string(),
            "Invoice No INV-DEMO-00008 is already used outside your area".to_string(),
            format!("Invoice No {with_paid} is already used outside your area"),
        ]
    );
    for reason in reasons(&r) {
        for secret in [victim.as_str(), victim_name.as_str(), paid.as_str(), "paid"] {
            assert!(!reason.contains(secret), "{reason:?} tells {secret:?}");
        }
    }
    assert_eq!(snapshot(&app, invoices), before, "no invoice changed");
    assert_eq!(app.get(&format!("/users/customer/outstanding/{victim}"), Some(&admin)).await.body["total"], owed);

    // Team 2's own invoices still upload, and update by their number.
    for amount in ["100", "120"] {
        let rows = [INVOICE_HEADER.to_vec(), vec!["INV-T2-0001", TEAM2_BUYER, "2026-12-01", amount, "2026-12-31"]];
        let r = upload(&app, &manager2, "/users/invoice/upload", "invoicedata", &rows, false).await;
        assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
    }
    assert_eq!(one(&app, "SELECT CAST(amount_paise AS TEXT) FROM invoices WHERE invoice_no = 'INV-T2-0001'"), "12000");
}

#[tokio::test]
async fn a_payment_allocates_only_to_its_own_customers_invoices() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    let invoice = "SELECT * FROM invoices WHERE invoice_no = 'INV-DEMO-00007'";
    let before = snapshot(&app, invoice);
    // The red team's upload first: before, it made team 1's invoice team 2's customer's to pay off.
    red_team_invoice_upload(&app, &manager2, "INV-DEMO-00001").await;
    let agent5 = app.token(TEAM2_AGENT).await;
    let pay = |client: &str, buyer: &str, invoice: &str| {
        json!({ "clientId": client, "buyerId": buyer, "amount": 1, "mode": "cash",
                "collectedAt": chrono::Utc::now().to_rfc3339(), "invoices": [invoice] })
    };
    // Another team's invoice is answered as one that does not exist.
    app.post("/users/payment", Some(&agent5), pay("SEC49-0001", TEAM2_BUYER, "INV-DEMO-00007"))
        .await
        .expect(StatusCode::BAD_REQUEST, "Invoice INV-DEMO-00007 is not one of this customer's invoices.");
    app.post("/users/payment", Some(&agent5), pay("SEC49-0002", TEAM2_BUYER, "INV-NO-SUCH"))
        .await
        .expect(StatusCode::BAD_REQUEST, "Invoice INV-NO-SUCH is not one of this customer's invoices.");
    // And its customer as one that does not exist.
    let victim = one(&app, "SELECT c.buyer_id FROM invoices i JOIN customers c USING (customer_id) WHERE i.invoice_no = 'INV-DEMO-00007'");
    app.post("/users/payment", Some(&agent5), pay("SEC49-0003", &victim, "INV-DEMO-00007"))
        .await
        .expect(StatusCode::NOT_FOUND, "The customer was not found.");
    assert_eq!(snapshot(&app, invoice), before);
    assert_eq!(one(&app, "SELECT CAST(COUNT(*) AS TEXT) FROM payments WHERE client_id LIKE 'SEC49-%'"), "0");
}

#[tokio::test]
async fn another_teams_customer_is_not_taken_over_by_its_buyer_id_nor_given_its_agent() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    assert_eq!(
        one(&app, "SELECT u.email FROM customers c JOIN users u ON u.uid = c.agent_id WHERE c.buyer_id = 'B100009'"),
        "agent1@demo.test"
    );
    let customers = "SELECT * FROM customers ORDER BY customer_id";
    let before = snapshot(&app, customers);
    let rows = [
        CUSTOMER_HEADER.to_vec(),
        customer_row("B100009", "Taken Over", "9876500002", TEAM2_AGENT),
        customer_row("N0002402", "Given Away", "9876500003", "agent1@demo.test"),
        customer_row("N0002403", "Nobody's", "9876500004", "nobody@team2.test"),
    ];
    let r = upload(&app, &manager2, "/users/customer/upload", "customerdata", &rows, false).await;
    assert_eq!(r.message(), "0 rows uploaded, 3 rejected.", "{}", r.body);
    assert_eq!(
        reasons(&r),
        [
            "Buyer ID B100009 is already used outside your area",
            // Another team's agent is answered as an email that is no agent's.
            "Unknown agent agent1@demo.test",
            "Unknown agent nobody@team2.test",
        ]
    );
    assert_eq!(snapshot(&app, customers), before, "no customer changed or added");

    // The team's own customer still updates by its Buyer ID.
    let rows = [CUSTOMER_HEADER.to_vec(), customer_row(TEAM2_BUYER, "Team Two Mart Renamed", "9876500001", TEAM2_AGENT)];
    let r = upload(&app, &manager2, "/users/customer/upload", "customerdata", &rows, false).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
    assert_eq!(one(&app, &format!("SELECT name FROM customers WHERE buyer_id = '{TEAM2_BUYER}'")), "Team Two Mart Renamed");
}

#[tokio::test]
async fn another_teams_customer_is_not_deleted_by_its_buyer_id() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    // A customer of team 1 with no history, which the delete upload would take.
    let admin = app.as_admin().await;
    let rows = [CUSTOMER_HEADER.to_vec(), customer_row("T1-FRESH", "Fresh Mart", "9876500005", "agent1@demo.test")];
    assert_eq!(upload(&app, &admin, "/users/customer/upload", "customerdata", &rows, false).await.message(), "1 row uploaded, 0 rejected.");
    let customers = "SELECT * FROM customers WHERE buyer_id <> 'N0002401' ORDER BY customer_id";
    let before = snapshot(&app, customers);

    let rows = [vec!["Buyer ID"], vec!["T1-FRESH"], vec!["NO-SUCH-BUYER"], vec![TEAM2_BUYER]];
    let r = upload(&app, &manager2, "/users/customer/upload", "customerdata", &rows, true).await;
    assert_eq!(r.message(), "1 row uploaded, 2 rejected.", "{}", r.body);
    // Another team's customer is answered as one that does not exist.
    assert_eq!(reasons(&r), ["Unknown customer T1-FRESH", "Unknown customer NO-SUCH-BUYER"]);
    assert_eq!(snapshot(&app, customers), before, "team 1's customers are all there");
    assert_eq!(one(&app, &format!("SELECT CAST(COUNT(*) AS TEXT) FROM customers WHERE buyer_id = '{TEAM2_BUYER}'")), "0");
}

const DELIVERY_HEADER: [&str; 8] = [
    "Order ID",
    "Order Date",
    "Planned Delivery Date",
    "Buyer ID",
    "Distributor Name",
    "Affiliate ID",
    "Affiliate Name",
    "Logistics Charges",
];

#[tokio::test]
async fn another_teams_delivery_is_not_taken_over_by_its_order_id() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    let theirs = one(&app, "SELECT order_id FROM deliveries ORDER BY delivery_id LIMIT 1");
    let deliveries = "SELECT * FROM deliveries ORDER BY delivery_id";
    let before = snapshot(&app, deliveries);
    let rows = [
        DELIVERY_HEADER.to_vec(),
        vec![&theirs, "2026-11-18", "2026-11-21", TEAM2_BUYER, "Metro Wholesale", "", "", "40"],
        vec!["T2-DEL-1", "2026-11-18", "2026-11-21", "B100009", "Metro Wholesale", "", "", "40"],
    ];
    let r = upload(&app, &manager2, "/users/delivery/upload", "deliverydata", &rows, false).await;
    assert_eq!(r.message(), "0 rows uploaded, 2 rejected.", "{}", r.body);
    assert_eq!(reasons(&r), [format!("Order ID {theirs} is already used outside your area"), "Unknown customer B100009".to_string()]);
    assert_eq!(snapshot(&app, deliveries), before, "no delivery changed or added");

    let rows = [DELIVERY_HEADER.to_vec(), vec!["T2-DEL-2", "2026-11-18", "2026-11-21", TEAM2_BUYER, "Metro Wholesale", "", "", "40"]];
    let r = upload(&app, &manager2, "/users/delivery/upload", "deliverydata", &rows, false).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
}

const ORDER_HEADER: [&str; 10] = [
    "Order ID",
    "Order Date",
    "Buyer ID",
    "Distributor Name",
    "Product Name",
    "SKU",
    "Quantity Shipped",
    "Unit Price",
    "DS Name",
    "FAO Name",
];

#[tokio::test]
async fn another_teams_uploaded_order_is_not_rewritten_or_added_to_by_its_order_id() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    let (theirs, product) = app
        .conn()
        .query_row("SELECT order_id, product_name FROM order_lines WHERE source = 'upload' ORDER BY line_id LIMIT 1", [], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })
        .unwrap();
    let lines = "SELECT * FROM order_lines ORDER BY line_id";
    let before = snapshot(&app, lines);
    let rows = [
        ORDER_HEADER.to_vec(),
        vec![&theirs, "2026-11-18", TEAM2_BUYER, "Metro Wholesale", &product, "", "999", "1", "", ""],
        vec![&theirs, "2026-11-18", TEAM2_BUYER, "Metro Wholesale", "Not On Their Order", "", "1", "1", "", ""],
        vec!["T2-ORD-1", "2026-11-18", "B100009", "Metro Wholesale", &product, "", "1", "1", "", ""],
    ];
    let r = upload(&app, &manager2, "/users/order/upload", "orderdata", &rows, false).await;
    assert_eq!(r.message(), "0 rows uploaded, 3 rejected.", "{}", r.body);
    let taken = format!("Order ID {theirs} is already used outside your area");
    assert_eq!(reasons(&r), [taken.clone(), taken, "Unknown customer B100009".to_string()]);
    assert_eq!(snapshot(&app, lines), before, "no order line changed or added");

    let rows = [ORDER_HEADER.to_vec(), vec!["T2-ORD-2", "2026-11-18", TEAM2_BUYER, "Metro Wholesale", &product, "", "1", "1", "", ""]];
    let r = upload(&app, &manager2, "/users/order/upload", "orderdata", &rows, false).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
}

#[tokio::test]
async fn another_teams_agent_gets_no_scorecard() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    let scorecards = "SELECT * FROM scorecards ORDER BY agent_id";
    let before = snapshot(&app, scorecards);
    let header = vec![
        "Agent Email",
        "Updated Upto",
        "TTV Target",
        "TTV Achieved",
        "Last Month TTV",
        "Retailer Target",
        "Retailers Achieved",
        "Last Month Active Retailers",
        "TTV Projection",
        "Proposed Incentive",
        "Qualification Status",
    ];
    let row = |agent| vec![agent, "2026-11-20", "1", "0", "0", "1", "0", "0", "0", "0", "Not Qualified"];
    let r = upload(&app, &manager2, "/users/scoreCard/upload", "scorecarddata", &[header.clone(), row("agent1@demo.test")], false).await;
    assert_eq!(r.message(), "0 rows uploaded, 1 rejected.", "{}", r.body);
    assert_eq!(reasons(&r), ["Unknown agent agent1@demo.test"]);
    assert_eq!(snapshot(&app, scorecards), before, "no scorecard changed or added");

    let r = upload(&app, &manager2, "/users/scoreCard/upload", "scorecarddata", &[header, row(TEAM2_AGENT)], false).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
}

#[tokio::test]
async fn a_beat_names_only_the_teams_agents_and_customers_and_tells_nothing_of_others() {
    let app = TestApp::new();
    let manager2 = two_teams(&app).await;
    let beats =
        "SELECT b.*, (SELECT group_concat(s.customer_id || ':' || s.sequence || ':' || s.valid_from || ':' || IFNULL(s.valid_to, ''))
                            FROM beat_stops s WHERE s.beat_id = b.beat_id) FROM beats b ORDER BY b.beat_id";
    let before = snapshot(&app, beats);
    let header = vec!["Beat Name", "Agent Email", "Weekdays", "Buyer ID", "Sequence"];
    let rows = [
        header.clone(),
        vec!["Raid", "agent1@demo.test", "Mon", "B100009", "1"],
        vec!["Raid", "nobody@team2.test", "Mon", "B100009", "1"],
        vec!["Team Two Round", TEAM2_AGENT, "Mon", "B100009", "1"],
        vec!["Team Two Round", TEAM2_AGENT, "Mon", "NO-SUCH-BUYER", "2"],
    ];
    let r = upload(&app, &manager2, "/users/beat/upload", "beatdata", &rows, false).await;
    assert_eq!(r.message(), "0 rows uploaded, 4 rejected.", "{}", r.body);
    // Another team's agent and customer are answered as ones that do not exist.
    assert_eq!(
        reasons(&r),
        [
            "Unknown agent agent1@demo.test",
            "Unknown agent nobody@team2.test",
            "Customer B100009 was not found.",
            "Customer NO-SUCH-BUYER was not found.",
        ]
    );
    assert_eq!(snapshot(&app, beats), before, "no beat changed or added");

    // The same through the beat screen's save.
    let agent5: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [TEAM2_AGENT], |r| r.get(0)).unwrap();
    for buyer in ["B100009", "NO-SUCH-BUYER"] {
        let body = json!({ "beatName": "Team Two Round", "agentId": agent5, "weekdays": ["Mon"], "customers": [buyer] });
        app.post("/master/beat", Some(&manager2), body).await.expect(StatusCode::BAD_REQUEST, &format!("Customer {buyer} was not found."));
    }
    assert_eq!(snapshot(&app, beats), before);

    let rows = [header, vec!["Team Two Round", TEAM2_AGENT, "Mon", TEAM2_BUYER, "1"]];
    let r = upload(&app, &manager2, "/users/beat/upload", "beatdata", &rows, false).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
}
