import CGumbo

/// Parses HTML with Gumbo and feeds the tree to a `RenderTreeBuilder` in document order.
///
/// The walk uses an explicit stack, so documents nested thousands of elements deep are fine.
enum GumboTreeWalker {
    /// The parse result: render tree, title, links as written and the `<base href>`.
    struct Result {
        var blocks: [RenderBlock]
        var title: String
        var links: [(href: String, text: String)]
        var baseHref: String?
    }

    static func parse(_ html: String) -> Result {
        var options = kGumboDefaultOptions
        options.max_errors = 0  // errors are not reported; recording them only costs time
        var source = html
        return source.withUTF8 { buffer -> Result in
            let empty = Result(blocks: [], title: "", links: [], baseHref: nil)
            guard let base = buffer.baseAddress else { return empty }
            let bytes = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            guard let output = gumbo_parse_with_options(&options, bytes, buffer.count) else {
                return empty
            }
            defer { gumbo_destroy_output(&options, output) }
            return walk(output.pointee.document)
        }
    }

    private struct Frame {
        var children: [UnsafeMutablePointer<GumboNode>]
        var next = 0
        var exit: RenderTreeBuilder.Exit
    }

    private static func walk(_ document: UnsafeMutablePointer<GumboNode>) -> Result {
        var builder = RenderTreeBuilder()
        var stack = [Frame(children: GumboElementRef.children(of: document), exit: [])]
        while !stack.isEmpty {
            let index = stack.count - 1
            guard stack[index].next < stack[index].children.count else {
                builder.close(stack.removeLast().exit)
                continue
            }
            let node = stack[index].children[stack[index].next]
            stack[index].next += 1
            switch node.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                builder.text(String(cString: node.pointee.v.text.text))
            case GUMBO_NODE_ELEMENT:
                let element = GumboElementRef(node: node)
                let exit = builder.open(element)
                if exit.contains(.skipChildren) {
                    builder.close(exit)
                } else {
                    stack.append(Frame(children: element.children, exit: exit))
                }
            default:
                break  // comments, templates, the document
            }
        }
        let blocks = builder.finish()
        return Result(
            blocks: blocks, title: builder.title, links: builder.links, baseHref: builder.baseHref)
    }
}
