import TestSupport

/// This target's golden files (in `Golden/` beside this file).
let Golden = GoldenFiles(testFile: #filePath)
