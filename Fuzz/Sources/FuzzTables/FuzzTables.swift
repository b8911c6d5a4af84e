import Foundation
import TagCloudText

/// libFuzzer entry: the first byte picks the format (lines, CSV, JSON), the rest is the file.
/// Readers must return tags or throw a `TextError` naming the file — never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTables(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let names = ["fuzz.tsv", "fuzz.csv", "fuzz.json", "fuzz.txt"]
    let name = names[Int(data[0]) % names.count]
    let body = Data(bytes: data + 1, count: size - 1)
    do {
        let terms = try TagListReader.read(data: body, name: name)
        for t in terms { precondition(t.weight.isFinite && t.weight >= 0, "bad weight accepted") }
    } catch let e as TextError {
        precondition(e.description.contains(name))
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
    return 0
}
