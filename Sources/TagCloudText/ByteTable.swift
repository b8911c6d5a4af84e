import CICUShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array in manually managed memory. The counter's hot tables use it instead of `Array`
/// because they live in a class: every `Array` access through a class property pays a dynamic
/// exclusivity check and a uniqueness check, which cost more than the work per word.
final class RawBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    private let mapsLarge: Bool
    /// Whether `base` was mapped (rather than allocated): a mapping the system refused falls back to
    /// the allocator, and the block must go back the way it came.
    private var mapped: Bool

    /// `mapsLarge`: whether blocks of 1 MB and more are mapped on huge pages (see `allocate`). Off for
    /// buffers of which many exist at once: each would take a whole 2 MB page however little it holds.
    init(capacity: Int = 1024, mapsLarge: Bool = true) {
        self.capacity = max(capacity, 16)
        self.mapsLarge = mapsLarge
        (base, mapped) = Self.allocate(self.capacity, mapsLarge)
    }

    /// Blocks from this size up are mapped from the system directly.
    private static var mappedBytes: Int { 1 << 20 }

    /// Cache-line aligned, so a hash-table slot never straddles two lines. Large blocks (the hash
    /// tables, rebuilt many times while counting a big file) are mapped and unmapped directly: glibc
    /// raises its own mapping threshold after each such free and then keeps the memory, so the peak
    /// grew with the input (83 MB for 10 MB of text, 132 MB for 200 MB) where it should stay flat.
    private static func allocate(_ n: Int, _ mapsLarge: Bool) -> (UnsafeMutablePointer<Element>, mapped: Bool) {
        let bytes = n * MemoryLayout<Element>.stride
        if mapsLarge && bytes >= mappedBytes, let p = LargeMapping.map(bytes) {
            return (p.bindMemory(to: Element.self, capacity: n), true)
        }
        let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: max(64, MemoryLayout<Element>.alignment))
        return (p.bindMemory(to: Element.self, capacity: n), false)
    }

    private static func release(_ p: UnsafeMutablePointer<Element>, _ n: Int, mapped: Bool) {
        if mapped { LargeMapping.unmap(UnsafeMutableRawPointer(p), n * MemoryLayout<Element>.stride) } else { p.deallocate() }
    }

    /// Creates a buffer of `count` copies of `value`.
    convenience init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit {
        base.deinitialize(count: count)
        Self.release(base, capacity, mapped: mapped)
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

    /// Empties the buffer, keeping its memory (for trivial elements only).
    @inline(__always) func removeAll() { count = 0 }

    private func reserve(_ newCapacity: Int) {
        let (fresh, freshMapped) = Self.allocate(newCapacity, mapsLarge)
        fresh.moveInitialize(from: base, count: count)
        Self.release(base, capacity, mapped: mapped)
        base = fresh
        mapped = freshMapped
        capacity = newCapacity
    }
}

/// Memory mapped from the system for the counter's large tables, on 2 MB boundaries with transparent
/// huge pages requested (Linux): a 16 MB hash table then costs 8 page faults instead of 4,096, and its
/// random accesses miss the TLB far less. Profiles of a 10 MB text showed page faults at 12% of the
/// time and the collocation sort bound by TLB misses.
enum LargeMapping {
    private static let page = 4096
    private static let hugePage = 1 << 21

    private static func rounded(_ bytes: Int) -> Int { (bytes + page - 1) & ~(page - 1) }

    /// A zero-filled block of at least `bytes` bytes, or nil when the system refuses.
    static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let length = rounded(bytes)
        #if os(Linux)
        // Map a huge page more than needed and trim both ends, so the block starts on a boundary.
        let total = length + hugePage
        guard let raw = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: raw)
        let aligned = (address + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let head = Int(aligned - address)
        if head > 0 { munmap(raw, head) }
        if total - head - length > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(length)), total - head - length) }
        let block = UnsafeMutableRawPointer(bitPattern: aligned)!
        _ = madvise(block, length, MADV_HUGEPAGE)
        return block
        #else
        guard let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED else { return nil }
        return p
        #endif
    }

    /// Returns a block from `map` with the same `bytes`.
    static func unmap(_ block: UnsafeMutableRawPointer, _ bytes: Int) { munmap(block, rounded(bytes)) }
}

/// One value in manually managed memory, for state a class changes on every word: a write to a
/// class's stored property pays a dynamic exclusivity check, a write through this `let` pointer does not.
final class PointerCell<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

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
                && (n <= 16 || tailEqual(Int(s.info & 0xFFFF_FFFF) - 1, p, n)) {
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

/// Counts of word pairs, keyed by two 32-bit ids: open addressing in manually managed memory, with
/// pruning of the rarest pairs so its size stays under a limit. Key and count share a slot, so an
/// increment costs one cache miss, not two: the table outgrows the cache on any real text.
final class PairTable {
    private struct Entry { var key: UInt64; var count: UInt32 }
    private var entries: RawBuffer<Entry>
    private var mask: Int
    private static let empty = UInt64.max
    /// The number of distinct pairs.
    private(set) var count = 0

    init(capacity: Int = 1 << 14) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = RawBuffer(repeating: Entry(key: Self.empty, count: 0), count: size)
        mask = size - 1
    }

    @inline(__always) static func key(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(a)) << 32 | UInt64(UInt32(b)) }

    @inline(__always) private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    /// Starts loading the slot where the pair's lookup begins.
    @inline(__always) func prefetch(_ key: UInt64) { tc_prefetch(entries.base + Self.slot(key, mask)) }

    /// Adds one to the pair's count.
    @inline(__always) func increment(_ key: UInt64) {
        let e = entries.base
        var slot = Self.slot(key, mask)
        while true {
            let found = e[slot].key
            if found == key { e[slot].count &+= 1; return }
            if found == Self.empty { break }
            slot = (slot + 1) & mask
        }
        e[slot] = Entry(key: key, count: 1)
        count += 1
        if count * 2 > mask { rebuild(size: (mask + 1) * 2, keepAbove: 0) }
    }

    /// Keeps only the pairs counted more than `level` times.
    func prune(keepAbove level: UInt32) { rebuild(size: mask + 1, keepAbove: level) }

    /// Every pair with its count, in table order.
    func forEach(_ body: (UInt64, UInt32) -> Void) {
        // Through a pointer: each access to the buffer property pays a dynamic exclusivity check.
        let e = entries.base
        for i in 0...mask where e[i].key != Self.empty { body(e[i].key, e[i].count) }
    }

    private func rebuild(size: Int, keepAbove level: UInt32) {
        let oldBuffer = entries, oldSize = mask + 1
        entries = RawBuffer(repeating: Entry(key: Self.empty, count: 0), count: size)
        let m = size - 1
        mask = m
        let old = oldBuffer.base, fresh = entries.base
        var kept = 0
        let ahead = 16
        for i in 0..<oldSize {
            if i + ahead < oldSize && old[i + ahead].key != Self.empty {
                tc_prefetch(fresh + Self.slot(old[i + ahead].key, m))
            }
            guard old[i].key != Self.empty && old[i].count > level else { continue }
            var slot = Self.slot(old[i].key, m)
            while fresh[slot].key != Self.empty { slot = (slot + 1) & m }
            fresh[slot] = old[i]
            kept += 1
        }
        count = kept
        withExtendedLifetime(oldBuffer) {}
    }
}
