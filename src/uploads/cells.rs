//! Upload cells read as people type them (issue #50, CONTRACT "Uploads of real files"): dates in
//! ISO form and the Indian forms (22/11/2026, 22-11-2026, 22.11.2026, 22-Nov-2026, 22-नव॰-2026,
//! long month names too), numbers with Indian or western grouping (1,00,000.50, 100,000.50), money
//! after a `₹`, `Rs.` or `INR`. Each reader gives the one form the rows keep (YYYY-MM-DD, plain
//! decimal text), or the problem with its code, never a guess: a day-first locale reads 03/04 as
//! the 3rd of April, a two-digit year or a month of 13 is refused.

use chrono::NaiveDate;
use serde_json::json;

use super::messages::{AMOUNT_TOO_PRECISE, DATE_IMPOSSIBLE, MONTH_UNKNOWN, NOT_A_DATE, NOT_A_NUMBER};
use crate::platform::error::Problem;
use crate::platform::money::{Money, Unread};

/// Month names the date reader knows, January first: English short and long, Hindi short (as the
/// screens show them, `formats`) and long, in both common spellings. Compared after `fold`.
const MONTH_NAMES: [&[&str]; 12] = [
    &["jan", "january", "जन", "जनवरी"],
    &["feb", "february", "फर", "फरवरी"],
    &["mar", "march", "मार्च"],
    &["apr", "april", "अप्रैल", "अप्रेल"],
    &["may", "मई"],
    &["jun", "june", "जून"],
    &["jul", "july", "जुल", "जुलाई"],
    &["aug", "august", "अग", "अगस्त"],
    &["sep", "sept", "september", "सित", "सितंबर", "सितम्बर"],
    &["oct", "october", "अक्टू", "अक्टूबर"],
    &["nov", "november", "नव", "नवंबर", "नवम्बर"],
    &["dec", "december", "दिस", "दिसंबर", "दिसम्बर"],
];

/// A month name in lower case without the abbreviation marks (`.`, the Devanagari `॰`) and the
/// nukta (फ़र॰ and फर are one month).
fn fold(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '.' | '॰' | '\u{093C}')).flat_map(char::to_lowercase).collect()
}

fn month_named(name: &str) -> Option<u32> {
    let folded = fold(name);
    MONTH_NAMES.iter().position(|names| names.contains(&folded.as_str())).map(|i| i as u32 + 1)
}

fn digits(text: &str, len: std::ops::RangeInclusive<usize>) -> Option<u32> {
    (len.contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// A date cell of `column`.
pub fn date(column: &str, value: &str) -> Result<NaiveDate, Problem> {
    let value = value.trim();
    let unreadable = || NOT_A_DATE.with([("column", json!(column))]);
    let parts: Vec<&str> = value.split(['/', '-', '.', ' ']).collect();
    let [a, b, c] = parts[..] else { return Err(unreadable()) };
    // The separators must agree (22/11-2026 is no form anyone types).
    let separators: Vec<char> = value.chars().filter(|ch| matches!(ch, '/' | '-' | '.' | ' ')).collect();
    if separators.len() != 2 || separators[0] != separators[1] {
        return Err(unreadable());
    }
    // A two-digit year only after a month's name (Tally's 22-Nov-26): 22/11/26 stays ambiguous.
    let year_of_two = || digits(c, 2..=2).filter(|_| b.chars().any(char::is_alphabetic)).map(|y| 2000 + y);
    let (year, month, day) = match (digits(a, 4..=4), digits(c, 4..=4).or_else(year_of_two)) {
        (Some(year), None) => (year, digits(b, 1..=2).ok_or_else(unreadable)?, digits(c, 1..=2).ok_or_else(unreadable)?),
        (None, Some(year)) => {
            let month = match digits(b, 1..=2) {
                Some(month) => month,
                None if b.chars().any(char::is_alphabetic) => {
                    month_named(b).ok_or_else(|| MONTH_UNKNOWN.with([("column", json!(column)), ("month", json!(b))]))?
                }
                None => return Err(unreadable()),
            };
            (year, month, digits(a, 1..=2).ok_or_else(unreadable)?)
        }
        _ => return Err(unreadable()),
    };
    NaiveDate::from_ymd_opt(year as i32, month, day)
        .filter(|d| crate::clock::parse_date(&d.format("%Y-%m-%d").to_string()).is_some())
        .ok_or_else(|| DATE_IMPOSSIBLE.with([("column", json!(column)), ("value", json!(value))]))
}

/// A number cell of `column` as plain decimal text ("-100000.5"): grouping is Indian (1,00,000)
/// or western (100,000), never a mix. A `money` column is read as people type amounts
/// ([`Money::read_typed`]: a currency mark, at most two decimals that are not zero; 99.999 is
/// refused, not rounded), and may end with an accounting export's Dr (owed to us) or Cr (owed by
/// us: negative).
pub fn number(column: &str, value: &str, money: bool) -> Result<String, Problem> {
    let unreadable = || NOT_A_NUMBER.with([("column", json!(column))]);
    let text = value.trim();
    if money {
        let lower = text.to_ascii_lowercase();
        let credit = lower.ends_with("cr");
        let text = if credit || lower.ends_with("dr") { text[..text.len() - 2].trim_end() } else { text };
        let amount = Money::read_typed(text).map_err(|unread| match unread {
            Unread::NotAnAmount => unreadable(),
            Unread::TooPrecise => AMOUNT_TOO_PRECISE.with([("column", json!(column)), ("value", json!(value.trim()))]),
        })?;
        // A credit is negative; a credit of a negative amount is two minus signs: unreadable.
        return match (credit, amount < Money::ZERO) {
            (true, true) => Err(unreadable()),
            (true, false) => Ok(Money::from_paise(-amount.paise()).plain()),
            (false, _) => Ok(amount.plain()),
        };
    }
    let (negative, unsigned) = text.strip_prefix('-').map_or((false, text), |rest| (true, rest));
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let whole = crate::platform::money::ungrouped(whole).filter(|w| !w.is_empty()).ok_or_else(unreadable)?;
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unreadable());
    }
    let sign = if negative { "-" } else { "" };
    let plain = if fraction.is_empty() { format!("{sign}{whole}") } else { format!("{sign}{whole}.{fraction}") };
    // 15 digits before the point, as a number cell holds exactly.
    if whole.len() > 15 || plain.parse::<f64>().map_or(true, |x| !x.is_finite()) {
        return Err(unreadable());
    }
    Ok(plain)
}

