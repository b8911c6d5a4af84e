import CICUShim

/// An open-addressing hash set of byte strings that hands out dense ids (0, 1, 2, … in first-seen
/// order). The counter interns every word through it: hashing the UTF-8 bytes directly avoids
/// creating a `String` per word, which would cost more than the rest of the counting.
///
/// A slot keeps the first 16 bytes of its string, the full hash and the length, so finding a word
/// touches one cache line: a separate slot → start → bytes chain costs three dependent cache misses
/// per word once the input streaming through the cache has evicted the tables, which made this the
/// slowest step of counting. Only strings longer than 16 bytes compare the rest in the arena.
final class ByteTable {
    private struct Slot {
        var head0: UInt64, head1: UInt64
        var hash: UInt64
        /// Length << 32 | (id + 1); 0 for an empty slot.
        var info: UInt64
    }
    private let arena = RawBuffer<UInt8>(capacity: 1 << 16)
    private let starts = RawBuffer<Int>(capacity: 1 << 12)
    private var slots: RawBuffer<Slot>
    private var mask: Int

    init(capacity: Int = 1 << 14) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = RawBuffer(repeating: Slot(head0: 0, head1: 0, hash: 0, info: 0), count: size)
        mask = size - 1
        starts.append(0)
    }

    /// The number of distinct strings.
    var count: Int { starts.count - 1 }

    /// The bytes of string `id`.
    func bytes(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena.base + starts[id], count: starts[id + 1] - starts[id])
    }

    /// A string's first 16 bytes and hash, computed once for a prefetch and the lookup after it.
    struct Key {
        var head0: UInt64, head1: UInt64, hash: UInt64
        @inline(__always) init(_ p: UnsafePointer<UInt8>, _ n: Int) {
            (head0, head1) = ByteTable.heads(p, n)
            hash = ByteTable.hash(p, n, head0, head1)
        }
        /// The key of bytes whose hash is known (the heads are two loads; the hash reads every byte).
        @inline(__always) init(_ p: UnsafePointer<UInt8>, _ n: Int, hash: UInt64) {
            (head0, head1) = ByteTable.heads(p, n)
            self.hash = hash
        }
    }

    /// Starts loading the slot where a lookup of `key` begins.
    @inline(__always) func prefetch(_ key: Key) { prefetch(hash: key.hash) }

    /// Starts loading the slot where a lookup of a key with this hash begins (the slot depends on the
    /// hash alone, so a caller holding only the hash need not rebuild the key).
    @inline(__always) func prefetch(hash: UInt64) {
        tc_prefetch(slots.base + (Int(truncatingIfNeeded: hash) & mask))
    }

    /// The id of the bytes, adding them when new.
    @inline(__always)
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int) -> (id: Int32, isNew: Bool) {
        intern(p, n, Key(p, n))
    }

    /// The id of the bytes, whose key is `key`, adding them when new.
    @inline(__always)
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int, _ key: Key) -> (id: Int32, isNew: Bool) {
        let (slot, found) = probe(p, n, key)
        if let found { return (found, false) }
        let id = count
        slots.base[slot] = Slot(head0: key.head0, head1: key.head1, hash: key.hash, info: UInt64(n) << 32 | UInt64(id + 1))
        arena.append(p, count: n)
        starts.append(arena.count)
        if count * 2 > mask { grow() }
        return (Int32(id), true)
    }

    /// The id of the bytes, or nil when they were never interned.
    func find(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int32? {
        probe(p, n, Key(p, n)).found
    }

    /// The slot holding the bytes and their id, or the empty slot where they would go and nil.
    @inline(__always)
    private func probe(_ p: UnsafePointer<UInt8>, _ n: Int, _ key: Key) -> (slot: Int, found: Int32?) {
        let lengthTag = UInt64(n) << 32
        let slotBase = slots.base
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        while true {
            let s = slotBase[slot]
            if s.info == 0 { return (slot, nil) }
            if s.hash == key.hash && s.head0 == key.head0 && s.head1 == key.head1
                && s.info & 0xFFFF_FFFF_0000_0000 == lengthTag
                && (n <= 16 || tailEqual(Int(s.info & 0xFFFF_FFFF) - 1, p, n))
            {
                return (slot, Int32(truncatingIfNeeded: s.info & 0xFFFF_FFFF) - 1)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether string `id` (known to have length `n` and the same first 16 bytes) equals `p`.
    private func tailEqual(_ id: Int, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let a = arena.base + starts[id]
        var i = 16
        while i < n { if a[i] != p[i] { return false }; i += 1 }
        return true
    }

    private func grow() {
        let size = (mask + 1) * 2
        let freshBuffer = RawBuffer<Slot>(repeating: Slot(head0: 0, head1: 0, hash: 0, info: 0), count: size)
        let m = size - 1
        let old = slots.base, fresh = freshBuffer.base
        for i in 0...mask where old[i].info != 0 {
            var slot = Int(truncatingIfNeeded: old[i].hash) & m
            while fresh[slot].info != 0 { slot = (slot + 1) & m }
            fresh[slot] = old[i]
        }
        slots = freshBuffer
        mask = m
    }

    /// The first 16 bytes, zero-padded, read without touching a byte past the end.
    @inline(__always)
    static func heads(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        if n >= 16 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        if n >= 8 { return (raw.loadUnaligned(as: UInt64.self), partial(raw + 8, n - 8)) }
        return (partial(raw, n), 0)
    }

    /// Up to 7 bytes as the low bytes of a word (little-endian order; only equality and hashing use it).
    @inline(__always)
    static func partial(_ p: UnsafeRawPointer, _ n: Int) -> UInt64 {
        var v: UInt64 = 0, i = 0
        if n & 4 != 0 { v = UInt64(p.loadUnaligned(as: UInt32.self)); i = 4 }
        if n & 2 != 0 { v |= UInt64(p.loadUnaligned(fromByteOffset: i, as: UInt16.self)) << UInt64(i * 8); i += 2 }
        if n & 1 != 0 { v |= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) << UInt64(i * 8) }
        return v
    }

    /// A fast multiplicative hash over 8-byte words, finished with a mix so the low bits (the slot) are good.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int, _ h0: UInt64, _ h1: UInt64) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n)
        h = (h ^ h0) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        h = (h ^ h1) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        if n > 16 {
            let raw = UnsafeRawPointer(p)
            var i = 16
            while i + 8 <= n {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
                i += 8
            }
            if i < n { h = (h ^ partial(raw + i, n - i)) &* 0xBF58_476D_1CE4_E5B9 }
        }
        h ^= h >> 31
        h = h &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }
}
