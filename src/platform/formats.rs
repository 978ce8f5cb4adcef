//! The company's formats on the server (issue #42): what the mails and workbooks show, from the
//! company's locale (`FIELDSALES_LOCALE`) and currency (`FIELDSALES_CURRENCY`), as the screens'
//! `frontend/src/lib/format.js` shows them through Intl: dates in the spec's dd-MMM-yyyy with the
//! month's short name in the locale's language (27-Nov-2026, 27-नव॰-2026), money with the
//! currency's symbol and the locale's grouping (₹1,00,000.00 for India), and the Excel number
//! formats that show the same in a workbook while the cells stay dates and numbers.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};

use crate::platform::money::Money;

/// Short month names as Intl (CLDR) gives them: English as `en` (three letters), Hindi as `hi`.
const MONTHS_EN: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_HI: [&str; 12] = ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्टू॰", "नव॰", "दिस॰"];

/// The formats of a company locale and currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formats {
    /// `hi` for Hindi texts, else English.
    hindi: bool,
    /// Indian digit grouping (1,00,000): a locale of India, or Hindi.
    indian: bool,
    /// What money starts with: "₹", "$", or the ISO code and a space ("NPR ").
    symbol: String,
}

impl Default for Formats {
    fn default() -> Self {
        Formats::of(crate::platform::config::DEFAULT_LOCALE, crate::platform::config::DEFAULT_CURRENCY)
    }
}

impl Formats {
    /// The formats of `locale` (`en-IN`, `hi-IN`, `en`) and `currency` (an ISO 4217 code).
    pub fn of(locale: &str, currency: &str) -> Self {
        let mut parts = locale.split(['-', '_']);
        let language = parts.next().unwrap_or_default().to_ascii_lowercase();
        let region = parts.next().unwrap_or_default().to_ascii_uppercase();
        let hindi = language == "hi";
        let symbol = match currency.to_ascii_uppercase().as_str() {
            "INR" => "₹".to_string(),
            "USD" => "$".to_string(),
            "EUR" => "€".to_string(),
            "GBP" => "£".to_string(),
            other => format!("{other} "),
        };
        Formats { hindi, indian: hindi || region == "IN", symbol }
    }

    /// The company's formats (`FIELDSALES_LOCALE`, `FIELDSALES_CURRENCY`).
    pub fn of_config(config: &crate::platform::config::Config) -> Self {
        Formats::of(&config.locale, &config.currency)
    }

    /// Whether texts (mails to distributors, workbook headers) go in Hindi.
    pub fn hindi(&self) -> bool {
        self.hindi
    }

    /// A calendar day in the spec's form: 27-Nov-2026 (Hindi: 27-नव॰-2026).
    pub fn date(&self, day: NaiveDate) -> String {
        let months = if self.hindi { &MONTHS_HI } else { &MONTHS_EN };
        format!("{:02}-{}-{}", day.day(), months[day.month0() as usize], day.year())
    }

    /// A 'YYYY-MM-DD' text as `date`; other text stays as it is.
    pub fn date_text(&self, text: &str) -> String {
        parse_date(text).map(|d| self.date(d)).unwrap_or_else(|| text.to_string())
    }

    /// An amount with the currency and the locale's grouping: ₹1,00,000.00, -₹5.50.
    pub fn money(&self, amount: Money) -> String {
        let paise = amount.paise();
        let sign = if paise < 0 { "-" } else { "" };
        let abs = paise.unsigned_abs();
        format!("{sign}{}{}.{:02}", self.symbol, self.group(abs / 100), abs % 100)
    }

    /// Whole units grouped: 1,00,000 (Indian) or 100,000.
    fn group(&self, units: u64) -> String {
        let digits = units.to_string();
        let (head, last3) = digits.split_at(digits.len().saturating_sub(3));
        if head.is_empty() {
            return last3.to_string();
        }
        let size = if self.indian { 2 } else { 3 };
        let mut groups: Vec<&str> = Vec::new();
        let mut end = head.len();
        while end > 0 {
            let start = end.saturating_sub(size);
            groups.push(&head[start..end]);
            end = start;
        }
        groups.reverse();
        format!("{},{last3}", groups.join(","))
    }

