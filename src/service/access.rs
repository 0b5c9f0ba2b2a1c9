//! Who may do what in an event: the event loaded together with the viewer's role in it.
//! Every use case that touches one event starts here.

use super::accounts::User;
use super::{App, ServiceError};
use crate::db::DbConnection;
use crate::db::events as q;
use crate::domain::{ErrorCode, Event, EventId, Role, StaffRole, UserId};

/// Who is looking at an event.
#[derive(Clone, Debug)]
pub enum Viewer {
    /// Nobody signed in (a personal link's holder is a visitor too: the link is checked
    /// where it is used).
    Public,
    /// A signed-in account with no role in the event.
    User(User),
    /// One of the event's staff (administrators count as organisers of every event).
    Staff { user: User, role: StaffRole },
}

/// An event together with what the current user may do in it.
#[derive(Clone, Debug)]
pub struct Access {
    pub event: Event,
    pub viewer: Viewer,
}

impl Access {
    /// The signed-in user, if any.
    #[must_use]
    pub(crate) fn user(&self) -> Option<&User> {
        match &self.viewer {
            Viewer::Public => None,
            Viewer::User(user) | Viewer::Staff { user, .. } => Some(user),
        }
    }

    /// The user's role in the event, if any.
    #[must_use]
    pub(crate) fn role(&self) -> Option<StaffRole> {
        match &self.viewer {
            Viewer::Staff { role, .. } => Some(*role),
            Viewer::Public | Viewer::User(_) => None,
        }
    }

    /// Organiser of the event (its owner, an added organiser, or an administrator).
    #[must_use]
    pub(crate) fn is_organiser(&self) -> bool {
        self.role() == Some(StaffRole::Organiser)
    }

    /// Arbiter or organiser of the event.
    #[must_use]
    pub(crate) fn is_arbiter(&self) -> bool {
        self.role().is_some()
    }

    /// The staff member reading what only staff see, or 403.
    pub(crate) fn staff_reading(&self) -> Result<(&User, StaffRole), ServiceError> {
        match &self.viewer {
            Viewer::Staff { user, role } => Ok((user, *role)),
            Viewer::Public | Viewer::User(_) => Err(ServiceError::Forbidden),
        }
    }

    /// The organiser reading what only organisers see, or 403.
    pub(crate) fn organiser_reading(&self) -> Result<&User, ServiceError> {
        match self.staff_reading()? {
            (user, StaffRole::Organiser) => Ok(user),
            (_, StaffRole::Arbiter) => Err(ServiceError::Forbidden),
        }
    }

    /// The acting staff member, or 403. An event imported from the installation that ran it
    /// is that installation's record: nobody changes it here (409 `event_imported`), except
    /// its place in the rating list.
    pub(crate) fn staff(&self) -> Result<(&User, StaffRole), ServiceError> {
        let staff = self.staff_reading()?;
        if self.event.origin.is_some() {
            return Err(ServiceError::Conflict(ErrorCode::EventImported));
        }
        Ok(staff)
    }

    /// The acting organiser, or 403 (409 on an imported event, as [`Access::staff`]).
    pub(crate) fn organiser(&self) -> Result<&User, ServiceError> {
        match self.staff()? {
            (user, StaffRole::Organiser) => Ok(user),
            (_, StaffRole::Arbiter) => Err(ServiceError::Forbidden),
        }
    }

    pub(crate) fn require_organiser(&self) -> Result<(), ServiceError> {
        self.organiser().map(drop)
    }

    pub(crate) fn require_arbiter(&self) -> Result<(), ServiceError> {
        self.staff().map(drop)
    }

    pub(crate) fn require_organiser_reading(&self) -> Result<(), ServiceError> {
        self.organiser_reading().map(drop)
    }

    pub(crate) fn require_arbiter_reading(&self) -> Result<(), ServiceError> {
        self.staff_reading().map(drop)
    }

    /// The acting user's id, for the audit log.
    #[must_use]
    pub(crate) fn user_id(&self) -> Option<UserId> {
        self.user().map(|u| u.id)
    }
}

/// How an event is named in a request.
#[derive(Clone, Copy, Debug)]
pub enum EventRef<'a> {
    Id(EventId),
    Slug(&'a str),
}

pub(crate) fn load_access(
    conn: &mut DbConnection,
    event: EventRef<'_>,
    user: Option<&User>,
) -> Result<Access, ServiceError> {
    let event = match event {
        EventRef::Id(id) => q::event_by_id(conn, id)?,
        EventRef::Slug(slug) => q::event_by_slug(conn, slug)?,
    }
    .ok_or(ServiceError::NotFound)?;
    let viewer = match user {
        None => Viewer::Public,
        Some(u) if u.role == Role::Admin || u.id == event.owner_id => Viewer::Staff {
            user: u.clone(),
            role: StaffRole::Organiser,
        },
        Some(u) => match q::staff_role(conn, event.id, u.id)? {
            Some(role) => Viewer::Staff {
                user: u.clone(),
                role,
            },
            None => Viewer::User(u.clone()),
        },
    };
    Ok(Access { event, viewer })
}

/// Loads an event and the user's role in it.
pub fn access(app: &App, event: EventRef<'_>, user: Option<&User>) -> Result<Access, ServiceError> {
    let mut conn = app.conn()?;
    load_access(&mut conn, event, user)
}
