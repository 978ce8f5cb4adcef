-- Step 34 (src/db.rs): GST and trade schemes (issue #52, CONTRACT.md "Order pricing").
-- Products carry their HSN code and GST rate in basis points; distributors their state and GSTIN;
-- customers their GSTIN. Schemes are kept as versions: an edit adds a version and supersedes the
-- one before, so an order keeps what it was priced with. `body` is the engine's scheme JSON
-- (`crate::pricing::Scheme`, money in paise); the columns beside it are what lists and the
-- choice of schemes in force read. scheme_set holds the version of the whole set (the
-- `schemeVersion` an order and the phone's offline copy name), raised by every change.
-- schema.sql has the same objects.
ALTER TABLE products ADD COLUMN hsn TEXT CHECK (hsn IS NULL OR (length(hsn) BETWEEN 4 AND 8 AND hsn NOT GLOB '*[^0-9]*'));
ALTER TABLE products ADD COLUMN gst_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (gst_rate_bp BETWEEN 0 AND 4000);
ALTER TABLE distributors ADD COLUMN state TEXT;
ALTER TABLE distributors ADD COLUMN gstin TEXT;
ALTER TABLE customers ADD COLUMN gstin TEXT;
CREATE TABLE IF NOT EXISTS schemes (
    scheme_id     INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('free_every', 'free_slab', 'line_percent', 'line_flat', 'combo', 'order_percent', 'order_flat')),
    valid_from    TEXT NOT NULL,
    valid_to      TEXT,
    priority      INTEGER NOT NULL DEFAULT 0,
    body          TEXT NOT NULL,
    created_by    INTEGER REFERENCES users(uid),
    created_at    INTEGER NOT NULL,
    superseded_at INTEGER,
    PRIMARY KEY (scheme_id, version)
) WITHOUT ROWID;
-- The versions in force (not superseded), by the dates they hold.
CREATE INDEX IF NOT EXISTS schemes_current ON schemes(valid_from, valid_to) WHERE superseded_at IS NULL;
CREATE TABLE IF NOT EXISTS scheme_set (only INTEGER PRIMARY KEY CHECK (only = 1), version INTEGER NOT NULL);
INSERT OR IGNORE INTO scheme_set (only, version) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS schemes_set_insert AFTER INSERT ON schemes BEGIN
    UPDATE scheme_set SET version = version + 1 WHERE only = 1;
END;
CREATE TRIGGER IF NOT EXISTS schemes_set_update AFTER UPDATE ON schemes BEGIN
    UPDATE scheme_set SET version = version + 1 WHERE only = 1;
END;
-- Each order line keeps its priced figures, written once when it is booked (or loaded): every
-- report and target reads them, never quantity times price again. Lines from before this step
-- and uploaded lines: gross = quantity x unit price, no discount, no tax. The order keeps its
-- totals (total_paise: what the retailer pays, tax included) and the scheme set it was priced with;
-- its free pieces and what each scheme gave each line are kept beside it.
ALTER TABLE order_lines ADD COLUMN gross_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN discount_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN taxable_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN gst_rate_bp INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN cgst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN sgst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN igst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN line_total_paise INTEGER NOT NULL DEFAULT 0;
UPDATE order_lines SET gross_paise = CAST(ROUND(qty_shipped * unit_price_paise) AS INTEGER),
    taxable_paise = CAST(ROUND(qty_shipped * unit_price_paise) AS INTEGER),
    line_total_paise = CAST(ROUND(qty_shipped * unit_price_paise) AS INTEGER);
ALTER TABLE cancelled_lines ADD COLUMN gross_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN discount_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN taxable_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN gst_rate_bp INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN cgst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN sgst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN igst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cancelled_lines ADD COLUMN line_total_paise INTEGER NOT NULL DEFAULT 0;
UPDATE cancelled_lines SET gross_paise = quantity * unit_price_paise, taxable_paise = quantity * unit_price_paise,
    line_total_paise = quantity * unit_price_paise;
ALTER TABLE orders ADD COLUMN gross_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN discount_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN taxable_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cgst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN sgst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN igst_paise INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN scheme_version INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET gross_paise = total_paise, taxable_paise = total_paise;
CREATE TABLE IF NOT EXISTS order_free_lines (
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL REFERENCES products(product_id),
    product_name TEXT NOT NULL,
    quantity     INTEGER NOT NULL CHECK (quantity > 0),
    scheme_id    INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    PRIMARY KEY (order_id, product_id, scheme_id)
) WITHOUT ROWID;
-- What each scheme took off each line of an order (the `schemes` report reads it by scheme).
CREATE TABLE IF NOT EXISTS order_line_schemes (
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL,
    scheme_id    INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    amount_paise INTEGER NOT NULL,
    PRIMARY KEY (order_id, product_id, scheme_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS order_line_schemes_scheme ON order_line_schemes(scheme_id, order_id);
