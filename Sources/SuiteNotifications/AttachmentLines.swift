import TextWidth

/// How attachments are named under a notification's body: in a banner, one line each for the first two
/// ("Attached: report.png — PNG image, 64×48, 3.1 KB") and a count of the rest; in F4's detail, a line for
/// each and the first text's opening lines as a preview, set off with a bar. Every piece is escaped already
/// (`AttachmentInfo`); here it is fitted to the width.
enum AttachmentLines {
    /// The most attachments a banner names one by one.
    static let bannerNamed = 2

    static func banner(_ infos: [AttachmentInfo], width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines = infos.prefix(bannerNamed).map { TextWidth.truncate("Attached: \($0.summary)", to: width) }
        if infos.count > bannerNamed {
            let more = infos.count - bannerNamed
            lines.append(TextWidth.truncate("and \(more) more attachment\(more == 1 ? "" : "s")", to: width))
        }
        return lines
    }

    /// F4's detail: each attachment's line and, for the first with text, its first lines.
    static func detail(_ infos: [AttachmentInfo], width: Int) -> [(text: String, isPreview: Bool)] {
        guard width > 4 else { return [] }
        var lines: [(String, Bool)] = []
        var previewed = false
        for info in infos {
            lines.append((TextWidth.truncate("Attached: \(info.summary)", to: width), false))
            guard !previewed else { continue }
            let preview = info.preview(width: width - 4)
            if !preview.isEmpty {
                previewed = true
                lines += preview.map { ("  │ " + $0, true) }
            }
        }
        return lines
    }
}
