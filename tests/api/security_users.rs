//! Security, second round (issue #40): security_users.

#[allow(unused_imports)]
use crate::support::*;
