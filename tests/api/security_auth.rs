//! Security, second round (issue #40): security_auth.

#[allow(unused_imports)]
use crate::support::*;
