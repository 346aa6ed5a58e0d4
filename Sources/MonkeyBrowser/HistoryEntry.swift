import HTMLText
import PageLoading

/// One place in a tab's history: the address, how far down the page the reader was, what they had typed
/// into its forms, and for a page that answered a form sent by `POST`, that form's data.
public struct HistoryEntry: Codable, Hashable, Sendable {
    public var url: String
    /// The first visible line.
    public var scroll: Int
    /// The same place as a place in the document: how many non-blank characters come before the first
    /// visible line. It holds at any width, so a handoff to a narrower terminal opens at the same text.
    public var textOffset: Int?
    /// The user's changes to the page's form fields.
    public var form: FormValues?
    /// The body this page was requested with (`POST`); loading it again submits the form again.
    public var post: PostBody?
    /// The page's title when it was shown (a restored tab is named by it before it loads again).
    public var title: String?
    /// How far a wide table or `pre` was scrolled sideways (handed off with the vertical place).
    public var left: Int?
    /// Only on the way to another device: the page that answered `post`, as it was shown there.
    public var answer: String?

    public init(
        url: String, scroll: Int = 0, textOffset: Int? = nil, form: FormValues? = nil, post: PostBody? = nil
    ) {
        self.url = url
        self.scroll = scroll
        self.textOffset = textOffset
        self.form = form
        self.post = post
    }
}
