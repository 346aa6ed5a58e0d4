import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

extension InProcessServices {
    /// `setCategories` keeps a running total of all apps' categories (issue 36: it re-weighed every app on
    /// every call). Property: over a random history of updates from a seed, each is kept or refused exactly
    /// as a full recount of what is kept (the model) says.
    @Suite struct CategoriesTotalTests {
        static func categories(_ random: inout SeededRandom) -> [NotificationCategory] {
            (0..<Int.random(in: 0...4, using: &random)).map { index in
                NotificationCategory(
                    identifier: "c\(index)",
                    actions: (0..<Int.random(in: 0...2, using: &random)).map { action in
                        NotificationAction(
                            identifier: "a\(action)",
                            title: String(repeating: "x", count: Int.random(in: 0...20, using: &random)))
                    })
            }
        }

        @Test(arguments: [UInt64(1), 36, 9000])
        func theRunningTotalDecidesAsAFullRecount(seed: UInt64) throws {
            let cap = 600
            var limits = DaemonLimits()
            var notifications = NotificationLimits()
            notifications.maxCategoriesTotalBytes = cap
            limits.notifications = notifications
            let daemon = try InProcessDaemon(limits: limits)
            defer { daemon.stop() }
            let socket = try daemon.connect()
            let devices = ["a", "b", "c"]
            // The devices become known through a request each.
            #expect(try NameBudgetTests.add(devices, on: socket, firstID: 1) == [nil, nil, nil])
            let bundles = [NotificationService.cliBundleIdentifier, "org.freedesktop.x", "org.freedesktop.y"]
            var model: [NotificationOwner: [NotificationCategory]] = [:]
            var random = SeededRandom(seed: seed)
            for step in 0..<300 {
                let owner = NotificationOwner(
                    bundleIdentifier: bundles.randomElement(using: &random) ?? "",
                    device: devices.randomElement(using: &random) ?? "")
                let update = Self.categories(&random)
                let others = model.reduce(0) { $1.key == owner ? $0 : $0 + ContentCheck.weight(of: $1.value) }
                let kept = others + ContentCheck.weight(of: update) <= cap
                let id = UInt64(100 + step)
                try socket.send(
                    try NotificationMessage.setCategories(CategoriesUpdate(owner: owner, categories: update))
                        .wire(requestID: id))
                let answer = try #require(socket.next { $0.requestID == id }, "seed \(seed), step \(step): no answer")
                var refused = false
                if case .error = answer { refused = true }
                #expect(refused == !kept, "seed \(seed), step \(step): \(answer)")
                guard refused == !kept else { return }
                if kept { model[owner] = update }
            }
        }
    }
}
