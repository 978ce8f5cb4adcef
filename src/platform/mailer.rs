//! The one mailer: SMTP through lettre when configured, otherwise a JSON-lines outbox file
//! (`<data-dir>/outbox.jsonl`) so that a demo or a test works offline. A mail may carry one file
//! (the distributors' order workbooks): attached over SMTP, named by its path in the outbox.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use axum::http::StatusCode;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde_json::json;

use crate::platform::config::Config;
use crate::platform::error::{AppError, AppResult};

crate::messages! {
    INVALID_ADDRESS = "invalid_email_address": "{address} is not a valid email address.";
    NOT_SENT = "mail_not_sent": "The mail could not be sent. Please try again later.";
}

pub struct Mailer {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    outbox: PathBuf,
    /// Keeps outbox lines whole when several requests mail at once.
    outbox_lock: std::sync::Mutex<()>,
}

impl Mailer {
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        let smtp = match &config.smtp_url {
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("the SMTP URL is not valid (expected smtp://user:pass@host:port or smtps://...)")?
                    .build(),
            ),
            None => None,
        };
        let from = config.mail_from.parse().context("the sender address is not valid")?;
        Ok(Mailer { smtp, from, outbox: config.outbox_path(), outbox_lock: std::sync::Mutex::new(()) })
    }

    /// Sends one plain-text mail, or appends it to the outbox when no SMTP server is set.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> AppResult<()> {
        let Some(smtp) = &self.smtp else {
            return self.write_outbox(json!({ "to": to, "subject": subject, "body": body, "at": chrono::Utc::now().to_rfc3339() }));
        };
        let message = self.message(to, subject)?.body(body.to_string()).map_err(|e| AppError::Internal(e.into()))?;
        self.deliver(smtp, message, to, subject).await
    }

    /// Sends a plain-text mail with the file at `attachment` attached (`content_type`), or
    /// appends it to the outbox with the file's path under `attachment` when no SMTP server is set
    /// (the file stays where it is). Answers once the server accepted the mail.
    pub async fn send_with_attachment(&self, to: &str, subject: &str, body: &str, attachment: &Path, content_type: &str) -> AppResult<()> {
        let Some(smtp) = &self.smtp else {
            return self.write_outbox(json!({
                "to": to, "subject": subject, "body": body, "attachment": attachment.display().to_string(),
                "at": chrono::Utc::now().to_rfc3339(),
            }));
        };
        let bytes = tokio::fs::read(attachment)
            .await
            .map_err(|e| AppError::Internal(anyhow::Error::new(e).context(format!("reading {}", attachment.display()))))?;
        let name = attachment.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "attachment".into());
        let content_type = ContentType::parse(content_type).map_err(|e| AppError::Internal(anyhow::anyhow!("content type: {e}")))?;
        let message = self
            .message(to, subject)?
            .multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(body.to_string()))
                    .singlepart(Attachment::new(name).body(bytes, content_type)),
            )
            .map_err(|e| AppError::Internal(e.into()))?;
        self.deliver(smtp, message, to, subject).await
    }

    fn message(&self, to: &str, subject: &str) -> AppResult<lettre::message::MessageBuilder> {
        let to_box: Mailbox = to.parse().map_err(|_| AppError::bad_request(INVALID_ADDRESS.with([("address", json!(to))])))?;
        Ok(Message::builder().from(self.from.clone()).to(to_box).subject(subject))
    }

    async fn deliver(&self, smtp: &AsyncSmtpTransport<Tokio1Executor>, message: Message, to: &str, subject: &str) -> AppResult<()> {
        smtp.send(message).await.map_err(|err| {
            tracing::error!(error = %err, "sending mail failed");
            AppError::Status(StatusCode::BAD_GATEWAY, NOT_SENT.into())
        })?;
        tracing::info!(to, subject, "mail sent");
        Ok(())
    }

    fn write_outbox(&self, line: serde_json::Value) -> AppResult<()> {
        let (to, subject) = (line["to"].as_str().unwrap_or_default(), line["subject"].as_str().unwrap_or_default());
        let _guard = self.outbox_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let write = || -> std::io::Result<()> {
            if let Some(dir) = self.outbox.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&self.outbox)?;
            writeln!(file, "{line}")
        };
        write().map_err(|e| AppError::Internal(anyhow::Error::new(e).context("writing the mail outbox")))?;
        tracing::info!(to, subject, outbox = %self.outbox.display(), "mail written to the outbox");
        Ok(())
    }
}
