/// Receives the words the segmenter finds, as UTF-8 bytes valid only during the call.
protocol TokenSink: AnyObject {
    /// One word; `afterPunctuation` is true when punctuation other than spaces and hyphens came
    /// between it and the previous word (so a word pair across it is no phrase); `afterParagraph`
    /// when a blank line came between them (so the two words are not near each other).
    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool)
}

/// Whether `b` is ASCII white space: space, tab, line feed, vertical tab, form feed or carriage return.
@inline(__always) func isASCIISpace(_ b: UInt8) -> Bool { b == 32 || (b >= 9 && b <= 13) }
