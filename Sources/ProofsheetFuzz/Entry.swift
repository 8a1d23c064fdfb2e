import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

// Two ways in. Built with `-DFUZZING` and `-sanitize=fuzzer` (`make fuzz`), libFuzzer's driver
// runs (see `fuzzMain`) and calls `LLVMFuzzerTestOneInput` with each input; the target comes from
// PROOFSHEET_FUZZ_TARGET. In a normal build, `ProofsheetFuzz` is a replay driver that runs files
// (a corpus, a crash, the regression folder) through the same target.

/// The target picked at start-up (libFuzzer runs one target per process).
private let selectedTarget: FuzzTarget = {
    guard let target = FuzzTarget.fromEnvironment else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("set \(FuzzTarget.environmentKey)=\(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// Runs one input; an error the target does not promise stops the process so that libFuzzer
/// records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try selectedTarget.run(bytes)
    } catch  where FuzzTarget.isExpected(error) {
        // Rejected with a message: the expected outcome for most inputs.
    } catch {
        fatalError("\(selectedTarget.rawValue): unexpected error type \(type(of: error)): \(error)")
    }
    return 0
}

#if FUZZING
    /// libFuzzer's driver, from its runtime (its header is C++-only and not on the include path).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The entry point of a fuzz build. SwiftPM links an executable with `main` aliased to
    /// `<module>_main`, which would hide libFuzzer's own `main`, so this hands over to its driver.
    @_cdecl("ProofsheetFuzz_main")
    func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var argc = argc, argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
    }
#else
    /// `ProofsheetFuzz [--target NAME] FILE|FOLDER...`: runs every file through the target and prints
    /// one line per file (`ok` or the error's message); exits 1 if any error was of an unexpected
    /// type. A crash is a crash, as under the fuzzer.
    @main
    struct Replay {
        static func main() {
            var args = Array(CommandLine.arguments.dropFirst())
            var target = FuzzTarget.fromEnvironment
            if args.first == "--target", args.count >= 2 {
                target = FuzzTarget(rawValue: args[1])
                args.removeFirst(2)
            }
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            guard let target, !args.isEmpty else {
                print("usage: ProofsheetFuzz [--target \(names)] FILE|FOLDER...  (or set \(FuzzTarget.environmentKey))")
                exit(2)
            }
            var unexpected = 0
            for path in files(args) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot read"); unexpected += 1; continue
                }
                do {
                    try target.run([UInt8](data))
                    print("\(path): ok")
                } catch  where FuzzTarget.isExpected(error) {
                    print("\(path): rejected: \(String("\(error)".prefix(200)))")
                } catch {
                    print("\(path): UNEXPECTED \(type(of: error)): \(error)")
                    unexpected += 1
                }
            }
            exit(unexpected == 0 ? 0 : 1)
        }

        /// The files named, with folders expanded to their files (sorted, not recursive).
        static func files(_ paths: [String]) -> [String] {
            paths.flatMap { path -> [String] in
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return [path] }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
            }
        }
    }
#endif
