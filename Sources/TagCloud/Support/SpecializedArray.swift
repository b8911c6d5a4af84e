extension Array {
    /// `count` copies of `value`, allocated by code specialised for `Element`.
    ///
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:initializingWith:)` take
    /// their storage from a standard-library function compiled once for all element types, which
    /// looks up the storage class of `Element` at run time on every call, which costs as much as
    /// the rest of making a small array. A layout makes several small arrays for every word (its
    /// masks, their search probes, the plans of its searches). Built from a sequence instead, the
    /// array is allocated by code specialised where it is made, which knows the class.
    @inlinable
    package init(specializedRepeating value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
