/// A value kept on the heap and shared by every copy of what holds it: never changed once made (a
/// change makes a new box), so copies may share it across threads. A large value that most copies
/// hold unchanged (a font's names, a word's rarely set fields) then costs each holder 8 bytes.
final class SharedBox<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value.
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: SharedBox, b: SharedBox) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Fields a value can leave unset, all of them at once when `isEmpty`.
protocol OptionalFields: Hashable, Sendable {
    /// Every field unset.
    init()
    /// Whether every field is unset.
    var isEmpty: Bool { get }
}

/// Fields most values leave unset, shared in one box that is absent (8 bytes, no allocation) while
/// they all are: a million terms or placed words with only text and weight hold no box at all.
struct RareFields<Fields: OptionalFields>: Hashable, Sendable {
    private var box: SharedBox<Fields>?

    /// Holds `fields`.
    init(_ fields: Fields) { box = fields.isEmpty ? nil : SharedBox(fields) }

    /// The fields (every one unset when there is no box).
    var fields: Fields { box?.value ?? Fields() }

    /// Changes the fields through `change`, in a new box (or none when all end up unset).
    mutating func update(_ change: (inout Fields) -> Void) {
        var changed = fields
        change(&changed)
        self = RareFields(changed)
    }
}