#[cfg(test)]
mod tests {
    use super::{date, number};

    fn day(value: &str) -> Result<String, &'static str> {
        date("Invoice Date", value).map(|d| d.format("%Y-%m-%d").to_string()).map_err(|p| p.code)
    }

    #[test]
    fn dates_in_every_form_people_type() {
        for typed in [
            "2026-11-22",
            "2026-11-5",
            "22/11/2026",
            "22-11-2026",
            "22.11.2026",
            "22-Nov-2026",
            "22-nov-2026",
            "22 November 2026",
            "22-नव॰-2026",
            "22-नवंबर-2026",
            "22-नवम्बर-2026",
            " 22/11/2026 ",
        ] {
            let expected = if typed == "2026-11-5" { "2026-11-05" } else { "2026-11-22" };
            assert_eq!(day(typed), Ok(expected.to_string()), "{typed}");
        }
        assert_eq!(day("5/2/2026"), Ok("2026-02-05".into()), "day first, as India writes it");
        assert_eq!(day("01-फ़र॰-2026"), Ok("2026-02-01".into()));
        assert_eq!(day("01-फर-2026"), Ok("2026-02-01".into()));
        assert_eq!(day("1-Apr-26"), Ok("2026-04-01".into()), "Tally's form");
    }

    #[test]
    fn dates_that_are_not_read_say_why() {
        assert_eq!(day("31/02/2026"), Err("upload_date_impossible"));
        assert_eq!(day("11/22/2026"), Err("upload_date_impossible"), "no month 22: never read month first");
        assert_eq!(day("22-Novembre-2026"), Err("upload_month_unknown"));
        for typed in ["22/11/26", "22-Nov-026", "22/11-2026", "tomorrow", "2026/11", "22112026", "", "22--2026"] {
            assert_eq!(day(typed), Err("upload_cell_not_a_date"), "{typed:?}");
        }
    }

    fn amount(value: &str) -> Result<String, &'static str> {
        number("Amount", value, true).map_err(|p| p.code)
    }

    #[test]
    fn amounts_with_grouping_and_currency() {
        for (typed, plain) in [
            ("1,00,000.50", "100000.5"),
            ("100,000.50", "100000.5"),
            ("12,34,56,789", "123456789"),
            ("1,234,567.25", "1234567.25"),
            ("Rs. 1,200", "1200"),
            ("rs 1200", "1200"),
            ("₹ 12,500.75", "12500.75"),
            ("₹12500.75", "12500.75"),
            ("INR 500", "500"),
            ("-₹5.50", "-5.5"),
            ("₹-5.50", "-5.5"),
            ("12.500", "12.5"),
            ("  42 ", "42"),
            ("12,500.50 Dr", "12500.5"),
            ("1,200.00 Cr", "-1200"),
            ("999", "999"),
        ] {
            assert_eq!(amount(typed), Ok(plain.to_string()), "{typed}");
        }
    }

    #[test]
    fn amounts_refused_with_their_code() {
        assert_eq!(amount("99.999"), Err("amount_too_precise"));
        assert_eq!(amount("0.001"), Err("amount_too_precise"));
        for typed in ["12,50,0", "1,0000", ",100", "1,00,0000", "abc", "₹", "1.2.3", "12 500", "--5", "1e5", "Rs. ₹5", "-5 Cr", "Dr"] {
            assert_eq!(amount(typed), Err("upload_cell_not_a_number"), "{typed:?}");
        }
    }

    #[test]
    fn plain_numbers_take_grouping_but_no_currency() {
        assert_eq!(number("Quantity", "1,000", false).map_err(|p| p.code), Ok("1000".into()));
        assert_eq!(number("Latitude", "12.971599", false).map_err(|p| p.code), Ok("12.971599".into()));
        assert_eq!(number("Quantity", "₹5", false).map_err(|p| p.code), Err("upload_cell_not_a_number"));
    }
}
