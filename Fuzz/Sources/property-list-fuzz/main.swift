import CFuzzerDriver
import Foundation

// The program's entry: libFuzzer's driver, with its options from the command line.
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues, fuzzPropertyListValues))
