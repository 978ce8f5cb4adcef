//! Every text of the product catalogue, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    PRODUCT_SAVED = "product_saved": "Product saved.";
    PRODUCT_NOT_FOUND = "product_not_found": "The product was not found.";
    PRODUCT_NAME_REQUIRED = "product_name_required": "Product Name is required";
    PRODUCT_NAME_TOO_LONG = "product_name_too_long": "Product Name is limited to a maximum of 200 characters.";
    PRODUCT_SKU_TOO_LONG = "product_sku_too_long": "SKU is limited to a maximum of 64 characters.";
    PRODUCT_CATEGORY_TOO_LONG = "product_category_too_long": "Category is limited to a maximum of 100 characters.";
    PRODUCT_PRICE_OUT_OF_RANGE = "product_price_out_of_range": "Price must be an amount of 0 or more, with at most two decimal places.";
    PRODUCT_PACK_SIZE_INVALID = "product_pack_size_invalid": "Pack Size must be a whole number of units, 1 or more.";
    PRODUCT_NAME_TAKEN = "product_name_taken": "A product with this name already exists.";
}

/// The unique constraints of the catalogue that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[UniqueField { column: "products.name", field: "productName", msg: PRODUCT_NAME_TAKEN }];
