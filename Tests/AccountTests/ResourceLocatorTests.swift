import BatonEnvironment
import Foundation
import Testing

/// The one lookup rule for programs and resources (`Sources/BatonEnvironment/README.md`): a checkout's build and
/// an installed tree (`PREFIX/bin`, `PREFIX/lib/baton`, `PREFIX/share/baton`) unpacked anywhere.
@Suite struct ResourceLocatorTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "baton-layout-\(UUID().uuidString)")

    private func make(_ path: String, executable: Bool = false) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        return url
    }

    @Test func installedTreeFindsHelpersAndResourcesFromBinAndLib() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let baton = try make("usr/bin/baton", executable: true)
        let fetch = try make("usr/lib/baton/baton-fetch", executable: true)
        _ = try make("usr/lib/baton/baton-box", executable: true)
        _ = try make("usr/share/baton/ATTRIBUTION.md")
        let helpers = root.appendingPathComponent("usr/lib/baton").standardizedFileURL.path
        let resources = root.appendingPathComponent("usr/share/baton").standardizedFileURL.path
        for program in [baton, fetch] {
            #expect(ResourceLocator.helperDirectory(executable: program).standardizedFileURL.path == helpers)
            #expect(ResourceLocator.resourcesDirectory(executable: program)?.standardizedFileURL.path == resources)
            #expect(ResourceLocator.batonExecutable(executable: program).standardizedFileURL.path == baton.path)
        }
    }

    @Test func checkoutBuildKeepsProgramsSideBySide() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let baton = try make("checkout/.build/debug/baton", executable: true)
        let link = try make("checkout/.build/debug/baton-link", executable: true)
        _ = try make("checkout/Resources/ATTRIBUTION.md")
        let build = baton.deletingLastPathComponent().path
        #expect(ResourceLocator.helperDirectory(executable: link).path == build)
        #expect(ResourceLocator.batonExecutable(executable: link).path == baton.path)
        #expect(
            ResourceLocator.resourcesDirectory(executable: baton)?.path
                == root.appendingPathComponent("checkout/Resources").path)
    }

    /// A `bin/` without `lib/baton/baton-box` beside it is no installed tree: the helpers stay beside the program.
    @Test func binWithoutSupervisorIsNotAnInstalledTree() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let baton = try make("opt/bin/baton", executable: true)
        #expect(ResourceLocator.helperDirectory(executable: baton).path == baton.deletingLastPathComponent().path)
    }
}
