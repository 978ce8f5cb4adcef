//! The names, places, catalogue and sellers the demo company and the scale data set both draw
//! from, the demo users' password, and the reference data every install starts with.

use anyhow::Context;
use rusqlite::{named_params, Connection};

use crate::platform::money::Money;

/// The password of every demo user.
pub const DEMO_PASSWORD: &str = "Demo12345678";

/// Adds whatever reference data is missing (countries, user types, rights and their grants).
pub fn reference(conn: &Connection) -> anyhow::Result<()> {
    conn.execute_batch(include_str!("../../../seeds/reference.sql")).context("loading seeds/reference.sql")
}

pub(super) const FIRST: &[&str] = &[
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
pub(super) const SECOND: &[&str] =
    &["Stores", "Traders", "Kirana", "General Store", "Mart", "Provisions", "Agencies", "Supermarket", "Enterprises", "Departmental Store"];
pub(super) const CITIES: &[(&str, &str, f64, f64)] = &[
    ("Bengaluru", "Karnataka", 12.97, 77.59),
    ("Chennai", "Tamil Nadu", 13.08, 80.27),
    ("Hyderabad", "Telangana", 17.38, 78.48),
    ("Pune", "Maharashtra", 18.52, 73.85),
];
pub(super) const LANKA_CITIES: &[(&str, &str, f64, f64)] =
    &[("Colombo", "Western", 6.93, 79.85), ("Kandy", "Central", 7.29, 80.63), ("Galle", "Southern", 6.05, 80.22)];
pub(super) const PRODUCTS: &[(&str, &str, f64)] = &[
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
pub(super) const CATALOGUE: &[(&str, i64)] = &[
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
/// HSN code and GST rate (basis points) of each of `PRODUCTS`, in the same order (issue #52).
pub(super) const GST: &[(&str, i64)] = &[
    ("22011010", 1800),
    ("22011010", 1800),
    ("22021010", 2800),
    ("22021010", 2800),
    ("22021010", 2800),
    ("22021010", 2800),
    ("22029920", 1200),
    ("22029990", 2800),
    ("20052000", 1200),
    ("20052000", 1200),
    ("19053100", 1800),
    ("19053100", 1800),
    ("18063100", 1800),
    ("19023010", 1200),
    ("19023010", 1200),
    ("09024020", 500),
    ("21011120", 1800),
    ("34022090", 1800),
    ("34011190", 1800),
    ("33051090", 1800),
];
const _: () = assert!(GST.len() == PRODUCTS.len());
pub(super) const SELLERS: &[&str] = &["Sunrise Distributors", "Coastal Trading Co", "Metro Wholesale", "Lanka Supply House"];
/// Each seller's prices against the catalogue's, in the demo's order history: distributors price
/// differently, which the visit screen's price comparison shows.
pub(super) const SELLER_PRICES: [f64; 4] = [0.97, 1.04, 1.0, 1.0];
/// The sellers' order mail addresses: Metro Wholesale has none, so its booked orders wait.
pub(super) const SELLER_EMAILS: &[Option<&str>] =
    &[Some("orders@sunrise.demo.test"), Some("orders@coastal.demo.test"), None, Some("orders@lankasupply.demo.test")];
/// The sellers' GSTINs (issue #52), of the state of their city in `CITIES` (their check characters
/// computed by the GSTN's rule, `taxids::gstin_check_char`); Lanka Supply House has none.
pub(super) const SELLER_GSTINS: &[Option<&str>] = &[Some("29AABCT1332L1ZA"), Some("33AAACH7409R1Z8"), Some("36AAFCD5862R1ZW"), None];

/// The products of `PRODUCTS` with their prices, categories and pack sizes, and the sellers of
/// the order lines as distributors (with their mail addresses): what order booking needs.
pub(super) fn catalogue_and_distributors(conn: &Connection) -> anyhow::Result<()> {
    let mut product = conn.prepare(
        "INSERT INTO products (name, sku, price_paise, pack_size, category, hsn, gst_rate_bp)
         VALUES (:name, :sku, :price, :pack, :category, :hsn, :rate)
         ON CONFLICT (name) DO UPDATE SET price_paise = excluded.price_paise, pack_size = excluded.pack_size, category = excluded.category,
             hsn = excluded.hsn, gst_rate_bp = excluded.gst_rate_bp",
    )?;
    for (((name, sku, price), (category, pack)), (hsn, rate)) in PRODUCTS.iter().zip(CATALOGUE).zip(GST) {
        let price = Money::from_f64(*price).context("a catalogue price")?;
        product.execute(named_params! {
            ":name": name, ":sku": sku, ":price": price, ":pack": pack, ":category": category, ":hsn": hsn, ":rate": rate,
        })?;
    }
    let mut distributor = conn.prepare(
        "INSERT OR IGNORE INTO distributors (name, code, city, country_id, email, state, gstin)
         VALUES (:name, :code, :city, :country, :email, :state, :gstin)",
    )?;
    for (i, ((name, email), gstin)) in SELLERS.iter().zip(SELLER_EMAILS).zip(SELLER_GSTINS).enumerate() {
        let (city, state, country) = if i == 3 { ("Colombo", "Western", 2) } else { (CITIES[i].0, CITIES[i].1, 1) };
        distributor.execute(named_params! {
            ":name": name, ":code": format!("D{:02}", i + 1), ":city": city, ":country": country, ":email": email,
            ":state": state, ":gstin": gstin,
        })?;
    }
    Ok(())
}
pub(super) const DS_NAMES: &[&str] = &["Ramesh DS", "Suresh DS", "Kamal DS", "Anil DS"];
pub(super) const FAO_NAMES: &[&str] = &["North FAO", "South FAO", "East FAO"];
