//! Data a database starts with: reference data (`seeds/reference.sql`) for every install, the
//! deterministic demo company (`demo`), and the big deterministic data set of the benchmarks
//! (`scale`). The names, places and catalogue both of them draw from are here.

mod demo;
mod scale;

use anyhow::Context;
use rusqlite::{named_params, Connection};

use crate::money::Money;

pub use demo::{demo, DemoSummary};
pub use scale::{scale, scale_floor, ScaleParams, ScaleSummary};

/// The password of every demo user.
pub const DEMO_PASSWORD: &str = "Demo12345678";

/// Adds whatever reference data is missing (countries, user types, rights and their grants).
pub fn reference(conn: &Connection) -> anyhow::Result<()> {
    conn.execute_batch(include_str!("../../seeds/reference.sql")).context("loading seeds/reference.sql")
}

const FIRST: &[&str] = &[
    "Sri",
    "Lakshmi",
    "Ganesh",
    "Balaji",
    "Durga",
    "Sai",
    "Krishna",
    "Annapurna",
    "Royal",
    "New",
    "Star",
    "Green",
    "City",
    "Metro",
    "Super",
    "Family",
    "Jai",
    "Om",
    "Shree",
    "Vijaya",
];
const SECOND: &[&str] =
    &["Stores", "Traders", "Kirana", "General Store", "Mart", "Provisions", "Agencies", "Supermarket", "Enterprises", "Departmental Store"];
const CITIES: &[(&str, &str, f64, f64)] = &[
    ("Bengaluru", "Karnataka", 12.97, 77.59),
    ("Chennai", "Tamil Nadu", 13.08, 80.27),
    ("Hyderabad", "Telangana", 17.38, 78.48),
    ("Pune", "Maharashtra", 18.52, 73.85),
];
const LANKA_CITIES: &[(&str, &str, f64, f64)] =
    &[("Colombo", "Western", 6.93, 79.85), ("Kandy", "Central", 7.29, 80.63), ("Galle", "Southern", 6.05, 80.22)];
const PRODUCTS: &[(&str, &str, f64)] = &[
    ("Aqua Mineral Water 1L", "AQ-1L", 20.0),
    ("Aqua Mineral Water 500ml", "AQ-500", 10.0),
    ("Cola 300ml", "CL-300", 25.0),
    ("Cola 1.25L", "CL-125", 65.0),
    ("Lemon Fizz 600ml", "LF-600", 40.0),
    ("Orange Burst 250ml", "OB-250", 20.0),
    ("Mango Delight 1L", "MD-1L", 90.0),
    ("Energy Plus 250ml", "EP-250", 110.0),
    ("Salted Chips 52g", "SC-52", 20.0),
    ("Masala Chips 90g", "MC-90", 35.0),
    ("Cream Biscuits 100g", "CB-100", 30.0),
    ("Digestive Biscuits 250g", "DB-250", 60.0),
    ("Choco Bar 40g", "CH-40", 40.0),
    ("Instant Noodles 70g", "IN-70", 14.0),
    ("Instant Noodles 4-pack", "IN-4P", 56.0),
    ("Tea Leaf 250g", "TL-250", 140.0),
    ("Coffee Jar 100g", "CJ-100", 310.0),
    ("Detergent Powder 1kg", "DP-1K", 120.0),
    ("Bath Soap 100g", "BS-100", 38.0),
    ("Shampoo Sachet", "SS-1", 3.0),
];
/// Category and pack size (units per case) of each of `PRODUCTS`, in the same order.
const CATALOGUE: &[(&str, i64)] = &[
    ("Beverages", 12),
    ("Beverages", 24),
    ("Beverages", 24),
    ("Beverages", 12),
    ("Beverages", 24),
    ("Beverages", 30),
    ("Beverages", 12),
    ("Beverages", 24),
    ("Snacks", 48),
    ("Snacks", 36),
    ("Biscuits & Confectionery", 48),
    ("Biscuits & Confectionery", 24),
    ("Biscuits & Confectionery", 60),
    ("Foods", 96),
    ("Foods", 24),
    ("Tea & Coffee", 40),
    ("Tea & Coffee", 24),
    ("Home Care", 20),
    ("Personal Care", 72),
    ("Personal Care", 480),
];
const _: () = assert!(CATALOGUE.len() == PRODUCTS.len());
const SELLERS: &[&str] = &["Sunrise Distributors", "Coastal Trading Co", "Metro Wholesale", "Lanka Supply House"];
/// Each seller's prices against the catalogue's, in the demo's order history: distributors price
/// differently, which the visit screen's price comparison shows.
const SELLER_PRICES: [f64; 4] = [0.97, 1.04, 1.0, 1.0];
/// The sellers' order mail addresses: Metro Wholesale has none, so its booked orders wait.
const SELLER_EMAILS: &[Option<&str>] =
    &[Some("orders@sunrise.demo.test"), Some("orders@coastal.demo.test"), None, Some("orders@lankasupply.demo.test")];

/// The products of `PRODUCTS` with their prices, categories and pack sizes, and the sellers of
/// the order lines as distributors (with their mail addresses): what order booking needs.
fn catalogue_and_distributors(conn: &Connection) -> anyhow::Result<()> {
    let mut product = conn.prepare(
        "INSERT INTO products (name, sku, price_paise, pack_size, category) VALUES (:name, :sku, :price, :pack, :category)
         ON CONFLICT (name) DO UPDATE SET price_paise = excluded.price_paise, pack_size = excluded.pack_size, category = excluded.category",
    )?;
    for ((name, sku, price), (category, pack)) in PRODUCTS.iter().zip(CATALOGUE) {
        let price = Money::from_f64(*price).context("a catalogue price")?;
        product.execute(named_params! { ":name": name, ":sku": sku, ":price": price, ":pack": pack, ":category": category })?;
    }
    let mut distributor = conn.prepare(
        "INSERT OR IGNORE INTO distributors (name, code, city, country_id, email) VALUES (:name, :code, :city, :country, :email)",
    )?;
    for (i, (name, email)) in SELLERS.iter().zip(SELLER_EMAILS).enumerate() {
        let (city, country) = if i == 3 { ("Colombo", 2) } else { (CITIES[i].0, 1) };
        distributor.execute(named_params! {
            ":name": name, ":code": format!("D{:02}", i + 1), ":city": city, ":country": country, ":email": email,
        })?;
    }
    Ok(())
}
const DS_NAMES: &[&str] = &["Ramesh DS", "Suresh DS", "Kamal DS", "Anil DS"];
const FAO_NAMES: &[&str] = &["North FAO", "South FAO", "East FAO"];
