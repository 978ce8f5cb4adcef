//! Trade schemes and GST master data (issue #52).
use crate::support::{assert_upgrades_to_fresh, downgrade_to_schema_33, TestApp};

/// Step 34 brings a database of version 33 to exactly the fresh schema.
#[tokio::test]
async fn step_34_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    assert_upgrades_to_fresh(&mut app.conn(), 33, downgrade_to_schema_33);
}
