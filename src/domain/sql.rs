//! Enums and ids as SQL values, the same on SQLite and PostgreSQL (through the connection
//! that spans both): an enum is its code as text, an id an integer. Reading a code that is not
//! known fails the query with the offending value named.

/// Declares an enum whose values are stored, shown and exchanged as fixed codes.
macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::Text)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stable code.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value of a code.
            #[must_use]
            pub fn from_code(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::domain::UnknownCode;
            fn from_str(text: &str) -> Result<$name, $crate::domain::UnknownCode> {
                $name::from_code(text).ok_or($crate::domain::UnknownCode {
                    kind: stringify!($name),
                })
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                $name::from_code(&text).ok_or_else(|| {
                    serde::de::Error::unknown_variant(&text, &[$($text),+])
                })
            }
        }

        $crate::domain::sql::text_sql!($name, |text| $name::from_code(text));
    };
}

/// SQL text mapping for a type with `as_str` and a parse function.
macro_rules! text_sql {
    ($name:ty, $parse:expr) => {
        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                let text = <String as diesel::deserialize::FromSql<
                                                                            diesel::sql_types::Text,
                                                                            DB,
                                                                        >>::from_sql(bytes)?;
                let parse: fn(&str) -> Option<$name> = $parse;
                parse(&text)
                    .ok_or_else(|| format!("`{text}` is not a {}", stringify!($name)).into())
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                <str as diesel::serialize::ToSql<diesel::sql_types::Text, DB>>::to_sql(
                    self.as_str(),
                    out,
                )
            }
        }
    };
}

pub(crate) use {text_enum, text_sql};
