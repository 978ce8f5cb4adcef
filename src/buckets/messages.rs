//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    /// `{bucket}`: the bucket name asked for.
    BUCKET_NOT_FOUND = "bucket_not_found": "There is no bucket named {bucket}.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
