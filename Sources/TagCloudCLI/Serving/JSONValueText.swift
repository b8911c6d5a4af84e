import Foundation
import TagCloudExport

/// The JSON text of a value `JSONSerialization.jsonObject` returned (strings, numbers, booleans,
/// null, arrays, objects), for the term objects a request's `"tags"` carries.
///
/// `JSONSerialization.data` tries a long chain of casts on every value, bridging each object to
/// Foundation's classes on the way: for a request's term objects that costs more than laying out
/// a small cloud (bench/README.md, "tagcloud serve"). This
/// writes the same values (numbers as `JSONSerialization` reads them back: integers as integers,
/// decimals as their decimal text, doubles in the shortest form that reads back the same) with
/// a few casts, cheap ones first.
enum JSONValueText {
    /// The UTF-8 JSON text of `value`; nil when it holds anything else (a number that is not finite,
    /// a type `JSONSerialization` never returns).
    static func data(_ value: Any) -> Data? {
        var bytes: [UInt8] = []
        return append(value, to: &bytes) ? Data(bytes) : nil
    }

    private static func append(_ value: Any, to bytes: inout [UInt8]) -> Bool {
        if let s = value as? String {
            JSONString.append(s, to: &bytes)
            return true
        }
        if let object = value as? [String: Any] {
            bytes.append(UInt8(ascii: "{"))
            for (i, (key, item)) in object.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard append(item, to: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
            return true
        }
        if let array = value as? [Any] {
            bytes.append(UInt8(ascii: "["))
            for (i, item) in array.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                guard append(item, to: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
            return true
        }
        // Only a class instance can be an NSNumber or NSNull: asking a Swift value first would
        // bridge it to a Foundation object just to find out that it is not one.
        guard type(of: value) is AnyObject.Type else { return false }
        if let number = value as? NSNumber, let text = text(number) {
            bytes.append(contentsOf: Array(text.utf8))
            return true
        }
        if value is NSNull {
            bytes.append(contentsOf: Array("null".utf8))
            return true
        }
        return false
    }

    /// A number's JSON text; nil when it is not finite.
    private static func text(_ n: NSNumber) -> String? {
        switch UInt8(bitPattern: n.objCType.pointee) {
        case UInt8(ascii: "c"): return n.boolValue ? "true" : "false"
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            // Long decimals come as NSDecimalNumber: its own text, as JSONSerialization writes it.
            if n is NSDecimalNumber { return n.description }
            let d = n.doubleValue
            return d.isFinite ? "\(d)" : nil
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return String(n.uint64Value)
        default: return String(n.int64Value)
        }
    }
}
