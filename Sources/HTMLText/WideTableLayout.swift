/// What layout does with a table whose columns do not fit the width even at their narrowest.
public enum WideTableLayout: Sendable {
    /// Each row becomes a block of "Header: cell" lines, so every cell stays with its header (`baton dump`).
    case linearise
    /// The table keeps its grid at the columns' minimum widths and overflows the page; its lines are marked
    /// `isPreformatted`, so a viewer scrolls them sideways (the browser, as w3m keeps wide tables).
    case overflow
}
