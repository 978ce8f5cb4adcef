//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    // Conversations.
    CONVERSATION_NOT_FOUND = "chat_conversation_not_found": "The conversation was not found.";
    USER_ID_REQUIRED = "chat_user_id_required": "userId is required.";
    NOT_A_PARTNER = "chat_user_not_partner": "You cannot chat with this user.";
    MESSAGE_REQUIRED = "chat_message_required": "Message is required";
    MESSAGE_TOO_LONG = "chat_message_too_long": "The message is limited to 2000 characters.";
    RECEIVER_NOT_MEMBER = "chat_receiver_not_member": "The receiver is not in this conversation.";
    IMAGE_REQUIRED = "chat_image_required": "Please choose an image.";

    // Broadcasts and the media endpoint.
    BROADCAST_USER_TYPE_REQUIRED = "broadcast_user_type_required": "User Type is required";
    BROADCAST_USER_TYPE_UNKNOWN = "broadcast_user_type_unknown": "Unknown user type.";
    BROADCAST_COUNTRY_REQUIRED = "broadcast_country_required": "Country is required";
    BROADCAST_COUNTRY_UNKNOWN = "broadcast_country_unknown": "There is no country named {name}.";
    BROADCAST_BODY_INVALID = "broadcast_body_invalid": "Invalid request body: {detail}";
    MEDIA_NAME_INVALID = "chat_media_name_invalid": "Invalid file name.";
    MEDIA_NOT_FOUND = "chat_media_not_found": "The file was not found.";
    // What a successful call answers ({what}: "3 messages", the count in English words).
    BROADCAST_DELETED = "broadcast_deleted": "Broadcast message deleted successfully.";
    MESSAGES_MARKED_READ = "chat_messages_marked_read": "{what} marked as read.";
    BROADCASTS_MARKED_READ = "broadcasts_marked_read": "{what} marked as read.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`):
/// none (a conversation per pair is found or made, never refused).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
