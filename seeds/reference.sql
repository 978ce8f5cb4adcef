-- Reference data every installation has. Applied by `fieldsales seed` (and at every start of `serve`);
-- idempotent, so running it again only adds what is missing (a right's default grants are given
-- only once, so what the Rights screen changed stays changed).

INSERT OR IGNORE INTO countries (country_id, name) VALUES
    (1, 'India'),
    (2, 'Sri Lanka');

INSERT OR IGNORE INTO user_types (user_type_id, name, is_country_supported) VALUES
    (1, 'Administrator', 0),
    (2, 'Back Office', 1),
    (3, 'Area Manager', 1),
    (4, 'RCA', 1);

INSERT OR IGNORE INTO rights (right_id, code, group_name, label) VALUES
    (1,  'user_master',              'Master',   'User Master'),
    (2,  'customer_master',          'Master',   'Customer Master'),
    (3,  'outcome_master',           'Master',   'Outcome Master'),
    (4,  'infotype_master',          'Master',   'Info Type Master'),
    (5,  'link_master',              'Master',   'Link Master'),
    (6,  'product_master',           'Master',   'Products'),
    (7,  'scorecard_master',         'Master',   'Scorecard Upload'),
    (8,  'distributor_master',       'Master',   'Distributor Upload'),
    (9,  'broadcast_master',         'Master',   'Broadcast Message'),
    (10, 'delivery_upload_master',   'Master',   'Delivery Upload'),
    (11, 'delivery_status_master',   'Master',   'Delivery Status'),
    (12, 'additional_reason_master', 'Master',   'Additional Reason'),
    (13, 'customer_visit',           'Customer', 'Customer Visit'),
    (14, 'new_customer',             'Customer', 'New Customer'),
    (15, 'profile_update',           'Customer', 'Profile Update'),
    (16, 'info_add',                 'Customer', 'Add Info'),
    (17, 'visit_summary',            'Customer', 'Visit Summary'),
    (18, 'score_card',               'Customer', 'Score Card'),
    (19, 'infostatus_update',        'Customer', 'Info Status Update'),
    (20, 'delivery_search',          'Delivery', 'RED101 Delivery'),
    (21, 'delivery_approve',         'Delivery', 'Delivery Approve'),
    (22, 'retailer_bucket',          'Landing',  'Retailer Bucket'),
    (23, 'unblock_user',             'User',     'Block/Unblock'),
    (24, 'user_agent',               'User',     'Agent Pass Reset'),
    (25, 'rca_account_access',       'User',     'Check RCA/AM A/C'),
    (26, 'rca_account_login',        'User',     'RCA/AM Login'),
    (27, 'reset_password',           'User',     'Reset Password'),
    (28, 'forgot_password',          'User',     'Forgot Password'),
    (29, 'rpt_customer_visit',       'Report',   'Customer Visit Report'),
    (30, 'rpt_customer_add',         'Report',   'Customer Add Report'),
    (31, 'rpt_profile_update',       'Report',   'Profile Update Report'),
    (32, 'rpt_info_add',             'Report',   'Info Add Report'),
    (33, 'rpt_login_history',        'Report',   'Login History Report'),
    (34, 'rpt_productivity',         'Report',   'Productivity Report'),
    (35, 'rpt_my_customer',          'Report',   'My Customer Report'),
    (36, 'rpt_buyer_images',         'Report',   'Buyer Details Report'),
    (37, 'rights_master',            'Master',   'Rights'),
    (38, 'order_booking',            'Customer', 'Order Booking'),
    (39, 'rpt_orders',               'Report',   'Orders'),
    (40, 'beat_master',              'Master',   'Beats'),
    (41, 'rpt_beat_adherence',       'Report',   'Beat Adherence Report'),
    (42, 'visit_photo',              'Customer', 'Visit Photos'),
    (43, 'photo_review',             'Report',   'Photos'),
    (44, 'attendance',               'Customer', 'Start/End Day'),
    (45, 'attendance_review',        'Report',   'Attendance'),
    (46, 'collections',              'Customer', 'Collect Payment'),
    (47, 'collections_review',       'Report',   'Collections'),
    (48, 'credit_approval',          'Customer', 'Credit Approval'),
    (49, 'scheme_master',            'Master',   'Schemes'),
    (50, 'target_master',            'Master',   'Targets');

-- A right is labelled as the menu names its screen (frontend/src/app/menu.js), so the Rights
-- screen and the menu say the same; databases seeded with the earlier labels follow here.
UPDATE rights SET label = CASE code
        WHEN 'product_master' THEN 'Products' WHEN 'rpt_orders' THEN 'Orders' WHEN 'beat_master' THEN 'Beats' END
    WHERE (code, label) IN (VALUES ('product_master', 'Product Upload'), ('rpt_orders', 'Orders Report'), ('beat_master', 'Beat Master'));

