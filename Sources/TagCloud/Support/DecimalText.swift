/// Decimal text to numbers: the one place numbers typed by users (options, JSON) become doubles,
/// so every reader rounds a decimal to the same double.
public enum DecimalText {
    /// The double nearest to `text` (`12`, `-0.5`, `1e-3`, as JSON and the command line write
    /// numbers; also `inf` and `nan`, which callers refuse); nil when it is not a number.
    public static func double(_ text: some StringProtocol) -> Double? {
        Double(text)
    }
}
