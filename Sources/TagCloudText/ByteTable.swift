/// A growable array in manually managed memory. The counter's hot tables use it instead of `Array`
/// because they live in a class: every `Array` access through a class property pays a dynamic
/// exclusivity check and a uniqueness check, which cost more than the work per word.
final class RawBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Creates a buffer of `count` copies of `value`.
    convenience init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    @inline(__always) func append(_ value: Element) {
        if count == capacity { reserve(capacity * 2) }
        (base + count).initialize(to: value)
        count += 1
    }

    func append(_ values: UnsafePointer<Element>, count n: Int) {
        if count + n > capacity { reserve(max(capacity * 2, count + n)) }
        (base + count).initialize(from: values, count: n)
        count += n
    }

    private func reserve(_ newCapacity: Int) {
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}

/// An open-addressing hash set of byte strings that hands out dense ids (0, 1, 2, … in first-seen
/// order). The counter interns every word through it: hashing the UTF-8 bytes directly avoids
/// creating a `String` per word, which would cost more than the rest of the counting.
final class ByteTable {
    private let arena = RawBuffer<UInt8>(capacity: 1 << 16)
    private let starts = RawBuffer<Int>(capacity: 1 << 12)
    private let hashes = RawBuffer<UInt64>(capacity: 1 << 12)
    /// Each slot holds the upper 32 bits of the hash and id + 1 (0 = empty), so a probe that misses
    /// touches only the slot array: fewer cache misses on a large vocabulary.
    private var slots: RawBuffer<UInt64>
    private var mask: Int

    init(capacity: Int = 1 << 14) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = RawBuffer(repeating: 0, count: size)
        mask = size - 1
        starts.append(0)
    }

    /// The number of distinct strings.
    var count: Int { starts.count - 1 }

    /// The bytes of string `id`.
    func bytes(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena.base + starts[id], count: starts[id + 1] - starts[id])
    }

    /// The id of the bytes, adding them when new.
    @inline(__always)
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int) -> (id: Int32, isNew: Bool) {
        let h = Self.hash(p, n)
        let tag = h & 0xFFFF_FFFF_0000_0000
        let slotBase = slots.base, startBase = starts.base, arenaBase = arena.base
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let entry = slotBase[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let i = Int(entry & 0xFFFF_FFFF) - 1
                let s = startBase[i]
                if startBase[i + 1] - s == n && memcmpEqual(arenaBase + s, p, n) { return (Int32(i), false) }
            }
            slot = (slot + 1) & mask
        }
        let id = count
        slotBase[slot] = tag | UInt64(id + 1)
        hashes.append(h)
        arena.append(p, count: n)
        starts.append(arena.count)
        if count * 2 > mask { grow() }
        return (Int32(id), true)
    }

    /// The id of the bytes, or nil when they were never interned.
    func find(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int32? {
        let h = Self.hash(p, n)
        let tag = h & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let i = Int(entry & 0xFFFF_FFFF) - 1
                let s = starts[i]
                if starts[i + 1] - s == n && memcmpEqual(arena.base + s, p, n) { return Int32(i) }
            }
            slot = (slot + 1) & mask
        }
    }

    private func grow() {
        let size = (mask + 1) * 2
        let fresh = RawBuffer<UInt64>(repeating: 0, count: size)
        let m = size - 1
        for i in 0..<hashes.count {
            let h = hashes[i]
            var slot = Int(truncatingIfNeeded: h) & m
            while fresh[slot] != 0 { slot = (slot + 1) & m }
            fresh[slot] = h & 0xFFFF_FFFF_0000_0000 | UInt64(i + 1)
        }
        slots = fresh
        mask = m
    }

    /// A fast multiplicative hash over 8-byte words, finished with a mix so the low bits (the slot) are good.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n)
        var i = 0
        while i + 8 <= n {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n { tail |= UInt64(p[i]) << shift; shift += 8; i += 1 }
            h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        }
        h ^= h >> 31
        h = h &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }
}

/// Counts of word pairs, keyed by two 32-bit ids: open addressing in manually managed memory, with
/// pruning of the rarest pairs so its size stays under a limit.
final class PairTable {
    private var keys: RawBuffer<UInt64>
    private var values: RawBuffer<UInt32>
    private var mask: Int
    private static let empty = UInt64.max
    /// The number of distinct pairs.
    private(set) var count = 0

    init(capacity: Int = 1 << 14) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = RawBuffer(repeating: Self.empty, count: size)
        values = RawBuffer(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) static func key(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(a)) << 32 | UInt64(UInt32(b)) }

    /// Adds one to the pair's count.
    @inline(__always) func increment(_ key: UInt64) {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        var slot = Int(truncatingIfNeeded: h) & mask
        let k = keys.base, v = values.base
        while true {
            let found = k[slot]
            if found == key { v[slot] &+= 1; return }
            if found == Self.empty { break }
            slot = (slot + 1) & mask
        }
        k[slot] = key
        v[slot] = 1
        count += 1
        if count * 2 > mask { rebuild(size: (mask + 1) * 2, keepAbove: 0) }
    }

    /// Adds `amount` to the pair's count.
    func add(_ key: UInt64, _ amount: UInt32) {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let found = keys[slot]
            if found == key { values[slot] &+= amount; return }
            if found == Self.empty { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = amount
        count += 1
        if count * 2 > mask { rebuild(size: (mask + 1) * 2, keepAbove: 0) }
    }

    /// Keeps only the pairs counted more than `level` times.
    func prune(keepAbove level: UInt32) { rebuild(size: mask + 1, keepAbove: level) }

    /// Every pair with its count, in table order.
    func forEach(_ body: (UInt64, UInt32) -> Void) {
        for i in 0...mask where keys[i] != Self.empty { body(keys[i], values[i]) }
    }

    private func rebuild(size: Int, keepAbove level: UInt32) {
        let oldKeys = keys, oldValues = values, oldSize = mask + 1
        keys = RawBuffer(repeating: Self.empty, count: size)
        values = RawBuffer(repeating: 0, count: size)
        mask = size - 1
        count = 0
        for i in 0..<oldSize where oldKeys[i] != Self.empty && oldValues[i] > level {
            let key = oldKeys[i]
            var h = key &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            var slot = Int(truncatingIfNeeded: h) & mask
            while keys[slot] != Self.empty { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = oldValues[i]
            count += 1
        }
    }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    while i < n { if a[i] != b[i] { return false }; i += 1 }
    return true
}
