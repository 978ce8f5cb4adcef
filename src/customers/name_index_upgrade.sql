-- Step 32: customers by name, for uploads that name the customer instead of its Buyer ID.
CREATE INDEX IF NOT EXISTS customers_name ON customers(name COLLATE NOCASE);
