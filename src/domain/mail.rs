//! What the outbox holds: the kinds of message, their states, and the languages they are
//! written in.

use super::sql::text_enum;

text_enum! {
    /// A language messages are written in (the site's three).
    pub enum Language {
        /// Portuguese as written in Angola, the default.
        Pt = "pt",
        En = "en",
        Fr = "fr",
    }
}

text_enum! {
    /// What a message says.
    pub enum MailKind {
        /// A one-time link that sets a forgotten password.
        PasswordReset = "password_reset",
        /// A one-time link, to a new address, that makes it the account's.
        EmailChange = "email_change",
        /// To the old address: the account's address was changed.
        EmailChanged = "email_changed",
        /// A player's personal link (entered with an address, or the link reissued).
        PersonalLink = "personal_link",
        /// A round published: the player's board, colour, opponent and game link.
        RoundPublished = "round_published",
        /// The opponent sent a record; this player's confirmation is wanted.
        ConfirmationWanted = "confirmation_wanted",
        /// The two records differ: an arbiter decides.
        DisputeOpened = "dispute_opened",
        /// An arbiter decided the game's dispute.
        DisputeDecided = "dispute_decided",
        /// An arbiter's correction changed this player's result.
        ResultCorrected = "result_corrected",
        /// The event finished: the final ranking and the player's place and prize.
        FinalRanking = "final_ranking",
        /// A notice the organiser wrote to every player of the event.
        Notice = "notice",
    }
}

impl MailKind {
    /// A message about an account, no event's: never on an event's mail page, never sent
    /// again (the one-time link it may carry is kept only until it is sent).
    #[must_use]
    pub fn is_account(self) -> bool {
        matches!(
            self,
            MailKind::PasswordReset | MailKind::EmailChange | MailKind::EmailChanged
        )
    }

    /// An announcement: a person may ask for no more of them (`List-Unsubscribe`); the others
    /// answer something the person did or must do.
    #[must_use]
    pub fn is_announcement(self) -> bool {
        matches!(
            self,
            MailKind::RoundPublished | MailKind::FinalRanking | MailKind::Notice
        )
    }
}

text_enum! {
    /// Where a message is.
    pub enum OutboxState {
        /// Not yet accepted by the SMTP server (never tried, or tried and to be tried again).
        Waiting = "waiting",
        /// Accepted by the SMTP server.
        Sent = "sent",
        /// Refused for good by the SMTP server (its answer kept); sent again only when the
        /// organiser asks.
        Failed = "failed",
    }
}
