import Foundation
import Testing
import Wire

/// The store's limits, as both the client and the daemon apply them.
struct KeyValueLimitsTests {
    @Test func keysUpTo64UTF8BytesAreAccepted() throws {
        try KeyValueLimits.validate(key: String(repeating: "k", count: 64))
        try KeyValueLimits.validate(key: String(repeating: "é", count: 32))
        #expect(throws: KeyValueStoreError.keyTooLong(key: String(repeating: "é", count: 33), bytes: 66, limit: 64)) {
            try KeyValueLimits.validate(key: String(repeating: "é", count: 33))
        }
        #expect(throws: KeyValueStoreError.emptyKey) { try KeyValueLimits.validate(key: "") }
    }

    @Test func the1025thKeyIsRefusedButExistingKeysCanChange() throws {
        let admitted = try KeyValueLimits.admit(
            key: "new", value: .int(1), previous: nil, count: 1023, total: 10_000)
        #expect(admitted > 10_000)
        #expect(throws: KeyValueStoreError.tooManyKeys(key: "new", limit: 1024)) {
            try KeyValueLimits.admit(key: "new", value: .int(1), previous: nil, count: 1024, total: 10_000)
        }
        _ = try KeyValueLimits.admit(key: "old", value: .int(2), previous: .int(1), count: 1024, total: 10_000)
    }

    @Test func theTotalMayNotPassOneMegabyte() throws {
        let value = PropertyListValue.string(String(repeating: "x", count: 600_000))
        let size = KeyValueLimits.size(key: "a", value: value)
        #expect(size == 3 + 600_000 + #"{"string":""}"#.utf8.count)
        let total = try KeyValueLimits.admit(key: "a", value: value, previous: nil, count: 0, total: 0)
        #expect(total == size)
        #expect(throws: KeyValueStoreError.self) {
            try KeyValueLimits.admit(key: "b", value: value, previous: nil, count: 1, total: total)
        }
        // Replacing a value releases its old size first.
        #expect(try KeyValueLimits.admit(key: "a", value: value, previous: value, count: 1, total: total) == total)
        // Removing is always admitted.
        #expect(try KeyValueLimits.admit(key: "a", value: nil, previous: value, count: 1, total: total) == 0)
    }

    @Test(arguments: [
        PropertyListValue.null, .set([.int(1)]), .url(URL(fileURLWithPath: "/x")), .double(.nan),
        .array([.int(1), .null]), .dictionary(["nested": .dictionary(["u": .url(URL(fileURLWithPath: "/y"))])]),
    ])
    func valuesThatAreNotPropertyListsAreRefused(_ value: PropertyListValue) {
        #expect(throws: KeyValueStoreError.self) { try KeyValueLimits.validate(value: value, key: "k") }
    }

    @Test func limitErrorsAreQuotaViolationsAndBadValuesAreNot() {
        #expect(KeyValueStoreError.keyTooLong(key: "k", bytes: 65, limit: 64).isQuotaViolation)
        #expect(KeyValueStoreError.tooManyKeys(key: "k", limit: 1024).isQuotaViolation)
        #expect(KeyValueStoreError.quotaExceeded(key: "k", size: 2, limit: 1).isQuotaViolation)
        #expect(!KeyValueStoreError.unsupportedValue(key: "k", reason: "null").isQuotaViolation)
    }
}
