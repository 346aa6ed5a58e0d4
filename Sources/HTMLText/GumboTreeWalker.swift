import CGumbo

#if canImport(Glibc)
    import Glibc
#endif

/// Parses HTML with Gumbo and feeds the tree to a `RenderTreeBuilder` in document order.
///
/// The walk uses an explicit stack, so documents nested thousands of elements deep are fine.
enum GumboTreeWalker {
    /// The parse result: render tree, title, links as written and the `<base href>`.
    struct Result {
        var blocks: [RenderBlock]
        var title: String
        var links: [(number: Int, href: String, text: String)]
        var baseHref: String?
        var forms: [HTMLForm] = []
        var fields: [FormField] = []
        var refreshContent: String?
    }

    /// Parses `html` and builds its render tree; with a `pipeline`, each top-level block goes to it as soon
    /// as it is settled, so it is laid out while the walk goes on.
    static func parse(_ html: String, pipeline: LayoutPipeline? = nil) -> Result {
        var options = kGumboDefaultOptions
        options.max_errors = 0  // errors are not reported; recording them only costs time
        // All of Gumbo's memory comes from the arena; releasing the arena frees the tree, so
        // `gumbo_destroy_output` (a walk freeing every node) is not needed.
        let arena = GumboArena()
        options.userdata = arena.userdata
        options.allocator = { userdata, size in
            guard let userdata else { return nil }
            return GumboArena.allocate(userdata, size)
        }
        options.deallocator = { userdata, block in
            guard let userdata else { return }
            GumboArena.deallocate(userdata, block)
        }
        var source = html
        return withExtendedLifetime(arena) {
            source.withUTF8 { buffer -> Result in
                let empty = Result(blocks: [], title: "", links: [], baseHref: nil)
                guard let base = buffer.baseAddress else { return empty }
                let bytes = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                guard let output = gumbo_parse_with_options(&options, bytes, buffer.count) else { return empty }
                return walk(output.pointee.document, pipeline: pipeline)
            }
        }
    }

    private struct Frame {
        var children: GumboVector
        var next: UInt32 = 0
        var exit: RenderTreeBuilder.Exit
    }

    /// Top-level blocks are handed to the pipeline in batches of at least this many (one hand-over costs about
    /// as much as laying out a short paragraph).
    private static let pipelineBatch = 8

    private static func walk(_ document: UnsafeMutablePointer<GumboNode>, pipeline: LayoutPipeline?) -> Result {
        var builder = RenderTreeBuilder()
        var stack = [Frame(children: document.pointee.v.document.children, exit: [])]
        while let top = stack.last {
            guard top.next < top.children.length, let data = top.children.data,
                let raw = data[Int(top.next)]
            else {
                builder.close(stack.removeLast().exit)
                if let pipeline, let settled = builder.takeSettledBlocks(atLeast: pipelineBatch) {
                    pipeline.send(settled)
                }
                continue
            }
            stack[stack.count - 1].next += 1
            let node = raw.assumingMemoryBound(to: GumboNode.self)
            switch node.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                guard let text = node.pointee.v.text.text else { continue }
                let length = strlen(text)
                text.withMemoryRebound(to: UInt8.self, capacity: length) {
                    builder.text(UnsafeBufferPointer(start: $0, count: length))
                }
            case GUMBO_NODE_ELEMENT:
                let element = GumboElementRef(node: node)
                let exit = builder.open(element)
                if exit.contains(.skipChildren) {
                    builder.close(exit)
                } else {
                    stack.append(Frame(children: node.pointee.v.element.children, exit: exit))
                }
            default:
                break  // comments, templates, the document
            }
        }
        let blocks = builder.finish()
        pipeline?.send(blocks[min(builder.settledTaken, blocks.count)...])
        let (forms, fields) = builder.forms.finished()
        return Result(
            blocks: blocks, title: builder.title, links: builder.links, baseHref: builder.baseHref, forms: forms,
            fields: fields, refreshContent: builder.refreshContent)
    }
}
