/// The ASCII fast path: UAX #29 for text of ASCII characters only, a run of word characters at a time.
extension Segmenter {
    /// Segments `p[start..<end]`, all ASCII.
    func ascii(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ sink: some TokenSink) {
        WordClass.ascii.withUnsafeBufferPointer { cls in
            WordClass.runBits.withUnsafeBufferPointer { bits in
                var i = start
                while i < end {
                    let c = cls[Int(p[i])]
                    if WordClass.isWordCharacter(c) {
                        let wordStart = i
                        var status = WordStatus()
                        var last = c
                        var apostrophe = false
                        while true {
                            // Cross the run of word characters; only a run mixing kinds replays the rules.
                            let runStart = i
                            var kinds: UInt8 = 0
                            while i < end {
                                let b = bits[Int(p[i])]
                                guard b & 7 != 0 else { break }
                                kinds |= b
                                i += 1
                            }
                            if kinds == 1 {
                                status.takeLetters(); last = WordClass.letter
                            } else {
                                for j in runStart..<i { last = cls[Int(p[j])]; status.take(last) }
                            }
                            // WB6/7: letter (MidLetter | MidNumLetQ) letter; WB11/12: digit (MidNum | MidNumLetQ) digit.
                            if i + 1 < end, Self.joins(last, cls[Int(p[i])], cls[Int(p[i + 1])]) {
                                if p[i] == UInt8(ascii: "'") { apostrophe = true }
                                status.take(cls[Int(p[i])])
                                i += 1
                                continue
                            }
                            break
                        }
                        if status.status != WordClass.other {
                            word(
                                p, wordStart, i, status.status == WordClass.letter ? .letter : .number, sink,
                                apostrophe: apostrophe)
                        } else {
                            gap(p, wordStart, i, punctuation: true, singleHyphen: false)
                        }
                    } else {
                        let gapStart = i
                        var marks: UInt8 = 0
                        while i < end {
                            let b = bits[Int(p[i])]
                            if b & 7 != 0 { break }
                            marks |= b
                            i += 1
                        }
                        gap(p, gapStart, i, punctuation: marks != 0, singleHyphen: i - gapStart == 1 && c == WordClass.hyphen)
                    }
                }
            }
        }
    }

    /// Whether `mid` between a word character of class `last` and one of class `next` keeps them in
    /// one word: WB6/7 letter (MidLetter | MidNumLet | ') letter, WB11/12 digit (MidNum | MidNumLet | ') digit.
    @inline(__always)
    static func joins(_ last: UInt8, _ mid: UInt8, _ next: UInt8) -> Bool {
        if last == WordClass.letter && next == WordClass.letter {
            return mid == WordClass.midNumLet || mid == WordClass.midLetter
        }
        if last == WordClass.digit && next == WordClass.digit {
            return mid == WordClass.midNumLet || mid == WordClass.midNum
        }
        return false
    }
}