-- The default grants below are given once per right: to a new database, and to an existing one
-- for the rights added since it was last seeded (right_id above the setting 'rights_granted_upto').
-- The seed runs at every start of `serve`, so without this a right taken away on the Rights screen
-- would come back at the next start. A grant added here for a new right must carry the same
-- condition; the setting is moved up at the very end of this file.

-- Administrators hold every right.
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 1, right_id FROM rights
    WHERE right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Back office: reports and the read side of customer work.
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 2, right_id FROM rights WHERE code IN (
        'customer_visit', 'visit_summary', 'score_card', 'reset_password', 'forgot_password',
        'rpt_customer_visit', 'rpt_customer_add', 'rpt_profile_update', 'rpt_info_add',
        'rpt_login_history', 'rpt_productivity', 'rpt_my_customer', 'rpt_buyer_images')
    AND right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Area managers and agents do the field work; managers see it for their agents.
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT t.user_type_id, r.right_id FROM rights r, (SELECT 3 AS user_type_id UNION SELECT 4) t
    WHERE r.code IN (
        'customer_visit', 'new_customer', 'profile_update', 'info_add', 'visit_summary',
        'delivery_search', 'retailer_bucket', 'score_card', 'reset_password', 'forgot_password')
    AND r.right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Order booking (issue #18): agents book orders; the back office and area managers read them in
-- the orders report (administrators have both through the grant above).
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 4, right_id FROM rights WHERE code = 'order_booking'
    AND right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT t.user_type_id, r.right_id FROM rights r, (SELECT 2 AS user_type_id UNION SELECT 3) t
    WHERE r.code = 'rpt_orders'
    AND r.right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Beat plans (issue #19): area managers plan their agents' beats and read the adherence report,
-- as the back office does (agents read their own plan with customer_visit).
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 3, right_id FROM rights WHERE code = 'beat_master'
    AND right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT t.user_type_id, r.right_id FROM rights r, (SELECT 2 AS user_type_id UNION SELECT 3) t
    WHERE r.code = 'rpt_beat_adherence'
    AND r.right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Photos, the working day and collections (issues #37, #38): agents take photos, start and end
-- their day and collect payments; area managers review photos, attendance and collections and
-- approve orders held over a credit limit, with the reports of each (the report is under the
-- review right: visit-photos, attendance, collections and outstanding).
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 4, right_id FROM rights WHERE code IN ('visit_photo', 'attendance', 'collections')
    AND right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 3, right_id FROM rights WHERE code IN ('photo_review', 'attendance_review', 'collections_review', 'credit_approval')
    AND right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Targets (issue #53): area managers set their agents' targets and read the team view and the
-- targets report (holidays and incentive slabs stay the administrators').
INSERT OR IGNORE INTO user_type_rights (user_type_id, right_id)
    SELECT 3, right_id FROM rights WHERE code = 'target_master'
    AND right_id > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'rights_granted_upto'), 0);

-- Default outcomes, info types and delivery statuses a new installation starts with.
INSERT OR IGNORE INTO outcomes (outcome_id, name) VALUES
    (1, 'Order placed'), (2, 'Follow-up'), (3, 'Not interested'), (4, 'Shop closed');

INSERT OR IGNORE INTO info_types (info_id, name) VALUES
    (1, 'Competitor activity'), (2, 'Shop condition'), (3, 'Complaint');
INSERT OR IGNORE INTO info_sub_types (info_sub_id, info_id, name) VALUES
    (1, 1, 'New scheme'), (2, 1, 'Price drop'), (3, 1, 'New product'),
    (4, 2, 'Renovated'), (5, 2, 'Branding missing'),
    (6, 3, 'Late delivery'), (7, 3, 'Damaged goods');

INSERT OR IGNORE INTO delivery_statuses (delivery_status_id, name, record_lock, additional_reason_code) VALUES
    (1, 'Pending', 0, 0), (2, 'Delivered', 1, 0), (3, 'Not delivered', 0, 1), (4, 'Partially delivered', 0, 1);
INSERT OR IGNORE INTO additional_reasons (reason_code_id, delivery_status_id, code) VALUES
    (1, 3, 'Shop closed'), (2, 3, 'Retailer refused'), (3, 3, 'Wrong address'),
    (4, 4, 'Stock short'), (5, 4, 'Damaged in transit');

-- Keep this last: every right now has its default grants (see the note above the grants).
INSERT OR REPLACE INTO settings (key, value)
    SELECT 'rights_granted_upto', CAST(MAX(right_id) AS TEXT) FROM rights;
