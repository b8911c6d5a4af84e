/// A buffer reused from glyph to glyph: grown when a glyph needs more, handed out zeroed.
struct ScratchBuffer<Element: FixedWidthInteger> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// The buffer, at least `count` elements, all zero.
    mutating func zeroed(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = .allocate(capacity: capacity)
        }
        base.update(repeating: 0, count: max(count, 0))
        return base
    }

    /// Frees the buffer; it must not be used afterwards.
    func deallocate() { base.deallocate() }
}
