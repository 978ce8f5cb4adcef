//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    // The user master.
    USER_OUTSIDE_SCOPE = "user_outside_scope": "You can only manage users below your own user type in your own team.";
    USER_TYPE_REQUIRED = "user_type_required": "User Type is Required";
    USER_EMAIL_REQUIRED = "user_email_required": "Email is Required";
    USER_EMAIL_INVALID = "user_email_invalid": "Please enter a valid Email.";
    USER_EMAIL_DOMAIN = "user_email_domain": "Email must be a company address ending in @{domain}.";
    USER_NAME_REQUIRED = "user_name_required": "Name is Required";
    USER_TYPE_UNKNOWN = "user_type_unknown": "Unknown user type.";
    USER_COUNTRY_REQUIRED = "user_country_required": "Country is Required";
    COUNTRY_UNKNOWN = "country_unknown": "There is no country named {name}.";
    USER_MANAGER_REQUIRED = "user_manager_required": "Manager is Required";
    USER_MANAGER_NOT_AREA_MANAGER = "user_manager_not_area_manager": "The manager must be an area manager.";
    USER_EMAIL_TAKEN = "user_email_taken": "A user with the email {email} already exists.";
    USER_OWN_TYPE = "user_own_type_unchangeable": "You cannot change your own user type.";
    USER_LAST_ADMIN_STAYS = "user_last_administrator_stays": "The last administrator must stay an administrator.";
    USER_DELETE_SELF = "user_delete_self": "You cannot delete your own account.";
    USER_LAST_ADMIN_DELETE = "user_last_administrator_undeletable": "The last administrator cannot be deleted.";

    // Outcomes.
    OUTCOME_REQUIRED = "outcome_required": "Outcome is required";
    OUTCOME_TAKEN = "outcome_taken": "The outcome {name} already exists.";

    // Info types and sub types.
    INFO_TYPE_REQUIRED = "info_type_required": "Info Type is required.";
    INFO_TYPE_NOT_FOUND = "info_type_not_found": "The info type was not found.";
    INFO_TYPE_TAKEN = "info_type_taken": "The info type {name} already exists.";
    SUB_INFO_REQUIRED_OR_UPLOAD = "sub_info_required_or_upload": "Please Enter SubInfo Name or upload excel of SubInfo Type";
    SUB_INFO_REQUIRED = "sub_info_required": "Please Enter SubInfo Name";
    SUB_INFO_TAKEN = "sub_info_taken": "The sub info {name} already exists for this info type.";

    // Links.
    LINK_NOT_FOUND = "link_not_found": "The link was not found.";
    LINK_NAME_REQUIRED = "link_name_required": "Link Name is required";
    LINK_REQUIRED = "link_required": "Link is required";
    LINK_NOT_WEB_ADDRESS = "link_not_web_address": "Link must be a web address starting with http:// or https://";
    LINK_COUNTRY_REQUIRED = "link_country_required": "At least one country must be selected.";
    LINK_TAKEN = "link_taken": "The link {name} already exists.";

    // Delivery statuses and additional reasons.
    DELIVERY_STATUS_REQUIRED = "delivery_status_required": "Delivery Status is Required";
    DELIVERY_STATUS_NOT_FOUND = "delivery_status_not_found": "The delivery status was not found.";
    DELIVERY_STATUS_TAKEN = "delivery_status_taken": "The delivery status {name} already exists.";
    REASON_NOT_FOUND = "additional_reason_not_found": "The additional reason was not found.";
    REASON_REQUIRED = "additional_reason_required": "Additional Reason Code is Required";
    REASON_TAKEN = "additional_reason_taken": "The reason {code} already exists for this status.";

    // The rights screen.
    RIGHTS_USER_TYPE_REQUIRED = "rights_user_type_required": "User type is required.";
    RIGHTS_REQUIRED = "rights_required": "Rights are required (an empty list takes every right away).";
    RIGHTS_ADMINISTRATORS_KEEP = "rights_administrators_keep": "Administrators must keep the rights rights_master and user_master.";
    RIGHTS_NO_USER_TYPE = "rights_user_type_not_found": "There is no user type {id}.";
    RIGHTS_UNKNOWN_ONE = "rights_unknown_right": "Unknown right: {rights}.";
    RIGHTS_UNKNOWN_MANY = "rights_unknown_rights": "Unknown rights: {rights}.";
    // What a successful call answers.
    USER_DELETED = "user_deleted": "User deleted successfully.";
    RIGHTS_SAVED = "rights_saved": "Rights of {userType} saved.";
    INFO_TYPE_DELETED = "info_type_deleted": "Info type deleted successfully.";
    SUB_INFO_DELETED = "sub_info_deleted": "Sub info deleted successfully.";
    OUTCOME_DELETED = "outcome_deleted": "Outcome deleted successfully.";
    LINK_DELETED = "link_deleted": "Link deleted successfully.";
    DELIVERY_STATUS_DELETED = "delivery_status_deleted": "Delivery status deleted successfully.";
    ADDITIONAL_REASON_DELETED = "additional_reason_deleted": "Additional reason deleted successfully.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
/// None: each master's save names its duplicate with the value typed (`queries::duplicate_as`),
/// which a constraint's column alone cannot say.
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
