//! Every text of the schemes master, by code (see `crate::platform::error`).

crate::messages! {
    SCHEME_SAVED = "scheme_saved": "Scheme saved.";
    SCHEME_ENDED = "scheme_ended": "The scheme ends today: it no longer applies from tomorrow.";
    SCHEME_NOT_FOUND = "scheme_not_found": "The scheme was not found.";
    SCHEME_ALREADY_ENDED = "scheme_already_ended": "The scheme has already ended.";
    SCHEME_NAME_REQUIRED = "scheme_name_required": "Scheme Name is required.";
    SCHEME_NAME_TOO_LONG = "scheme_name_too_long": "Scheme Name is limited to a maximum of 200 characters.";
    /// Names are unique among the schemes not ended (an upload finds a scheme by its name).
    SCHEME_NAME_TAKEN = "scheme_name_taken": "A scheme with this name is already in force or planned.";
    SCHEME_KIND_UNKNOWN = "scheme_kind_unknown":
        "Kind must be one of free_every, free_slab, line_percent, line_flat, combo, order_percent, order_flat.";
    SCHEME_DATE_INVALID = "scheme_date_invalid": "{field} must be a date (YYYY-MM-DD).";
    SCHEME_END_BEFORE_START = "scheme_end_before_start": "Valid To must not be before Valid From.";
    SCHEME_PRIORITY_INVALID = "scheme_priority_invalid": "Priority must be a whole number from -1000 to 1000.";
    SCHEME_GROUP_TOO_LONG = "scheme_group_too_long": "Exclusive Group is limited to a maximum of 100 characters.";
    SCHEME_PRODUCTS_REQUIRED = "scheme_products_required": "This kind of scheme needs at least one product.";
    SCHEME_PRODUCT_TWICE = "scheme_product_twice": "Product {productId} is listed twice.";
    SCHEME_PRODUCT_NOT_FOUND = "scheme_product_not_found": "Product {product} does not exist.";
    SCHEME_SLABS_REQUIRED = "scheme_slabs_required": "This kind of scheme needs at least one slab.";
    SCHEME_TOO_MANY_SLABS = "scheme_too_many_slabs": "A scheme has at most {max} slabs.";
    SCHEME_SLAB_THRESHOLD_REQUIRED = "scheme_slab_threshold_required": "Slab {slab} needs its {field}.";
    SCHEME_SLAB_THRESHOLDS_MIXED = "scheme_slab_thresholds_mixed":
        "Every slab gives either Min Quantity or Min Value, the same for all slabs (slab {slab}).";
    SCHEME_SLABS_NOT_RISING = "scheme_slabs_not_rising": "Slab {slab} must start above the slab before it.";
    SCHEME_SLAB_REWARD_REQUIRED = "scheme_slab_reward_required": "Slab {slab} needs its {field}.";
    SCHEME_PERCENT_OUT_OF_RANGE = "scheme_percent_out_of_range": "Percent must be more than 0 and at most 100 % (slab {slab}).";
    SCHEME_QUANTITY_INVALID = "scheme_quantity_invalid": "{field} must be a whole number of pieces from 1 to 1,000,000.";
    SCHEME_AMOUNT_INVALID = "scheme_amount_invalid":
        "{field} must be an amount above 0 with at most two decimal places, within the company's maximum.";
    SCHEME_FIELD_UNUSED = "scheme_field_unused": "{field} is not used by this kind of scheme: leave it out.";
    SCHEME_EVERY_REQUIRED = "scheme_every_required": "Every is required: the pieces bought for each free lot.";
    SCHEME_FREE_QUANTITY_REQUIRED = "scheme_free_quantity_required": "Free Quantity is required.";
    SCHEME_COMPONENTS_REQUIRED = "scheme_components_required": "A combo needs at least two components.";
    SCHEME_COMBO_REWARD = "scheme_combo_reward":
        "A combo gives either free pieces (Free Product and Free Quantity) or a flat amount off, one of the two.";
    SCHEME_APPLIES_INVALID = "scheme_applies_invalid": "{field} lists an empty or too long value.";
    SCHEME_DISTRIBUTOR_NOT_FOUND = "scheme_distributor_not_found": "Distributor {distributorId} does not exist.";
    SCHEME_CUSTOMER_NOT_FOUND = "scheme_customer_not_found": "Customer {buyerId} does not exist.";
    /// Upload: a later row of a scheme gives one of the scheme's own fields otherwise.
    SCHEME_ROW_SCHEME_FIELD_DIFFERS = "scheme_row_scheme_field_differs": "{field} differs from the scheme's first row.";
}

/// No unique constraint of this area names a field (names are checked before writing).
pub const UNIQUE_FIELDS: &[crate::platform::error::UniqueField] = &[];
