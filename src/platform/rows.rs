//! Structs read from a query's row column by column: the struct's fields name the columns, in
//! order, once, instead of a closure per query that counts them out again (`r.get(0)?`, ...);
//! and many rows written by one statement ([`ManyRows`]).

use std::sync::OnceLock;

use rusqlite::{Connection, ToSql};

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

/// The most rows one statement of a [`ManyRows`] inserts: one cached statement per count up to it.
const ROWS_PER_STATEMENT: usize = 16;

/// An `INSERT ... VALUES (...), (...)` of several rows at once, their values bound by position.
/// One statement for many rows, not one per row: in a transaction with foreign keys on, each
/// statement that may abort copies every page it changes into a statement journal first, so
/// per-row statements copied the same pages over and over. Bound values, not a JSON array read
/// back with `json_each`: `->>` parses each row's text again for each of its fields (a sixth of the
/// group-commit writer's time per booking of 10 lines of 13 values). Numbered, not named:
/// SQLite finds a named parameter by walking the statement's names, for each of hundreds.
pub struct ManyRows {
    /// The statement up to its `VALUES`: the table and its columns.
    head: &'static str,
    /// One row's values: `?1` to `?shared` are bound once for all the rows, each `#` is the row's
    /// next value.
    row: &'static str,
    shared: usize,
    /// The statement of `n` rows at `n - 1`, written once.
    sql: OnceLock<Vec<String>>,
}

impl ManyRows {
    pub const fn new(head: &'static str, row: &'static str, shared: usize) -> Self {
        ManyRows { head, row, shared, sql: OnceLock::new() }
    }

    /// The statement of `n` rows (1 to `ROWS_PER_STATEMENT`).
    fn sql(&self, n: usize) -> &str {
        let all = self.sql.get_or_init(|| {
            let width = self.row.matches('#').count();
            (1..=ROWS_PER_STATEMENT)
                .map(|n| {
                    let rows: Vec<String> = (0..n)
                        .map(|i| {
                            let mut value = self.shared + i * width;
                            self.row
                                .split('#')
                                .enumerate()
                                .map(|(k, piece)| match k {
                                    0 => piece.to_string(),
                                    _ => {
                                        value += 1;
                                        format!("?{value}{piece}")
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    format!("{} {}", self.head, rows.join(", "))
                })
                .collect()
        });
        &all[n.clamp(1, ROWS_PER_STATEMENT) - 1]
    }

    /// Inserts `rows`, in their order, each after the `shared` values. Values that do not fit the
    /// row's shape (`shared` of them, then one for each `#`) are refused before anything is
    /// written, rather than bound to the wrong columns.
    pub fn insert<const W: usize>(&self, tx: &Connection, shared: &[&dyn ToSql], rows: &[[&dyn ToSql; W]]) -> rusqlite::Result<()> {
        let width = self.row.matches('#').count();
        if shared.len() != self.shared || W != width {
            return Err(rusqlite::Error::InvalidParameterCount(shared.len() + W, self.shared + width));
        }
        for chunk in rows.chunks(ROWS_PER_STATEMENT) {
            let mut insert = tx.prepare_cached(self.sql(chunk.len()))?;
            for (i, value) in shared.iter().enumerate() {
                insert.raw_bind_parameter(1 + i, value)?;
            }
            for (i, row) in chunk.iter().enumerate() {
                for (k, value) in row.iter().enumerate() {
                    insert.raw_bind_parameter(1 + self.shared + i * W + k, value)?;
                }
            }
            insert.raw_execute()?;
        }
        Ok(())
    }
}

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

    #[test]
    fn many_rows_go_in_in_their_order_in_statements_of_sixteen() {
        static PAIRS: super::ManyRows = super::ManyRows::new("INSERT INTO t (tag, n, word, kind) VALUES", "(?1, #, #, 'x')", 1);
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (id INTEGER PRIMARY KEY, tag TEXT, n INTEGER, word TEXT, kind TEXT)").unwrap();
        let numbers: Vec<i64> = (0..20).map(|n| n * 10).collect();
        let words: Vec<String> = (0..20).map(|n| format!("w{n}")).collect();
        let rows: Vec<[&dyn rusqlite::ToSql; 2]> = numbers.iter().zip(&words).map(|(n, w)| [n as &dyn rusqlite::ToSql, w]).collect();
        PAIRS.insert(&conn, &[&"a"], &rows).unwrap();
        let read: Vec<(String, i64, String, String)> = conn
            .prepare("SELECT tag, n, word, kind FROM t ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(read.len(), 20);
        for (n, (tag, value, word, kind)) in read.into_iter().enumerate() {
            assert_eq!((tag.as_str(), value, word, kind.as_str()), ("a", n as i64 * 10, format!("w{n}"), "x"));
        }
        assert_eq!(PAIRS.sql(2), "INSERT INTO t (tag, n, word, kind) VALUES (?1, ?2, ?3, 'x'), (?1, ?4, ?5, 'x')");
        // Values of another shape are refused, and nothing is written.
        assert!(PAIRS.insert(&conn, &[], &rows).is_err());
        let narrow: Vec<[&dyn rusqlite::ToSql; 1]> = numbers.iter().map(|n| [n as &dyn rusqlite::ToSql]).collect();
        assert!(PAIRS.insert(&conn, &[&"a"], &narrow).is_err());
        assert_eq!(conn.query_row("SELECT COUNT(*) FROM t", [], |r| r.get::<_, i64>(0)).unwrap(), 20);
    }
}
