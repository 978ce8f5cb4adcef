//! Every text this area sends, by code (see `crate::error`).

use crate::error::UniqueField;

crate::messages! {}

/// The unique constraints of this area that name a field the user typed (see `crate::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
