//! Structs read from a query's row column by column: the struct's fields name the columns, in
//! order, once, instead of a closure per query that counts them out again (`r.get(0)?`, ...).

/// A struct filled from a row's columns in the order of its fields (`row_struct!` writes it).
pub trait FromRow: Sized {
    /// Reads it from the row's columns `first`, `first + 1`, ... (it follows other columns).
    fn from_row_at(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Self>;

    /// Reads it from the row's first columns, as a `query_row` or `query_map` closure.
    fn from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Self::from_row_at(row, 0)
    }
}

/// Declares a struct as written (attributes, docs, derives kept) and its [`FromRow`]: field `n`
/// is read from column `first + n`, so the query selects the columns in the order of the fields.
macro_rules! row_struct {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $($(#[$field_meta:meta])* $field_vis:vis $field:ident: $type:ty),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $($(#[$field_meta])* $field_vis $field: $type),+
        }

        impl $crate::platform::rows::FromRow for $name {
            fn from_row_at(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Self> {
                // A struct expression evaluates its fields in the order written: the columns in turn.
                let mut column = first;
                let mut next = || {
                    column += 1;
                    column - 1
                };
                Ok(Self { $($field: row.get(next())?),+ })
            }
        }
    };
}
pub(crate) use row_struct;

#[cfg(test)]
mod tests {
    use super::FromRow;

    row_struct! {
        #[derive(Debug, PartialEq)]
        struct Pair {
            number: i64,
            text: String,
        }
    }

    #[test]
    fn fields_read_the_columns_in_order() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let first = conn.query_row("SELECT 1, 'one'", [], Pair::from_row).unwrap();
        assert_eq!(first, Pair { number: 1, text: "one".into() });
        let after = conn.query_row("SELECT 'other', 2, 'two'", [], |r| Pair::from_row_at(r, 1)).unwrap();
        assert_eq!(after, Pair { number: 2, text: "two".into() });
    }
}
