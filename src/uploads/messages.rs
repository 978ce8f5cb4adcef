//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.
//! The reasons a row was rejected are written into the result workbook and listed in the answer
//! with their code and parameters (the screen words them in the user's language); they are file
//! contents, not errors of the call.

use crate::platform::error::UniqueField;

crate::messages! {
    UNREADABLE = "upload_not_a_workbook": "The file is not a readable .xlsx workbook.";
    TOO_LARGE = "upload_too_large_unpacked": "The workbook is too large once unpacked (limit 256 MB).";
    COMPRESSED_SUSPICIOUSLY = "upload_compressed_suspiciously": "The workbook is compressed suspiciously well (a zip bomb?) and was refused.";
    PART_SIZE_MISMATCH = "upload_part_size_mismatch": "A part of the workbook does not unpack to the size it declares (a zip bomb?) and was refused.";
    /// `{max}`: the number of columns read.
    TOO_MANY_COLUMNS = "upload_too_many_columns": "The sheet has cells beyond column {max}; only the listed columns are read.";
    /// `{max}`: the most rows an upload may have.
    TOO_MANY_ROWS = "upload_too_many_rows": "An upload may have at most {max} rows.";
    /// `{max}`: Excel's limit of a cell, in characters.
    TEXT_TOO_LONG = "upload_text_too_long": "The workbook holds a text longer than a cell may be ({max} characters) and was refused unread.";
    /// `{row}`: the row number in the sheet.
    CELL_TOO_LONG = "upload_cell_too_long": "Row {row}: a cell is longer than 32,767 characters.";
    /// `{columns}`: the kind's column headers, comma-separated.
    BAD_HEADER = "upload_bad_header": "The first row must be the header: {columns}. Download the 'Upload File Format' sample to see it.";
    SHEET_EMPTY = "upload_sheet_empty": "The sheet is empty.";
    NO_ROWS = "upload_no_rows": "The sheet has a header but no rows.";
    INFO_TYPE_REQUIRED = "upload_info_type_required": "Info Type is required.";
    XLSX_ONLY = "upload_xlsx_only": "Only .xlsx files can be uploaded.";
    FILE_REQUIRED = "upload_file_required": "Please choose an .xlsx file to upload.";
    SAMPLE_NOT_FOUND = "upload_sample_not_found": "There is no such sample file.";
    CUSTOMERS_DOWNLOADED = "upload_customers_downloaded": "Downloaded Successful";
    /// Row reasons. `{column}`: the column's header.
    CELL_REQUIRED = "upload_cell_required": "{column} is required";
    NOT_A_NUMBER = "upload_cell_not_a_number": "{column} must be a number, such as 1200, 1,00,000.50 or ₹ 12,500.75";
    /// `{value}`: the cell as typed.
    AMOUNT_TOO_PRECISE = "amount_too_precise": "{column} has more than two decimals ({value}): amounts are kept to the paisa";
    NOT_A_DATE = "upload_cell_not_a_date": "{column} must be a date: 22/11/2026, 22-11-2026, 22.11.2026, 22-Nov-2026 or 2026-11-22";
    /// `{value}`: the cell as typed.
    DATE_IMPOSSIBLE = "upload_date_impossible": "{column}: {value} is not a day of the calendar";
    /// `{month}`: the word typed where the month goes.
    MONTH_UNKNOWN = "upload_month_unknown": "{column}: {month} is not the name of a month";
    NOT_A_MOBILE = "upload_cell_not_a_mobile": "{column} must have 10 or 11 digits";
    NOT_AN_EMAIL = "upload_cell_not_an_email": "{column} is not a valid email";
    MAPPING_INVALID = "upload_mapping_invalid": "The column mapping must name each of their headers once, as {\"their header\": \"our header\"}.";
    /// `{column}`: a header the mapping maps onto.
    MAPPING_UNKNOWN_COLUMN = "upload_mapping_unknown_column": "{column} is not a column of this upload.";
    /// `{name}`: the name in the column mapped onto Buyer ID.
    CUSTOMER_NAME_NOT_FOUND = "customer_name_not_found": "No customer of yours has the Buyer ID or the name {name}";
    CUSTOMER_NAME_AMBIGUOUS = "customer_name_ambiguous": "Several of your customers are named {name}: give their Buyer ID";
    /// `{row}`: the last row applied; `{applied}`: the rows applied; `{reason}`: why it stopped.
    UPLOAD_STOPPED = "upload_stopped": "The upload stopped after row {row} ({applied} rows applied): {reason} Fix the file and upload it again: rows already in are updated, not repeated.";
    UPLOAD_CANCELLED = "upload_cancelled": "The upload was cancelled.";
    UPLOAD_INTERRUPTED = "upload_interrupted": "The server stopped during the upload.";
    NO_SUCH_KIND = "upload_kind_unknown": "There is no such kind of upload.";
    /// The database refused the row's write: `{reason}` is its English text.
    ROW_REJECTED = "upload_row_rejected": "{reason}";
    /// `{name}`: the country typed.
    UNKNOWN_COUNTRY = "upload_unknown_country": "Unknown country {name}";
    /// `{email}`: the agent's email typed (an agent outside the uploader's team is as unknown).
    UNKNOWN_AGENT = "upload_unknown_agent": "Unknown agent {email}";
    /// `{buyerId}`: the Buyer ID typed (a customer outside the uploader's scope is as unknown).
    UNKNOWN_CUSTOMER = "upload_unknown_customer": "Unknown customer {buyerId}";
    /// `{name}`: the distributor typed.
    UNKNOWN_DISTRIBUTOR = "upload_unknown_distributor": "Unknown distributor {name}";
    /// `{column}`: the key's header (Buyer ID, Order ID, Invoice No); `{value}`: the key.
    TAKEN_OUTSIDE = "upload_key_taken_outside": "{column} {value} is already used outside your area";
    /// `{value}`: the cell as typed.
    RETAILER_TYPE = "upload_retailer_type": "Retailer Type must be Retailer or Wholesaler, not {value}";
    CUSTOMER_IN_USE = "upload_customer_in_use": "The customer has visits, orders or deliveries and cannot be deleted";
    /// `{value}`: the cell as typed.
    ACTIVE_YES_NO = "upload_active_yes_no": "Active must be yes or no, not {value}";
    PACK_SIZE_WHOLE = "upload_pack_size_whole": "Pack Size must be a whole number of units, 1 or more";
    /// `{column}`: the amount's header.
    AMOUNT_TWO_PLACES = "upload_amount_two_places": "{column} must be an amount with at most two decimal places";
    /// `{column}`: the amount's header.
    AMOUNT_NEGATIVE = "upload_amount_negative": "{column} must not be negative";
    ORDER_LINE_BOOKED = "upload_order_line_booked": "This order line belongs to an order booked in the app and cannot be replaced";
    /// `{name}`: the sub info type typed.
    SUB_INFO_EXISTS = "upload_sub_info_exists": "{name} already exists";
    SEQUENCE_WHOLE = "upload_sequence_whole": "Sequence must be a whole number from 1";
    /// `{weekdays}`: the first row's weekdays, comma-separated.
    WEEKDAYS_DIFFER = "upload_weekdays_differ": "Weekdays differ from this beat's first row ({weekdays})";
    /// `{buyerId}`: the customer listed twice.
    CUSTOMER_TWICE_IN_BEAT = "upload_customer_twice_in_beat": "Customer {buyerId} is listed twice in this beat";
    DUE_BEFORE_INVOICE = "upload_due_before_invoice": "Due Date must not be before Invoice Date";
    SCHEME_ROWS_TOGETHER = "upload_scheme_rows_together": "A scheme's rows are applied together";
    /// `{value}`: the cell as typed.
    MONTH_FORMAT = "upload_month_format": "Month must be written YYYY-MM, not {value}";
    /// `{value}`: the cell as typed.
    MEASURE_UNKNOWN = "upload_measure_unknown": "Measure must be sales_value, productive_calls, lines_per_call, visits, new_outlets or collections, not {value}";
    TARGET_INVALID = "upload_target_invalid": "Target must be 0 or more: whole for a count, with at most two decimal places for an amount or lines per call";
    /// Kinds whose rows make one record together (a scheme's slabs): `{name}` the record's key.
    GROUP_ROWS_APART = "upload_group_rows_apart": "The rows of {name} must follow one another: it was already given above.";
    /// `{row}`: the row at fault; `{reason}`: its reason in English.
    GROUP_REJECTED = "upload_group_rejected": "Rejected with row {row} of the same scheme: {reason}";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
