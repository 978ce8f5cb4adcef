//! Security, second round (issue #40): security_files.

#[allow(unused_imports)]
use crate::support::*;
