import Foundation
import TestSupport
import Testing
import Today

@Suite("Widget host: budgets and misbehaving extensions")
struct WidgetHostTests {
    /// A fixture with the faulty and greedy test extensions installed.
    private func faultyFixture() throws -> (WidgetFixture, WidgetCatalog) {
        let fixture = try WidgetFixture()
        try fixture.installWidget("Faulty", name: "faulty", executable: "faulty-widget")
        try fixture.installWidget("Greedy", name: "greedy", executable: "greedy-widget")
        try fixture.installWidget("Missing", name: "missing", executable: "no-such-widget")
        return (fixture, try WidgetCatalog.load(resources: fixture.resources))
    }

    @Test("a well-behaved extension answers with its result")
    func behaves() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        let outcome = fixture.update(try #require(catalog.widget(named: "faulty")))
        #expect(outcome.failure == nil)
        #expect(outcome.result == .noData)
        #expect(outcome.text == "Behaving")
    }

    @Test("an extension over the memory budget is ended and shows Unable to Load")
    func greedy() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        let outcome = fixture.update(try #require(catalog.widget(named: "greedy")))
        guard case .memoryExceeded(let peak, let limit)? = outcome.failure else {
            Issue.record("expected memoryExceeded, got \(String(describing: outcome.failure))")
            return
        }
        #expect(limit == 16 * 1024)
        #expect(peak > limit)
        #expect(outcome.result == .failed)
        #expect(outcome.text == "Unable to Load")
    }

    @Test("a crash is reported with its signal")
    func crash() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        try fixture.setFaultyMode("crash")
        let outcome = fixture.update(try #require(catalog.widget(named: "faulty")))
        #expect(outcome.failure == .crashed(signal: SIGSEGV))
        #expect(outcome.isUnableToLoad)
    }

    @Test("a hang is ended at the time limit")
    func hang() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        try fixture.setFaultyMode("hang")
        let host = fixture.host(limits: WidgetLimits(updateTimeout: .milliseconds(300)))
        let outcome = fixture.update(try #require(catalog.widget(named: "faulty")), host: host)
        #expect(outcome.failure == .timedOut(milliseconds: 300))
    }

    @Test("garbage on stdout is refused")
    func garbage() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        try fixture.setFaultyMode("garbage")
        let outcome = fixture.update(try #require(catalog.widget(named: "faulty")))
        guard case .garbage? = outcome.failure else {
            Issue.record("expected garbage, got \(String(describing: outcome.failure))")
            return
        }
    }

    @Test("a widget that never calls its completion handler, or cancels, fails with the reason")
    func cancelled() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        let widget = try #require(catalog.widget(named: "faulty"))
        try fixture.setFaultyMode("silent")
        #expect(
            fixture.update(widget).failure
                == .cancelled(reason: "the widget returned without calling its completion handler"))
        try fixture.setFaultyMode("cancel")
        #expect(fixture.update(widget).failure == .cancelled(reason: "nothing to show"))
    }

    @Test("openURL: baton:// URLs pass, other schemes are refused; completeRequest ends cleanly")
    func openURL() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        try fixture.setFaultyMode("open")
        let outcome = fixture.update(try #require(catalog.widget(named: "faulty")))
        #expect(outcome.failure == nil)
        #expect(outcome.openedURLs.map(\.absoluteString) == ["baton://stores?store=regent-street"])
        #expect(outcome.refusedURLs == ["https://example.com/: only baton:// URLs open from a widget"])
    }

    @Test("an extension holds nothing of its host: only 0, 1 and 2, not the terminal nor a daemon connection")
    func inheritsNoDescriptor() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        let bait = try InheritableBait()
        try fixture.setFaultyMode("descriptors")
        let outcome = fixture.update(try #require(catalog.widget(named: "faulty")))
        #expect(outcome.failure == nil)
        #expect(outcome.text == "descriptors 0 1 2")
        #expect(!bait.wasWritten, "the widget wrote to a descriptor of its host")
    }

    @Test("a missing executable is Unable to Load")
    func missingExecutable() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        let outcome = fixture.update(try #require(catalog.widget(named: "missing")))
        guard case .executableMissing? = outcome.failure else {
            Issue.record("expected executableMissing, got \(String(describing: outcome.failure))")
            return
        }
    }

    @Test("after a crash the next update recovers")
    func recovers() throws {
        let (fixture, catalog) = try faultyFixture()
        defer { fixture.remove() }
        let widget = try #require(catalog.widget(named: "faulty"))
        try fixture.setFaultyMode("crash")
        #expect(fixture.update(widget).isUnableToLoad)
        try fixture.setFaultyMode("behave")
        let next = fixture.update(widget)
        #expect(next.failure == nil)
        #expect(next.text == "Behaving")
    }
}
