//! One scope rule (docs/decisions.md): for every caller, what a list or search shows and what an
//! endpoint by id opens are the same things. A manager keeps the customers of an agent deleted
//! since: they both find them and open them; another agent does neither.
//!
//! Each area adds its endpoints as rows of [`LISTS`] and [`DETAILS`]: a list row names how to read
//! the keys it shows, a detail row how to open one key. For every caller and every probe key,
//! `shown in the list <=> the detail answers 200` (else 404); a caller without the right (403) is
//! skipped for that row, the same for every key.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

/// What a key stands for: the rows of one kind are compared with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A customer, by buyer id.
    Customer,
    /// An order, by order id.
    Order,
}

/// How a list shows its keys.
#[derive(Clone, Copy)]
enum Shows {
    /// One call lists everything the caller may see (or at least every probe key).
    All { path: &'static str, keys: fn(&Value) -> Vec<String> },
    /// A search, asked once per key with the key as the text; shown when the answer holds it.
    Search { path: fn(&str) -> String, keys: fn(&Value) -> Vec<String> },
    /// Only the caller's own keys (the offline copy): what it shows must open, but a manager
    /// opens more than their own.
    OwnOnly { path: &'static str, keys: fn(&Value) -> Vec<String> },
}

struct List {
    name: &'static str,
    kind: Kind,
    shows: Shows,
}

struct Detail {
    name: &'static str,
    kind: Kind,
    path: fn(&str) -> String,
}

fn strings(values: &[Value], key: &str) -> Vec<String> {
    values
        .iter()
        .filter_map(|v| match &v[key] {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .collect()
}

fn array(body: &Value) -> &[Value] {
    body.as_array().map(Vec::as_slice).unwrap_or_default()
}

const LISTS: &[List] = &[
    List {
        name: "customer search",
        kind: Kind::Customer,
        shows: Shows::Search { path: |key| format!("/users/customer/search?query={key}"), keys: |b| strings(array(b), "buyerId") },
    },
    List {
        name: "visits of this month (FTM)",
        kind: Kind::Customer,
        shows: Shows::All { path: "/users/customer/FTMFTD/ftm", keys: |b| strings(array(b), "buyerID") },
    },
    List {
        name: "offline copy",
        kind: Kind::Customer,
        shows: Shows::OwnOnly { path: "/users/customer/offline", keys: |b| strings(array(&b["customers"]), "buyerId") },
    },
    List {
        name: "orders list",
        kind: Kind::Order,
        shows: Shows::All { path: "/users/orders?from=2000-01-01&to=2100-12-31", keys: |b| strings(array(&b["data"]), "orderId") },
    },
];

const DETAILS: &[Detail] = &[
    Detail { name: "visit screen", kind: Kind::Customer, path: |key| format!("/users/customer/details/{key}") },
    Detail { name: "profile", kind: Kind::Customer, path: |key| format!("/users/customer/profile?buyerId={key}") },
    Detail { name: "info history", kind: Kind::Customer, path: |key| format!("/users/customer/infohistory/{key}") },
    Detail { name: "price comparison", kind: Kind::Customer, path: |key| format!("/users/product/pricecomparison/{key}?productName=Tea") },
    Detail { name: "order", kind: Kind::Order, path: |key| format!("/users/order/{key}") },
];

/// The probes: for each kind, the keys every caller is asked about.
struct Probes {
    customers: Vec<String>,
    orders: Vec<String>,
}

impl Probes {
    fn of(&self, kind: Kind) -> &[String] {
        match kind {
            Kind::Customer => &self.customers,
            Kind::Order => &self.orders,
        }
    }
}

/// Whether each probe key of `list` is shown to `token`.
async fn shown(app: &TestApp, token: &str, list: &List, keys: &[String]) -> Vec<bool> {
    match list.shows {
        Shows::All { path, keys: read } | Shows::OwnOnly { path, keys: read } => {
            let reply = app.get(path, Some(token)).await;
            assert_eq!(reply.status, StatusCode::OK, "{}: {}", list.name, reply.body);
            let listed = read(&reply.body);
            keys.iter().map(|k| listed.contains(k)).collect()
        }
        Shows::Search { path, keys: read } => {
            let mut out = Vec::new();
            for key in keys {
                let reply = app.get(&path(key), Some(token)).await;
                assert_eq!(reply.status, StatusCode::OK, "{} {key}: {}", list.name, reply.body);
                out.push(read(&reply.body).contains(key));
            }
            out
        }
    }
}

/// Whether each probe key opens for `token` through `detail` (None: the caller lacks the right).
async fn opens(app: &TestApp, token: &str, detail: &Detail, keys: &[String]) -> Option<Vec<bool>> {
    let mut out = Vec::new();
    for key in keys {
        let reply = app.get(&(detail.path)(key), Some(token)).await;
        match reply.status {
            StatusCode::OK => out.push(true),
            StatusCode::NOT_FOUND => out.push(false),
            StatusCode::FORBIDDEN => out.push(false),
            other => panic!("{} {key}: {other} {}", detail.name, reply.body),
        }
        if reply.status == StatusCode::FORBIDDEN {
            assert!(out.len() == 1 || out.iter().all(|o| !o), "{}: a right is all or nothing", detail.name);
            return None;
        }
    }
    Some(out)
}

/// Sets up the manager's two agents (the second deleted afterwards), each with a customer visited
/// this month, and returns the probes and the tokens of agent 1, the manager and the administrator.
async fn setup(app: &TestApp) -> (Probes, Vec<(&'static str, String)>) {
    let (agent1, agent2) = (app.as_agent(1).await, app.as_agent(2).await);
    let (manager, admin) = (app.token("am@demo.test").await, app.as_admin().await);
    let conn = app.conn();
    let first_of = |email: &str| -> String {
        conn.query_row(
            "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id WHERE u.email = ?1 ORDER BY c.customer_id LIMIT 1",
            [email],
            |r| r.get(0),
        )
        .unwrap()
    };
    let (mine, deleted) = (first_of("agent1@demo.test"), first_of("agent2@demo.test"));
    let outcome: i64 = conn.query_row("SELECT outcome_id FROM outcomes WHERE is_retired = 0 LIMIT 1", [], |r| r.get(0)).unwrap();
    let product: i64 =
        conn.query_row("SELECT product_id FROM products WHERE active = 1 AND price_paise IS NOT NULL LIMIT 1", [], |r| r.get(0)).unwrap();
    for (token, buyer) in [(&agent1, &mine), (&agent2, &deleted)] {
        let saved = app.post("/users/customer/details", Some(token), json!({ "buyerID": buyer, "outcomeId": outcome })).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
        let booked =
            app.post("/users/order", Some(token), json!({ "buyerId": buyer, "lines": [{ "productId": product, "quantity": 1 }] })).await;
        assert_eq!(booked.status, StatusCode::OK, "{}", booked.body);
    }
    let order_of = |buyer: &str| -> Option<String> {
        conn.query_row(
            "SELECT o.order_id FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE c.buyer_id = ?1 LIMIT 1",
            [buyer],
            |r| r.get::<_, i64>(0),
        )
        .ok()
        .map(|id| id.to_string())
    };
    let orders: Vec<String> = [order_of(&mine), order_of(&deleted)].into_iter().flatten().collect();
    assert!(!orders.is_empty(), "the demo company has an order of a probed customer");
    conn.execute("UPDATE users SET is_deleted = 1 WHERE email = 'agent2@demo.test'", []).unwrap();
    let probes = Probes { customers: vec![mine, deleted], orders };
    (probes, vec![("agent 1", agent1), ("the manager", manager), ("the administrator", admin)])
}

#[tokio::test]
async fn list_and_detail_agree() {
    let app = TestApp::new();
    let (probes, callers) = setup(&app).await;
    for (who, token) in &callers {
        for detail in DETAILS {
            let keys = probes.of(detail.kind);
            let Some(opened) = opens(&app, token, detail, keys).await else { continue };
            for list in LISTS.iter().filter(|l| l.kind == detail.kind) {
                let listed = shown(&app, token, list, keys).await;
                for ((key, shown), open) in keys.iter().zip(&listed).zip(&opened) {
                    match list.shows {
                        Shows::OwnOnly { .. } => {
                            assert!(!shown || *open, "{who}: {key} is in the {} but {} does not open it", list.name, detail.name)
                        }
                        _ => {
                            assert_eq!(shown, open, "{who}: {key} shown in the {} = {shown}, opens in {} = {open}", list.name, detail.name)
                        }
                    }
                }
            }
        }
    }
}

/// What the rule means for the deleted agent's customer, said plainly.
#[tokio::test]
async fn a_deleted_agents_customer_stays_the_managers() {
    let app = TestApp::new();
    let (probes, callers) = setup(&app).await;
    let deleted = &probes.customers[1];
    let search = format!("/users/customer/search?query={deleted}");
    let details = format!("/users/customer/details/{deleted}");
    for (who, token) in &callers {
        let found = strings(array(&app.get(&search, Some(token)).await.body), "buyerId").contains(deleted);
        let status = app.get(&details, Some(token)).await.status;
        let expected = *who != "agent 1";
        assert_eq!(found, expected, "{who} finds {deleted}");
        assert_eq!(status == StatusCode::OK, expected, "{who} opens {deleted}: {status}");
    }
    // Narrowed to the deleted agent (the beat editor's `agentId`), and their scorecard: the same rule.
    let uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent2@demo.test'", [], |r| r.get(0)).unwrap();
    for (who, token) in &callers {
        let expected = *who != "agent 1";
        let narrowed = app.get(&format!("{search}&agentId={uid}"), Some(token)).await;
        assert_eq!(narrowed.status == StatusCode::OK, expected, "{who} narrows to the deleted agent: {}", narrowed.body);
        if expected {
            assert!(strings(array(&narrowed.body), "buyerId").contains(deleted), "{who}: {}", narrowed.body);
        } else {
            assert_eq!(narrowed.body["code"], "agent_not_found", "{who}");
        }
        let card = app.get(&format!("/users/scorecardAM/{uid}"), Some(token)).await;
        assert_eq!(card.status == StatusCode::OK, expected, "{who} reads the deleted agent's scorecard: {}", card.body);
    }
}

/// One rule for deleted agents in reports and pickers (issue #51, decision 44): after agent4 is
/// deleted, the Monthly Summary's agent rows (read by an administrator: a manager holds no
/// report right in the demo) (agent4's marked "(deleted)") add up to their
/// manager's row of the Monthly Summary AM, which counts them, and the agent picker still lists
/// agent4, marked deleted, for their manager and administrators.
#[tokio::test]
async fn a_deleted_agent_stays_in_the_reports_and_pickers_marked_deleted() {
    use axum::http::Method;
    use calamine::Data;
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent4: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent4@demo.test'", [], |r| r.get(0)).unwrap();
    let deleted = app.post(&format!("/master/user/delete/{agent4}"), Some(&admin), json!({})).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);

    let month = fieldsales::clock::today().format("%Y-%m").to_string();
    let report = |name: &'static str, user_type: Value| {
        let (app, admin, month) = (&app, admin.clone(), month.clone());
        async move {
            let body = json!({ "country": ["India", "Sri Lanka"], "userType": user_type, "reportName": name, "monthYear": month });
            let r = app.call(Method::POST, "/webapi/api/report/monthlyReport", Some(&admin), Some(body)).await;
            assert_eq!(r.status, StatusCode::OK, "{name}: {}", r.body);
            let bytes = crate::reports::fetch(app, r.body["excelPath"].as_str().unwrap()).await.unwrap();
            crate::reports::sheet(&bytes)
        }
    };
    let number = |cell: &Data| match cell {
        Data::Float(f) => *f,
        Data::Int(i) => *i as f64,
        other => panic!("not a figure: {other:?}"),
    };
    // The manager's agents' rows (the administrator's own row apart).
    let agents: Vec<Vec<Data>> =
        report("monthly-summary", json!([0])).await.into_iter().filter(|r| !r[0].to_string().starts_with("admin")).collect();
    let ams = report("monthly-summary-am", json!(["3"])).await;
    let column = |sheet: &[Vec<Data>], name: &str| sheet[0].iter().position(|h| *h == name).unwrap();
    let names: Vec<String> = agents[1..].iter().map(|r| r[column(&agents, "Agent Name")].to_string()).collect();
    assert!(names.iter().any(|n| n == "Nimal Perera (deleted)"), "{names:?}");
    assert_eq!(ams.len(), 2, "the manager's one row: {ams:?}");
    assert_eq!(number(&ams[1][column(&ams, "Agents")]) as usize, agents.len() - 1, "the agents the rows show");
    for figure in ["Customers", "Visits", "Orders", "Order Value"] {
        let (a, m) = (column(&agents, figure), column(&ams, figure));
        let sum: f64 = agents[1..].iter().map(|r| number(&r[a])).sum();
        assert!((sum - number(&ams[1][m])).abs() < 0.005, "{figure}: agent rows {sum}, manager row {:?}", ams[1][m]);
    }
    let visits = column(&agents, "Visits");
    let deleted_row = agents.iter().find(|r| r[column(&agents, "Agent Name")].to_string().ends_with("(deleted)")).unwrap();
    assert!(number(&deleted_row[visits]) > 0.0, "the deleted agent's visits count: {deleted_row:?}");

    // The picker: the deleted agent listed, marked, to their manager and an administrator.
    for token in [&manager, &admin] {
        let list = app.get("/master/allagent?addSelfAccount=false", Some(token)).await;
        let found: Vec<&Value> = list.body.as_array().unwrap().iter().filter(|a| a["uid"] == agent4).collect();
        assert_eq!(found.len(), 1, "{}", list.body);
        assert_eq!(found[0]["deleted"], true);
        assert!(list.body.as_array().unwrap().iter().filter(|a| a["uid"] != agent4).all(|a| a["deleted"] == false));
    }
    // Another agent sees only themselves.
    let agent1 = app.as_agent(1).await;
    let own = app.get("/master/allagent?addSelfAccount=false", Some(&agent1)).await;
    assert!(own.body.as_array().unwrap().iter().all(|a| a["uid"] != agent4), "{}", own.body);
}
