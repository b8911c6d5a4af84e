import CFreeType

/// Checks of font tables that a library downstream reads without checking them itself.
///
/// FreeType opens a font whose `name` table is damaged (it skips the bad records), but Cairo's
/// PDF font embedding (Cairo 1.16's TrueType subsetter) walks every name record and copies the
/// strings they point to without comparing them with the table's size: a damaged count or offset
/// reads past the table and crashes the process some of the time. So a font whose name records
/// leave the table is refused when it is opened, before any layout or drawing.
enum FontTableCheck {
    /// The tag 'name'.
    private static let nameTag = FT_ULong(0x6E61_6D65)

    /// Throws `GraphicsError.damagedFont` naming `path` when a record of the face's `name` table,
    /// or the string it points to, lies outside the table. A face without one passes.
    static func checkNameTable(_ face: FT_Face, path: String) throws(GraphicsError) {
        var length = FT_ULong(0)
        // Not an SFNT font, or no name table: nothing for Cairo's subsetter to read.
        guard FT_Load_Sfnt_Table(face, nameTag, 0, nil, &length) == 0, length > 0 else { return }
        guard length <= 1 << 24 else { throw damaged(path, "its name table claims \(length) bytes") }
        var table = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, nameTag, 0, &table, &length) == 0 else {
            throw damaged(path, "its name table cannot be read")
        }
        guard table.count >= 6 else { throw damaged(path, "its name table is cut short") }
        func uint16(_ offset: Int) -> Int { Int(table[offset]) << 8 | Int(table[offset + 1]) }
        let count = uint16(2), stringsStart = uint16(4)
        guard 6 + 12 * count <= table.count else {
            throw damaged(path, "its name table lists \(count) names but has room for \((table.count - 6) / 12)")
        }
        for i in 0..<count {
            let record = 6 + 12 * i
            let size = uint16(record + 8), offset = uint16(record + 10)
            guard stringsStart + offset + size <= table.count else {
                throw damaged(path, "name \(i + 1) of its name table points past the table's end")
            }
        }
    }

    private static func damaged(_ path: String, _ problem: String) -> GraphicsError {
        .damagedFont(path: path, problem: problem)
    }
}
