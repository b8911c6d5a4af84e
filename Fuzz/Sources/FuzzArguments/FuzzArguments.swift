import TagCloudCLI

/// libFuzzer entry: the input, split at NUL bytes, is a command line for `flow` and `cloud`'s option
/// tables. Any outcome but a crash is fine; errors must be `CLIError`s with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let args = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    for specs in [TagCloudTool.options(of: "flow")!, TagCloudTool.options(of: "cloud")!] {
        do {
            let parsed = try CommandLineParser(options: specs).parse(args)
            for spec in specs where spec.valueName != nil {
                _ = try? parsed.double(spec.name, range: 0...100_000)
                _ = try? parsed.int(spec.name, range: 1...1000)
                _ = try? parsed.uint64(spec.name)
            }
        } catch let e as CLIError {
            precondition(!e.description.isEmpty)
        } catch {
            preconditionFailure("unexpected error type \(error)")
        }
    }
    return 0
}
