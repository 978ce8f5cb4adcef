//! The outcome master's request and answer bodies, and the cache of the live list.

use std::sync::{Arc, RwLock};

use serde::{Deserialize, Serialize};

use crate::platform::lenient;
use crate::platform::rows::row_struct;

row_struct! {
    #[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Outcome {
        pub out_come_id: i64,
        pub out_come: String,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveOutcome {
    pub out_come_id: lenient::Int,
    pub out_come: Option<String>,
}

crate::masters::queries::saved_answer!(
    /// The answer of a save, with the id of the new or updated outcome.
    OutcomeSaved,
    out_come_id
);

/// The cached live outcomes.
#[derive(Default)]
pub struct Cache(RwLock<Option<Arc<Vec<Outcome>>>>);

impl Cache {
    pub(crate) fn get(&self) -> Option<Arc<Vec<Outcome>>> {
        self.0.read().ok()?.clone()
    }
    pub(crate) fn put(&self, list: Arc<Vec<Outcome>>) {
        if let Ok(mut slot) = self.0.write() {
            *slot = Some(list);
        }
    }
    pub(crate) fn clear(&self) {
        if let Ok(mut slot) = self.0.write() {
            *slot = None;
        }
    }
}
