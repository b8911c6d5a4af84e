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
    /// raises its own mapping threshold after each such free and then keeps the memory, so through
    /// the allocator the peak would grow with the input where it should follow the vocabulary.
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
