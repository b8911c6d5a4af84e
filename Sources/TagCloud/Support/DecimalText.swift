/// Decimal text to numbers: the one place numbers typed by users (options, JSON) become doubles,
/// so every reader rounds a decimal to the same double.
public enum DecimalText {
    /// The double nearest to `text` (`12`, `-0.5`, `1e-3`, as JSON and the command line write
    /// numbers; also `inf` and `nan`, which callers refuse); nil when it is not a number.
    public static func double(_ text: some StringProtocol) -> Double? {
        Double(text)
    }

    /// A number as people write it and as `double` reads it back: `600`, not `600.0`; other
    /// values (fractions, 10^15 and beyond, `inf`, `nan`) as Swift writes them. The one plain
    /// formatter of the package: messages, option values and pins all agree.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