    /// The Excel number format of a money cell: the currency and the locale's grouping. Excel's
    /// `#,##0` groups by threes whatever the commas' places, so Indian grouping is written out with
    /// literal commas per size (a crore and a lakh as conditions); amounts below -1,00,000 fall to
    /// the last section and group by threes.
    pub fn excel_money(&self) -> String {
        let symbol = format!("\"{}\"", self.symbol);
        if self.indian {
            format!(r#"[>=10000000]{symbol}#\,##\,##\,##0.00;[>=100000]{symbol}#\,##\,##0.00;{symbol}#,##0.00"#)
        } else {
            format!("{symbol}#,##0.00;-{symbol}#,##0.00")
        }
    }

    /// The Excel number format of a date cell: the spec's dd-MMM-yyyy, with Hindi month names for a
    /// Hindi company (locale 0x439, hi-IN).
    pub fn excel_date(&self) -> &'static str {
        if self.hindi {
            "[$-439]dd-mmm-yyyy"
        } else {
            "dd-mmm-yyyy"
        }
    }

    /// The Excel number format of a date-time cell (the date's, then the time to the second).
    pub fn excel_datetime(&self) -> &'static str {
        if self.hindi {
            "[$-439]dd-mmm-yyyy hh:mm:ss"
        } else {
            "dd-mmm-yyyy hh:mm:ss"
        }
    }
}

/// 'YYYY-MM-DD' exactly.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> { text.get(r)?.parse().ok().filter(|_| text.is_ascii()) };
    NaiveDate::from_ymd_opt(num(0..4)? as i32, num(5..7)?, num(8..10)?)
}

/// 'HH:MM' or 'HH:MM:SS'.
pub fn parse_time(text: &str) -> Option<NaiveTime> {
    match text.len() {
        5 => NaiveTime::parse_from_str(text, "%H:%M").ok(),
        8 => NaiveTime::parse_from_str(text, "%H:%M:%S").ok(),
        _ => None,
    }
}

/// 'YYYY-MM-DD HH:MM[:SS]' (or with a 'T').
pub fn parse_datetime(text: &str) -> Option<NaiveDateTime> {
    let (date, time) = (text.get(..10)?, text.get(11..)?);
    if !matches!(text.as_bytes().get(10), Some(b' ' | b'T')) {
        return None;
    }
    Some(parse_date(date)?.and_time(parse_time(time)?))
}

/// Excel's serial number of a day: days since 30-Dec-1899 (the 1900 date system).
pub fn excel_day(day: NaiveDate) -> f64 {
    (day - EXCEL_EPOCH).num_days() as f64
}

/// Day 0 of Excel's 1900 date system, checked when the program is compiled.
const EXCEL_EPOCH: NaiveDate = match NaiveDate::from_ymd_opt(1899, 12, 30) {
    Some(day) => day,
    None => panic!("30-Dec-1899 is a date"),
};

/// Excel's serial number of a time of day: its fraction of the day.
pub fn excel_time(time: NaiveTime) -> f64 {
    time.num_seconds_from_midnight() as f64 / 86_400.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_and_dates_in_the_companys_forms() {
        let india = Formats::default();
        assert_eq!(india.money(Money::from_paise(10_000_000)), "₹1,00,000.00");
        assert_eq!(india.money(Money::from_paise(123_456_789_012)), "₹1,23,45,67,890.12");
        assert_eq!(india.money(Money::from_paise(-550)), "-₹5.50");
        assert_eq!(india.money(Money::from_paise(99_900)), "₹999.00");
        assert_eq!(Formats::of("en", "USD").money(Money::from_paise(10_000_000)), "$100,000.00");
        assert_eq!(Formats::of("en-GB", "NPR").money(Money::from_paise(123_456_700)), "NPR 1,234,567.00");
        assert_eq!(Formats::of("hi-IN", "INR").money(Money::from_paise(10_000_000)), "₹1,00,000.00");
        let day = NaiveDate::from_ymd_opt(2026, 11, 7).unwrap();
        assert_eq!(india.date(day), "07-Nov-2026");
        assert_eq!(Formats::of("hi-IN", "INR").date(day), "07-नव॰-2026");
        assert_eq!(india.date_text("2026-09-30"), "30-Sep-2026");
        assert_eq!(india.date_text("soon"), "soon");
    }

    #[test]
    fn parsing_and_excel_serials() {
        assert_eq!(parse_date("2026-11-27"), NaiveDate::from_ymd_opt(2026, 11, 27));
        for bad in ["2026-11-31", "2026-1-27", "27-11-2026", "२०२६-११-२७", ""] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        assert_eq!(parse_time("14:05").map(excel_time), Some((14.0 * 60.0 + 5.0) / 1440.0));
        assert!(parse_datetime("2026-11-27 14:05:09").is_some());
        assert!(parse_datetime("2026-11-27T14:05").is_some());
        assert_eq!(parse_datetime("2026-11-27x14:05"), None);
        // Excel's own serial of 1-Jan-2026.
        assert_eq!(excel_day(NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()), 46023.0);
    }
}
