import Foundation
import Testing

@testable import HTMLText

/// Forms read from HTML and submitted as the HTML standard says.
@Suite struct FormSubmissionTests {
    static let page = URL(string: "http://shop.test/dir/page.html")

    static let html = """
        <base href="http://shop.test/base/">
        <form action="echo?old=1" method="get">
        <label for=q>Query</label> <input id=q name=q value="blue monkeys">
        <input type=hidden name=h value="a&b">
        <input type=checkbox name=c value=yes> <input type=checkbox name=d checked>
        <input type=radio name=r value=one checked> <input type=radio name=r value=two>
        <select name=s><option>First</option><optgroup label=G><option value=v2>Second</option></optgroup></select>
        <select name=m multiple><option selected>x</option><option selected>y</option><option>z</option></select>
        <textarea name=t>line one
        line two</textarea>
        <input name=off value=gone disabled><input value=unnamed>
        <input type=submit name=go value=Go> <button name=other value=b>Other</button>
        </form>
        """

    func document(_ html: String = Self.html) -> HTMLDocument { HTMLDocument(html: html, url: Self.page) }

    /// Submits the first form of `document` from `Self.page`.
    func submit(
        _ document: HTMLDocument, values: FormValues = FormValues(), submitter: Int? = nil, charset: String? = nil
    ) throws(FormSubmissionError) -> FormRequest {
        try FormSubmission.request(
            document: document, form: 0, values: values, submitter: submitter, pageCharset: charset,
            documentURL: Self.page)
    }

    func field(_ document: HTMLDocument, _ name: String) throws -> FormField {
        try #require(document.fields.first { $0.name == name })
    }

    @Test func getEncodesTheEntryListIntoTheActionsQuery() throws {
        let document = document()
        var values = FormValues()
        try values.set(.text("red & green"), of: field(document, "q"), in: document.fields)
        try values.set(.checked(true), of: field(document, "c"), in: document.fields)
        let radios = document.fields.filter { $0.name == "r" }
        values.set(.checked(true), of: radios[1], in: document.fields)
        try values.set(.selected([1]), of: field(document, "s"), in: document.fields)
        let request = try submit(document, values: values, submitter: field(document, "go").index)
        #expect(request.method == "GET")
        #expect(
            request.url.absoluteString
                == "http://shop.test/base/echo?q=red+%26+green&h=a%26b&c=yes&d=on&r=two&s=v2&m=x&m=y"
                + "&t=line+one%0D%0Aline+two&go=Go")
    }

    @Test func postSendsAURLEncodedBodyWithTheSubmitterOnly() throws {
        let document = document(Self.html.replacingOccurrences(of: "method=\"get\"", with: "method=POST"))
        let request = try submit(document, submitter: field(document, "other").index)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://shop.test/base/echo?old=1")
        #expect(request.contentType == "application/x-www-form-urlencoded")
        let body = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(body == "q=blue+monkeys&h=a%26b&d=on&r=one&s=First&m=x&m=y&t=line+one%0D%0Aline+two&other=b")
    }

    @Test func labelsAndNumbersAreSharedWithLinks() throws {
        let document = document("<a href=a>A</a><form><input name=x></form><a href=b>B</a>")
        #expect(document.links.map(\.number) == [1, 3])
        #expect(document.field(number: 2)?.name == "x")
        #expect(document.layout(width: 80).link(number: 3)?.href == "b")
        #expect(try field(self.document(), "q").label == "Query")
    }

    @Test func acceptCharsetEncodesInWindows1252WithReferencesForTheRest() throws {
        let document = document("<form accept-charset=iso-8859-1><input name=n value='café 日'></form>")
        let request = try submit(document, charset: "utf-8")
        #expect(request.url.query == "n=caf%E9+%26%2326085%3B")
    }

    @Test func thePageCharsetIsUsedWhenTheFormNamesNone() throws {
        let document = document("<form><input name=n value='łódź'><input type=hidden name=_charset_></form>")
        let request = try submit(document, charset: "iso-8859-2")
        #expect(request.url.query == "n=%B3%F3d%BC&_charset_=ISO-8859-2")
    }

    @Test func javascriptAndOtherSchemesAreRefused() throws {
        for (action, error) in [
            ("javascript:go()", FormSubmissionError.javascriptAction), ("mailto:a@b", .unsupportedAction("mailto")),
        ] {
            let document = document("<form action='\(action)'><input name=a></form>")
            #expect(throws: error) {
                try submit(document)
            }
        }
    }

    @Test func aMegabyteFieldIsShownCutAndRefusedByGetButPostedWhole() throws {
        let big = String(repeating: "x", count: 1 << 20)
        let get = document("<form><input name=big value='\(big)'></form>")
        #expect(get.layout(width: 80).lines.allSatisfy { $0.width <= 80 })
        do {
            _ = try submit(get)
            Issue.record("a 1 MB GET was not refused")
        } catch {
            guard case .tooLongForGET(let bytes) = error else { throw error }
            #expect(bytes > 1 << 20)
        }
        let post = document("<form method=post><input name=big value='\(big)'></form>")
        let request = try submit(post)
        #expect(request.body?.count == (1 << 20) + 4)
    }

    @Test func manyFieldsAndAHugeSelectStayUsable() {
        let inputs = (0..<10_000).map { "<input name=f\($0)>" }.joined()
        let many = document("<form>\(inputs)</form>")
        #expect(many.fields.count == 10_000)
        #expect(many.field(number: 10_000)?.name == "f9999")
        let options = (0..<100_000).map { "<option>o\($0)</option>" }.joined()
        let select = document("<form><select name=s>\(options)</select></form>")
        #expect(select.fields.first?.options.count == 100_000)
        #expect(select.layout(width: 40).lines.first?.text == "[o0       ▾][1]")
    }

    @Test func nestedAndUnterminatedFormsKeepTheirFields() {
        let document = document("<form action=a><input name=x><form action=b><input name=y></form><form><input name=z>")
        #expect(document.forms.count == 2)
        #expect(document.fields.map(\.form) == [0, 0, 1])
    }
}

/// `<meta http-equiv=refresh>` content as the HTML standard reads it.
@Suite struct MetaRefreshTests {
    func refresh(_ content: String, inBody: Bool = false) -> MetaRefresh? {
        let meta = "<meta http-equiv=\"Refresh\" content=\"\(content)\">"
        let html = inBody ? "<body><p>x</p>\(meta)" : "<head>\(meta)</head>"
        return HTMLDocument(html: html, url: URL(string: "http://a.test/dir/page")).refresh
    }

    @Test func contentForms() {
        #expect(refresh("5; url=next.html")?.url.absoluteString == "http://a.test/dir/next.html")
        #expect(refresh("0;URL='/top'")?.url.absoluteString == "http://a.test/top")
        #expect(refresh("2.5, http://b.test/")?.seconds == 2.5)
        #expect(refresh("10")?.url.absoluteString == "http://a.test/dir/page")
        #expect(refresh("1; url=x", inBody: true)?.seconds == 1)
        #expect(refresh("soon") == nil)
        #expect(refresh("1; url=javascript:alert(1)") == nil)
    }
}
