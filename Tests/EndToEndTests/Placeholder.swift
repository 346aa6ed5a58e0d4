import Testing

@Test func builds() { #expect(1 + 1 == 2) }
