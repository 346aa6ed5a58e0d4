import TerminalUI

/// The Stores app's timers.
public enum StoresTimer: TimerKey {
    /// The map has rested: its activity becomes current.
    case mapActivity
    /// No handoff chose the first region in time: the launch default applies.
    case launchRegion
}

/// Something an event asks of the suite, done with that event's context when it ends (`finish`): the app
/// keeps no context between events.
enum StoresEffect {
    case banner(String, Banner.Kind)
    case schedule(StoresTimer, after: Double)
}

/// The favourites changed in the key-value store (another device, the first sync, a refused write).
struct FavouritesChanged: Sendable { var change: FavoritesChange }
