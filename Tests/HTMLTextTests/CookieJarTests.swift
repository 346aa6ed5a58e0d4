import Foundation
import Testing

@testable import PageLoading

#if canImport(Glibc)
    import Glibc
#endif

/// Cookies through the real `baton-fetch` against the local test server: kept in the jar (mode 0600), sent
/// on the next load as RFC 6265 says, and an unsafe or damaged jar turns cookies off with a message and is
/// left as it was.
@Suite struct CookieJarTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-cookies-\(UUID())")
    var jar: URL { directory.appendingPathComponent("devices/A/cookies.json") }

    /// A loader whose timeout only a real hang reaches (the suite's parallel load can slow a fetch a lot).
    func loader() -> PageLoader { PageLoader(timeout: 60, cookieJar: jar) }

    @Test func cookiesAreKeptAndSentBack() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LocalHTTPServer.with { server in
            let before = Date()
            _ = try await loader().load(server.appendingPathComponent("setcookies"))
            let after = Date()
            var status = stat()
            #expect(stat(jar.path, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o600)
            let stored = try CookieJarFile(url: jar).load()
            #expect(Set(stored.map(\.name)) == ["plain", "strict", "narrow", "only"])  // no Secure over http, none expired
            #expect(stored.first { $0.name == "strict" }?.sameSite == "strict")
            #expect(stored.first { $0.name == "only" }?.httpOnly == true)
            #expect(stored.first { $0.name == "plain" }?.expires == nil)
            let expiry = try #require(stored.first { $0.name == "strict" }?.expires)
            // Max-Age=3600 counts from the response, which came between `before` and `after` (never from "now",
            // which a loaded run reaches much later).
            #expect(expiry >= before.addingTimeInterval(3600 - 1) && expiry <= after.addingTimeInterval(3600 + 1))

            let echo = try await loader().load(server.appendingPathComponent("echo"))
            #expect(echo.text.contains("cookie=[plain=a; strict=b; only=f]"))
            // From a page of another site, a Strict cookie stays home; a Lax (default) one goes with a GET.
            let crossSite = try await loader().load(server.appendingPathComponent("echo"), site: "elsewhere.example")
            #expect(crossSite.text.contains("cookie=[plain=a; only=f]"))
            let crossPost = try await loader().load(
                server.appendingPathComponent("echo"),
                post: PostBody(bytes: Array("x=1".utf8), contentType: "text/plain"),
                site: "elsewhere.example")
            #expect(crossPost.text.contains("method=POST cookie=[] body=[x=1]"))
        }
    }

    @Test func redirectsKeepCookiesAndLoopsEndWithAClearError() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LocalHTTPServer.with { server in
            let page = try await loader().load(server.appendingPathComponent("redirect-cookie"))
            #expect(page.text.contains("cookie=[hop=2]"))
            await #expect(throws: PageLoadError.tooManyRedirects(server.appendingPathComponent("loop"))) {
                try await loader().load(server.appendingPathComponent("loop"))
            }
            #expect(
                PageLoadError.tooManyRedirects(server).description.hasPrefix("too many redirects (more than 20)"))
        }
    }

    @Test func anOpenOrDamagedJarTurnsCookiesOffAndIsLeftAlone() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LocalHTTPServer.with { server in
            _ = try await loader().load(server.appendingPathComponent("setcookie"))
            chmod(jar.path, 0o644)
            let before = try Data(contentsOf: jar)
            let open = try await loader().load(server.appendingPathComponent("setcookies"))
            #expect(open.cookieProblem?.contains("chmod 600 \(jar.path)") == true)
            #expect(open.text.contains("set"))
            #expect(try Data(contentsOf: jar) == before)

            try Data("{not json".utf8).write(to: jar)
            chmod(jar.path, 0o600)
            let damaged = try await loader().load(server.appendingPathComponent("echo"))
            #expect(damaged.cookieProblem?.contains("is damaged") == true)
            #expect(damaged.text.contains("cookie=[]"))
            #expect(try Data(contentsOf: jar) == Data("{not json".utf8))
        }
    }
}
