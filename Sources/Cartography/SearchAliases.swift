/// Other names people search stores by: country codes and names in common use or in the country's own
/// language (UK, USA, Deutschland), state and province codes (IL, NY, ON, NSW), regions and cities in their
/// own language (Bayern, München, Wien). Each maps to the dataset's own spelling.
enum SearchAliases {
    /// Country aliases by ISO code.
    static let countries: [String: [String]] = [
        "GB": ["UK", "U.K.", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland"],
        "US": ["USA", "U.S.A.", "U.S."],
        "DE": ["Deutschland"], "AT": ["Österreich"], "CH": ["Schweiz", "Suisse", "Svizzera"],
        "ES": ["España"], "IT": ["Italia"], "NL": ["Nederland", "Holland"], "SE": ["Sverige"],
        "BE": ["Belgique", "België"], "TR": ["Türkiye", "Turkey"], "JP": ["Nippon", "Nihon", "日本"],
        "CN": ["China", "中国", "Zhongguo"], "KR": ["Korea", "South Korea", "한국"], "TW": ["台灣", "台湾"],
        "HK": ["香港"], "MO": ["Macao", "澳門"], "BR": ["Brasil"], "AE": ["UAE", "Emirates"], "IN": ["Bharat"],
    ]

    /// Region aliases by country, then by the dataset's region name: codes (matched whole only) and names.
    static let regions: [String: [String: [String]]] = [
        "US": usStates, "CA": canadianProvinces, "AU": australianStates,
        "DE": [
            "Bavaria": ["Bayern"], "North Rhine-Westphalia": ["Nordrhein-Westfalen", "NRW"], "Hesse": ["Hessen"],
            "Saxony": ["Sachsen"], "Lower Saxony": ["Niedersachsen"],
        ],
        "AT": ["Vienna": ["Wien"]], "CH": ["Zurich": ["Zürich"], "Geneva": ["Genève", "Genf"]],
        "IT": ["Piedmont": ["Piemonte"], "Milan": ["Milano"], "Turin": ["Torino"], "Rome": ["Roma"]],
    ]

    /// City aliases by the dataset's city name.
    static let cities: [String: [String]] = [
        "Munich": ["München"], "Cologne": ["Köln"], "Vienna": ["Wien"], "Geneva": ["Genève", "Genf"],
        "Milan": ["Milano"], "Turin": ["Torino"], "Florence": ["Firenze"], "Rome": ["Roma"],
    ]

    /// Whether an alias is a code, matched only as a whole ("IL" is Illinois, not a prefix of "Ilford").
    static func isCode(_ alias: String) -> Bool {
        let letters = alias.filter { $0 != "." }
        return letters.count <= 3 && letters.allSatisfy(\.isUppercase)
    }

    static let usStates: [String: [String]] = [
        "Alabama": ["AL"], "Alaska": ["AK"], "Arizona": ["AZ"], "Arkansas": ["AR"], "California": ["CA"],
        "Colorado": ["CO"], "Connecticut": ["CT"], "Delaware": ["DE"], "District of Columbia": ["DC"],
        "Florida": ["FL"], "Georgia": ["GA"], "Hawaii": ["HI"], "Idaho": ["ID"], "Illinois": ["IL"],
        "Indiana": ["IN"], "Iowa": ["IA"], "Kansas": ["KS"], "Kentucky": ["KY"], "Louisiana": ["LA"],
        "Maine": ["ME"], "Maryland": ["MD"], "Massachusetts": ["MA"], "Michigan": ["MI"], "Minnesota": ["MN"],
        "Mississippi": ["MS"], "Missouri": ["MO"], "Montana": ["MT"], "Nebraska": ["NE"], "Nevada": ["NV"],
        "New Hampshire": ["NH"], "New Jersey": ["NJ"], "New Mexico": ["NM"], "New York": ["NY"],
        "North Carolina": ["NC"], "North Dakota": ["ND"], "Ohio": ["OH"], "Oklahoma": ["OK"], "Oregon": ["OR"],
        "Pennsylvania": ["PA"], "Rhode Island": ["RI"], "South Carolina": ["SC"], "South Dakota": ["SD"],
        "Tennessee": ["TN"], "Texas": ["TX"], "Utah": ["UT"], "Vermont": ["VT"], "Virginia": ["VA"],
        "Washington": ["WA"], "West Virginia": ["WV"], "Wisconsin": ["WI"], "Wyoming": ["WY"],
        "Puerto Rico": ["PR"],
    ]

    static let canadianProvinces: [String: [String]] = [
        "Alberta": ["AB"], "British Columbia": ["BC"], "Manitoba": ["MB"], "New Brunswick": ["NB"],
        "Newfoundland and Labrador": ["NL"], "Nova Scotia": ["NS"], "Ontario": ["ON"], "Prince Edward Island": ["PE"],
        "Quebec": ["QC", "Québec"], "Saskatchewan": ["SK"],
    ]

    static let australianStates: [String: [String]] = [
        "New South Wales": ["NSW"], "Victoria": ["VIC"], "Queensland": ["QLD"], "Western Australia": ["WA"],
        "South Australia": ["SA"], "Tasmania": ["TAS"], "Australian Capital Territory": ["ACT"],
    ]
}
