//! Table definitions, shared by both backends (the migrations keep them identical).

diesel::table! {
    users (id) {
        id -> Integer,
        email -> Text,
        display_name -> Text,
        password_hash -> Text,
        role -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> Integer,
        token_hash -> Text,
        user_id -> Integer,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Integer,
        user_id -> Integer,
        label -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    login_failures (id) {
        id -> Integer,
        limit_key -> Text,
        failed_at -> Timestamp,
    }
}

diesel::table! {
    settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(api_tokens -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    sessions,
    api_tokens,
    login_failures,
    settings
);
