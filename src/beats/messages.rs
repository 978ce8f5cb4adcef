//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    BEAT_NOT_FOUND = "beat_not_found": "The beat was not found.";
    SAVED = "beat_saved": "Beat saved successfully.";
    DELETED = "beat_deleted": "Beat deleted successfully.";
    NAME_REQUIRED = "beat_name_required": "Beat Name is required.";
    AGENT_REQUIRED = "beat_agent_required": "Agent is required.";
    BAD_WEEKDAY = "beat_weekday_invalid": "Weekdays must be Mon, Tue, Wed, Thu, Fri, Sat or Sun.";
    NO_WEEKDAY = "beat_weekday_required": "Choose at least one weekday.";
    CUSTOMER_REQUIRED = "beat_customer_required": "Add at least one customer.";
    TOO_MANY_CUSTOMERS = "beat_too_many_customers": "A beat has at most 500 customers.";
    /// `{buyerId}`: the buyer id listed twice.
    CUSTOMER_TWICE = "beat_customer_listed_twice": "Customer {buyerId} is listed twice.";
    AGENT_CANNOT_CHANGE = "beat_agent_cannot_change": "A beat's agent cannot be changed: create a beat for the other agent.";
    /// `{buyerId}`: the buyer id asked for.
    CUSTOMER_NOT_FOUND = "beat_customer_not_found": "Customer {buyerId} was not found.";
    /// `{buyerId}`: the buyer id asked for.
    CUSTOMER_NOT_OF_AGENT = "beat_customer_not_of_agent": "Customer {buyerId} is not a customer of this agent.";
    /// `{name}`: the beat name asked for.
    NAME_TAKEN = "beat_name_taken": "A beat named {name} already exists for this agent.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
