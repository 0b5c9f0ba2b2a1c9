//! Ids of the things the program keeps, one type each: a game id cannot be passed where a
//! player id is meant. In JSON and URLs an id is its number.

/// Declares an id type stored as an SQL integer.
macro_rules! id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
            diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[serde(transparent)]
        #[diesel(sql_type = diesel::sql_types::Integer)]
        pub struct $name(pub i32);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(text: &str) -> Result<$name, Self::Err> {
                text.parse().map($name)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Integer, DB> for $name
        where
            DB: diesel::backend::Backend,
            i32: diesel::deserialize::FromSql<diesel::sql_types::Integer, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                <i32 as diesel::deserialize::FromSql<diesel::sql_types::Integer, DB>>::from_sql(
                    bytes,
                )
                .map($name)
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Integer, DB> for $name
        where
            DB: diesel::backend::Backend,
            i32: diesel::serialize::ToSql<diesel::sql_types::Integer, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                <i32 as diesel::serialize::ToSql<diesel::sql_types::Integer, DB>>::to_sql(
                    &self.0, out,
                )
            }
        }
    };
}

id!(
    /// An account.
    UserId
);
id!(
    /// A message of the outbox.
    MessageId
);
id!(
    /// An API token of an account.
    TokenId
);
id!(
    /// An event.
    EventId
);
id!(
    /// A player's entry in one event.
    PlayerId
);
id!(
    /// A round of an event.
    RoundId
);
id!(
    /// A game (one board of a round; a knockout match may have several).
    GameId
);
id!(
    /// A record sent for a game.
    SubmissionId
);
id!(
    /// A circuit of events (a season's qualifiers and their final).
    CircuitId
);
id!(
    /// A person of the national registry.
    PersonId
);
id!(
    /// The engine's proposal for an unfinished game.
    AdjudicationId
);
id!(
    /// A bye a player asked for a round not yet paired.
    ByeId
);
