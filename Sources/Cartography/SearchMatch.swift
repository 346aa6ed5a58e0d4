/// Why a store is in the search results: which of its fields matched, how well, and what text.
public struct SearchMatch: Sendable, Hashable {
    /// The store's fields a search looks at.
    public enum Field: String, Sendable, Hashable {
        case name, city, region
        case postalCode = "postcode"
        case country
    }

    /// How well, best first: the whole field (or one of its other names), its start, a word's start, inside.
    public enum Kind: Int, Sendable, Hashable, Comparable {
        case exact, prefix, word, substring
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public var field: Field
    public var kind: Kind
    /// The text that matched: the field's, or the other name searched by ("UK").
    public var matched: String
    /// The field's own text when `matched` is another name for it ("United Kingdom" for "UK").
    public var canonical: String?

    /// "country UK = United Kingdom", "region IL = Illinois", "city Paris", "name Fukuoka (part)".
    public var summary: String {
        var text = "\(field.rawValue) \(matched)"
        if let canonical, canonical != matched { text += " = \(canonical)" }
        if kind == .substring { text += " (part)" }
        return text
    }
}

/// One text a store can be found by.
struct SearchField: Sendable {
    let field: SearchMatch.Field
    let key: SearchKey
    let shown: String
    let canonical: String?
    /// A code: only a whole match counts.
    let wholeOnly: Bool

    init(_ field: SearchMatch.Field, _ text: String, canonical: String? = nil, wholeOnly: Bool = false) {
        self.field = field
        key = SearchKey(text)
        shown = text
        self.canonical = canonical
        self.wholeOnly = wholeOnly
    }

    /// How `query` (folded) matches this text, if it does.
    func match(_ query: String) -> SearchMatch? {
        let kind: SearchMatch.Kind
        if key.folded == query {
            kind = .exact
        } else if wholeOnly {
            return nil
        } else if let rank = key.rank(of: query) {
            kind = rank == 0 ? .prefix : rank == 1 ? .word : .substring
        } else {
            return nil
        }
        return SearchMatch(field: field, kind: kind, matched: shown, canonical: canonical)
    }

    /// The texts `store` can be found by: its fields, its country's name, and the other names of its country,
    /// region and city.
    static func fields(of store: StoreRecord, countryName: String?) -> [SearchField] {
        var fields = [
            SearchField(.name, store.name), SearchField(.city, store.city), SearchField(.region, store.region),
            SearchField(.postalCode, store.postalCode), SearchField(.country, store.country, wholeOnly: true),
        ]
        let country = countryName ?? store.country
        if let countryName { fields.append(SearchField(.country, countryName)) }
        for alias in SearchAliases.countries[store.country] ?? [] {
            fields.append(SearchField(.country, alias, canonical: country, wholeOnly: SearchAliases.isCode(alias)))
        }
        for alias in SearchAliases.regions[store.country]?[store.region] ?? [] {
            fields.append(
                SearchField(.region, alias, canonical: store.region, wholeOnly: SearchAliases.isCode(alias)))
        }
        for alias in SearchAliases.cities[store.city] ?? [] {
            fields.append(SearchField(.city, alias, canonical: store.city))
        }
        return fields.filter { !$0.key.folded.isEmpty }
    }
}
