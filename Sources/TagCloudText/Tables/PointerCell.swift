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
