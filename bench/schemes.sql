-- Booking with schemes (issue #52): the scale data set's priced products (ids 1..20, bench/order.lua
-- books 10 of them per order) given GST rates, the distributors a state, and twelve schemes in force
-- of every kind, as the schemes master stores them (engine JSON, money in paise). Applied to one
-- copy by bench/order_turns.sh:
--   B_SQL=bench/schemes.sql bash bench/order_turns.sh     # A: today's booking, B: with schemes
UPDATE products SET gst_rate_bp = CASE product_id % 3 WHEN 0 THEN 1800 WHEN 1 THEN 500 ELSE 1200 END WHERE product_id <= 20;
UPDATE distributors SET state = 'Karnataka';
INSERT INTO schemes (scheme_id, version, name, kind, valid_from, valid_to, priority, body, created_at) VALUES
 (9001, 1, 'Every 10 get 1', 'free_every', '2000-01-01', NULL, 5,
  '{"schemeId":9001,"version":1,"name":"Every 10 get 1","kind":"free_every","validFrom":"2000-01-01","priority":5,"products":[1,2,3,4,5],"every":10,"freeProductId":6,"freeQuantity":1}', 0),
 (9002, 1, 'Slab 2/5 %', 'line_percent', '2000-01-01', NULL, 4,
  '{"schemeId":9002,"version":1,"name":"Slab 2/5 %","kind":"line_percent","validFrom":"2000-01-01","priority":4,"products":[7,8,9,10,11,12],"slabs":[{"minQuantity":5,"percentBp":200},{"minQuantity":20,"percentBp":500}]}', 0),
 (9003, 1, 'Slab free', 'free_slab', '2000-01-01', NULL, 3,
  '{"schemeId":9003,"version":1,"name":"Slab free","kind":"free_slab","validFrom":"2000-01-01","priority":3,"products":[13,14],"slabs":[{"minQuantity":6,"freeQuantity":1},{"minQuantity":12,"freeQuantity":3}]}', 0),
 (9004, 1, 'Flat a piece', 'line_flat', '2000-01-01', NULL, 3,
  '{"schemeId":9004,"version":1,"name":"Flat a piece","kind":"line_flat","validFrom":"2000-01-01","priority":3,"products":[15,16],"slabs":[{"minQuantity":3,"flatPerPiece":50}]}', 0),
 (9005, 1, 'Combo', 'combo', '2000-01-01', NULL, 2,
  '{"schemeId":9005,"version":1,"name":"Combo","kind":"combo","validFrom":"2000-01-01","priority":2,"components":[{"productId":17,"quantity":2},{"productId":18,"quantity":2}],"freeProductId":19,"freeQuantity":1}', 0),
 (9006, 1, 'Order 2 %', 'order_percent', '2000-01-01', NULL, 1,
  '{"schemeId":9006,"version":1,"name":"Order 2 %","kind":"order_percent","validFrom":"2000-01-01","priority":1,"slabs":[{"minValue":100000,"percentBp":200}],"maxDiscount":50000}', 0),
 (9007, 1, 'Order flat', 'order_flat', '2000-01-01', NULL, 0,
  '{"schemeId":9007,"version":1,"name":"Order flat","kind":"order_flat","validFrom":"2000-01-01","slabs":[{"minValue":500000,"flat":10000}]}', 0),
 (9008, 1, 'Wholesalers 3 %', 'line_percent', '2000-01-01', NULL, 0,
  '{"schemeId":9008,"version":1,"name":"Wholesalers 3 %","kind":"line_percent","validFrom":"2000-01-01","products":[1,2,3,4,5,6,7,8,9,10],"slabs":[{"minQuantity":1,"percentBp":300}],"applies":{"retailerTypes":["Wholesaler"]}}', 0),
 (9009, 1, 'Other state', 'line_percent', '2000-01-01', NULL, 0,
  '{"schemeId":9009,"version":1,"name":"Other state","kind":"line_percent","validFrom":"2000-01-01","products":[11,12,13,14,15],"slabs":[{"minQuantity":1,"percentBp":100}],"applies":{"states":["Kerala"]}}', 0),
 (9010, 1, 'Group A 1', 'line_percent', '2000-01-01', NULL, 6,
  '{"schemeId":9010,"version":1,"name":"Group A 1","kind":"line_percent","validFrom":"2000-01-01","priority":6,"exclusiveGroup":"A","products":[16,17,18,19,20],"slabs":[{"minQuantity":10,"percentBp":400}]}', 0),
 (9011, 1, 'Group A 2', 'line_percent', '2000-01-01', NULL, 5,
  '{"schemeId":9011,"version":1,"name":"Group A 2","kind":"line_percent","validFrom":"2000-01-01","priority":5,"exclusiveGroup":"A","products":[16,17,18,19,20],"slabs":[{"minQuantity":1,"percentBp":100}]}', 0),
 (9012, 1, 'Ended', 'order_flat', '2000-01-01', '2001-01-01', 0,
  '{"schemeId":9012,"version":1,"name":"Ended","kind":"order_flat","validFrom":"2000-01-01","validTo":"2001-01-01","slabs":[{"minValue":1,"flat":100}]}', 0);
