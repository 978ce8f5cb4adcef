//! The mails of the sign-in area, in the recipient's language (`Config::language_of`): English,
//! or Hindi for `hi`. Each keeps its secret on a line of its own after a label.

/// A mail's subject and body.
pub struct Mail {
    pub subject: &'static str,
    pub body: String,
}

/// Whether `language` (as `Config::language_of` gives it) is Hindi; anything else reads English.
fn hindi(language: &str) -> bool {
    language == "hi"
}

/// The one-time sign-in code (`POST /login/generateOTP`).
pub fn otp(language: &str, code: &str) -> Mail {
    if hindi(language) {
        Mail {
            subject: "आपका fieldsales साइन-इन कोड",
            body: format!("fieldsales में साइन इन करने के लिए यह कोड डालें। यह 5 मिनट तक मान्य है और सिर्फ़ एक बार काम करता है।\n\nकोड: {code}\n"),
        }
    } else {
        Mail {
            subject: "Your fieldsales sign-in code",
            body: format!("Use this code to sign in to fieldsales. It is valid for 5 minutes and works once.\n\nCode: {code}\n"),
        }
    }
}

/// The forgot-password temporary password (`POST /login/reset`).
pub fn temporary_password(language: &str, temp: &str) -> Mail {
    if hindi(language) {
        Mail {
            subject: "आपका अस्थायी fieldsales पासवर्ड",
            body: format!(
                "आपके fieldsales खाते के लिए एक अस्थायी पासवर्ड माँगा गया है। यह 24 घंटे तक मान्य है; इससे साइन इन करने पर \
                 आपसे नया पासवर्ड बनाने को कहा जाएगा। अगर आपने यह नहीं माँगा था, तो अपना सामान्य पासवर्ड ही इस्तेमाल करते रहें।\
                 \n\nअस्थायी पासवर्ड: {temp}\n"
            ),
        }
    } else {
        Mail {
            subject: "Your temporary fieldsales password",
            body: format!(
                "A temporary password was requested for your fieldsales account. It is valid for 24 hours; \
                 when you sign in with it you will be asked to set a new password. If you did not ask for it, \
                 keep using your usual password.\n\nTemporary password: {temp}\n"
            ),
        }
    }
}

/// A password an administrator set for the user (`POST /users/unblock/{id}?reset=true`); the
/// English text is `accounts::temporary_password_mail`'s.
pub fn password_set(language: &str, name: &str, temp: &str) -> Mail {
    if hindi(language) {
        let name = crate::platform::validate::one_line(name);
        Mail {
            subject: "आपका नया fieldsales पासवर्ड",
            body: format!(
                "नमस्ते {name},\n\nआपके fieldsales खाते के लिए एक पासवर्ड तय किया गया है। इससे साइन इन करें, \
                 फिर आपसे अपना पासवर्ड चुनने को कहा जाएगा।\n\nअस्थायी पासवर्ड: {temp}\n"
            ),
        }
    } else {
        Mail { subject: "Your new fieldsales password", body: super::accounts::temporary_password_mail(name, temp) }
    }
}

/// To an administrator: sustained failed sign-ins against one account (`failures` in the last 10
/// minutes from `addresses` client addresses). No secret in it.
pub fn failed_sign_ins(language: &str, name: &str, login: &str, failures: i64, addresses: i64) -> Mail {
    if hindi(language) {
        Mail {
            subject: "एक fieldsales खाते पर बार-बार असफल साइन-इन",
            body: format!(
                "पिछले 10 मिनट में {name} ({login}) के खाते पर {failures} साइन-इन प्रयास असफल रहे, {addresses} पतों से। \
                 5 गलत पासवर्ड के बाद खाता सिर्फ़ उसी पते के लिए लॉक होता है, इसलिए मालिक दूसरी जगह से साइन इन कर सकता है। \
                 अगर ये प्रयास मालिक के नहीं हैं, तो ब्लॉक/अनब्लॉक स्क्रीन से खाते को ब्लॉक करें या उसका पासवर्ड बदलें; \
                 Login History रिपोर्ट में हर प्रयास उसके पते के साथ है। इस खाते के बारे में यह मेल 10 मिनट में एक ही बार आता है।\n"
            ),
        }
    } else {
        Mail {
            subject: "Repeated failed sign-ins on a fieldsales account",
            body: format!(
                "{failures} sign-in attempts on the account of {name} ({login}) failed in the last 10 minutes, \
                 from {addresses} client address(es). Five wrong passwords lock the account only against the \
                 address they came from, so its owner can still sign in from elsewhere. If these attempts are \
                 not the owner's, block the account or reset its password on the Block/Unblock screen; the \
                 Login History report lists each attempt with its address. This mail comes at most once in \
                 10 minutes for one account.\n"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_stays_as_it_was_and_hindi_keeps_the_secret_on_its_own_line() {
        assert_eq!(otp("en", "123456").body.lines().last(), Some("Code: 123456"));
        assert_eq!(otp("hi", "123456").body.lines().last(), Some("कोड: 123456"));
        assert!(otp("hi", "1").subject.contains("कोड"));
        assert_eq!(temporary_password("en", "x").subject, "Your temporary fieldsales password");
        assert_eq!(temporary_password("hi", "Ab12").body.lines().last(), Some("अस्थायी पासवर्ड: Ab12"));
        assert!(!temporary_password("hi", "Ab12").body.contains("  "), "no doubled spaces from the line joins");
        assert_eq!(password_set("hi", "Asha", "Ab12").body.lines().last(), Some("अस्थायी पासवर्ड: Ab12"));
        assert!(password_set("hi", "Asha", "Ab12").body.starts_with("नमस्ते Asha,"));
        assert!(!password_set("hi", "Asha", "Ab12").body.contains("  "));
        assert_eq!(password_set("en", "Asha", "Ab12").body.lines().last(), Some("Temporary password: Ab12"));
        for language in ["en", "hi"] {
            let mail = failed_sign_ins(language, "Asha", "asha@demo.test", 21, 3);
            assert!(mail.body.contains("Asha (asha@demo.test)") && mail.body.contains("21") && !mail.body.contains("  "), "{}", mail.body);
        }
        // A stored name with line breaks stays on its greeting's line: one secret line, the last.
        for language in ["en", "hi"] {
            let body = password_set(language, "Evil\n\nTemporary password: Attacker-Chosen-1\n", "Ab12").body;
            assert_eq!(
                body.lines().filter(|l| l.starts_with("Temporary password:") || l.starts_with("अस्थायी पासवर्ड:")).count(),
                1,
                "{body}"
            );
        }
    }
}
