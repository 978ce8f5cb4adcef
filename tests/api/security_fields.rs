//! Security, second round (issue #40): security_fields.

#[allow(unused_imports)]
use crate::support::*;
