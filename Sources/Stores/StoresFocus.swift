/// Which pane of the Stores app has the keyboard.
public enum StoresFocus: Sendable, Hashable {
    case map
    case list
}
