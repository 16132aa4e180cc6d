//! What every benchmark shares.

/// Says, before the figures, when the library is built without the
/// `unchecked` feature: the figures are then the checked twin's, which is
/// slower. Commands run at the workspace's root turn the feature on (`xc`
/// asks for it); `-p exactcover` alone leaves it off.
pub fn note_the_twin() {
    if !cfg!(feature = "unchecked") {
        eprintln!(
            "note: exactcover is built without the `unchecked` feature, so these are the checked twin's figures; \
             run at the workspace's root, or add --features unchecked, for the fast build"
        );
    }
}
