//! Each user's fair share of a scarce resource (the decoding of photos): a user's requests wait in
//! a lane of their own, one going on at a time and a few waiting at most, so every user reaches
//! the resource's own queue with one request at a time and users take it in turn, however many
//! requests one of them sends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::{AcquireError, Semaphore, SemaphorePermit};

use crate::platform::ids::UserId;

/// Every user with a request in a lane: the lane and how many requests are in it.
type Map = Arc<Mutex<HashMap<UserId, (Arc<Semaphore>, usize)>>>;

fn locked(map: &Map) -> MutexGuard<'_, HashMap<UserId, (Arc<Semaphore>, usize)>> {
    map.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The lanes of one resource.
pub struct Lanes {
    map: Map,
    /// Requests one user may have in their lane at once.
    depth: usize,
}

/// A request's place in its user's lane; the lane goes once nobody is in it.
pub struct Place {
    map: Map,
    user: UserId,
    lane: Arc<Semaphore>,
}

impl Lanes {
    pub fn new(depth: usize) -> Self {
        Lanes { map: Map::default(), depth }
    }

    /// A place in `user`'s lane, or `None` when `depth` requests of theirs are in it already.
    pub fn enter(&self, user: UserId) -> Option<Place> {
        let mut lanes = locked(&self.map);
        let (lane, queued) = lanes.entry(user).or_insert_with(|| (Arc::new(Semaphore::new(1)), 0));
        if *queued >= self.depth {
            return None;
        }
        *queued += 1;
        Some(Place { map: self.map.clone(), user, lane: lane.clone() })
    }
}

impl Place {
    /// Waits until the user's requests that entered the lane before this one are done.
    pub async fn turn(&self) -> Result<SemaphorePermit<'_>, AcquireError> {
        self.lane.acquire().await
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut lanes = locked(&self.map);
        if let Some((_, queued)) = lanes.get_mut(&self.user) {
            *queued -= 1;
            if *queued == 0 {
                lanes.remove(&self.user);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_user_goes_one_at_a_time_and_waits_in_a_short_line() {
        let lanes = Lanes::new(2);
        let (ann, bob) = (UserId(1), UserId(2));
        let first = lanes.enter(ann).unwrap();
        let second = lanes.enter(ann).unwrap();
        assert!(lanes.enter(ann).is_none(), "a third of Ann's is refused");
        let bobs = lanes.enter(bob).expect("Bob has a lane of his own");
        let turn = first.turn().await.unwrap();
        assert!(second.lane.try_acquire().is_err(), "Ann's second waits for her first");
        assert!(bobs.turn().await.is_ok(), "Bob does not wait for Ann");
        drop(turn);
        assert!(second.turn().await.is_ok());
        drop((first, second, bobs));
        assert!(locked(&lanes.map).is_empty(), "empty lanes are gone");
        assert!(lanes.enter(ann).is_some());
    }
}
