/// A cache table for values looked up on every glyph or word (rendered glyphs, ink boxes, strikes):
/// open addressing over two 64-bit key halves, hashed with one multiplication. `Dictionary` runs
/// SipHash on every lookup, which cost more than the rest of a cache hit. It only grows or empties
/// all at once, as the caches using it do.
struct GlyphKeyedTable<Value> {
    /// A key: two 64-bit halves compared exactly (for instance a size's bit pattern and a glyph id).
    struct Key: Equatable {
        var high: UInt64
        var low: UInt64
    }

    private var keys: [Key]
    private var values: [Value?]
    /// Slots minus one (slots are a power of two).
    private var mask: Int
    /// How far to shift a key's product right to get a slot.
    private var shift: UInt64
    /// Entries held.
    private(set) var count = 0

    /// An empty table with room for `capacity` entries before it grows.
    init(capacity: Int = 16) {
        var slots = 16
        while slots < 2 * capacity { slots *= 2 }
        keys = Array(repeating: Key(high: 0, low: 0), count: slots)
        values = Array(repeating: nil, count: slots)
        mask = slots - 1
        shift = UInt64(64 - slots.trailingZeroBitCount)
    }

    /// The slot a key starts probing at: the key's halves mixed and multiplied by 2^64 / φ, whose
    /// top bits spread nearby keys (consecutive glyph ids) over the table.
    @inline(__always)
    private func start(_ key: Key) -> Int {
        Int(truncatingIfNeeded: (((key.high &* 0x9E37_79B9_7F4A_7C15) ^ key.low) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value stored for `key`, or nil.
    subscript(key: Key) -> Value? {
        var i = start(key)
        while let value = values[i] {
            if keys[i] == key { return value }
            i = (i &+ 1) & mask
        }
        return nil
    }

    /// Stores `value` for `key`, replacing any value it had.
    mutating func set(_ value: Value, for key: Key) {
        if 2 * (count + 1) > keys.count { grow() }
        var i = start(key)
        while values[i] != nil {
            if keys[i] == key { values[i] = value; return }
            i = (i &+ 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
    }

    /// Calls `body` with every value stored, in no particular order.
    func forEachValue(_ body: (Value) -> Void) {
        for case let value? in values { body(value) }
    }

    /// Forgets every entry, keeping the table's size.
    mutating func removeAll() {
        guard count > 0 else { return }
        for i in values.indices { values[i] = nil }
        count = 0
    }

    private mutating func grow() {
        var bigger = GlyphKeyedTable(capacity: keys.count)
        for i in keys.indices { if let v = values[i] { bigger.set(v, for: keys[i]) } }
        self = bigger
    }
}
