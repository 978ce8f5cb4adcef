//! A column mapping (issue #50, CONTRACT "Uploads of real files"): someone else's export, such as
//! Tally's "Bills Receivable" (Date, Ref. No., Party's Name, Pending Amount, Due on), read as one of
//! our kinds by naming which of its headers stands for which of ours. It comes as the upload's
//! `mapping` form field (JSON `{"their header": "our header"}`) or the CLI's `--map "A=B,C=D"`.

use std::collections::HashMap;

use serde_json::json;

use super::messages::{MAPPING_INVALID, MAPPING_UNKNOWN_COLUMN};
use super::types::Column;
use crate::platform::error::{AppError, AppResult};

/// Entries one mapping may have, and the longest header either side (a sheet has at most a few
/// dozen columns).
const MAX_ENTRIES: usize = 100;
const MAX_HEADER: usize = 200;

/// A header as compared: case and spacing aside ("invoice  no" is "Invoice No").
pub fn header_key(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Their header (as `header_key`) -> the kind's column it stands for.
#[derive(Debug, Default, Clone)]
pub struct Mapping {
    columns: HashMap<String, &'static str>,
}

impl Mapping {
    /// The mapping of `pairs` (their header, our header) for a kind's `columns`: each of ours must
    /// be one of them, named once.
    pub fn of<'a>(columns: &[Column], pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> AppResult<Self> {
        let mut mapped = HashMap::new();
        for (theirs, ours) in pairs {
            if mapped.len() == MAX_ENTRIES || theirs.trim().is_empty() || theirs.len() > MAX_HEADER || ours.len() > MAX_HEADER {
                return Err(AppError::bad_request(MAPPING_INVALID));
            }
            let column = columns
                .iter()
                .find(|c| header_key(c.header) == header_key(ours))
                .ok_or_else(|| AppError::bad_request(MAPPING_UNKNOWN_COLUMN.with([("column", json!(ours.trim()))])))?;
            if mapped.values().any(|taken| *taken == column.header) {
                return Err(AppError::bad_request(MAPPING_INVALID));
            }
            mapped.insert(header_key(theirs), column.header);
        }
        Ok(Mapping { columns: mapped })
    }

    /// The upload's `mapping` field: a JSON object of text to text.
    pub fn from_json(columns: &[Column], text: &str) -> AppResult<Self> {
        let map: HashMap<String, String> = serde_json::from_str(text).map_err(|_| AppError::bad_request(MAPPING_INVALID))?;
        Self::of(columns, map.iter().map(|(a, b)| (a.as_str(), b.as_str())))
    }

    /// The CLI's `--map "Bill No=Invoice No,Party=Buyer ID"`.
    pub fn from_pairs(columns: &[Column], text: &str) -> AppResult<Self> {
        let pairs: Option<Vec<(&str, &str)>> = text.split(',').filter(|p| !p.trim().is_empty()).map(|p| p.split_once('=')).collect();
        Self::of(columns, pairs.ok_or_else(|| AppError::bad_request(MAPPING_INVALID))?)
    }

    /// The header a file's header cell stands for, as compared (`header_key`).
    pub fn key_of(&self, cell: &str) -> String {
        let key = header_key(cell);
        match self.columns.get(&key) {
            Some(ours) => header_key(ours),
            None => key,
        }
    }

    /// Whether a column of theirs was mapped onto `header` (a name column onto Buyer ID names the
    /// customer by its name).
    pub fn maps_onto(&self, header: &str) -> bool {
        self.columns.values().any(|ours| *ours == header)
    }
}

#[cfg(test)]
mod tests {
    use super::Mapping;
    use crate::uploads::kinds::INVOICE;

    #[test]
    fn a_tally_export_maps_onto_the_invoice_columns() {
        let map = Mapping::from_pairs(
            INVOICE.columns,
            "Ref. No.=Invoice No, Party's Name=Buyer ID,Date=Invoice Date,Pending Amount=amount,Due on=Due Date",
        )
        .expect("valid");
        assert_eq!(map.key_of("  ref.  no. "), "invoice no");
        assert_eq!(map.key_of("Party's Name"), "buyer id");
        assert_eq!(map.key_of("Pending Amount"), "amount");
        assert_eq!(map.key_of("Something Else"), "something else");
        assert!(map.maps_onto("Buyer ID"));
        assert!(!map.maps_onto("Distributor Name"));
    }

    #[test]
    fn a_mapping_onto_no_column_or_twice_onto_one_is_refused() {
        let code = |text: &str| Mapping::from_pairs(INVOICE.columns, text).err().map(|e| e.to_string());
        assert!(code("Bill=Bill No").is_some_and(|m| m.contains("Bill No")));
        assert!(code("A=Amount,B=Amount").is_some());
        assert!(code("no equals sign").is_some());
        assert!(Mapping::from_json(INVOICE.columns, "[1,2]").is_err());
        assert!(Mapping::from_json(INVOICE.columns, r#"{"Bill No": "Invoice No"}"#).is_ok());
    }
}
