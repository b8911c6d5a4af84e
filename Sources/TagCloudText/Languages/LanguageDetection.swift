/// Language detection: the script of the most frequent words, then for Latin script and for the
/// Han/kana mix, whose stop words (or, for classical Chinese, particles) are most frequent.
extension StopWords {
    private static let latinCandidates: [Language] = [.en, .de, .fr, .es, .it, .pt, .nl]

    /// Each stop word of a Latin-script language with the set of `latinCandidates` listing it (bit i
    /// for candidate i): one lookup per word instead of one per list.
    private static let latinStopWords: [String: UInt8] = {
        var table: [String: UInt8] = [:]
        for (i, language) in latinCandidates.enumerated() {
            for word in list(for: language) { table[word, default: 0] |= 1 << UInt8(i) }
        }
        return table
    }()

    /// The `k`-th largest of `values` (1-based; `values` has at least `k` elements), by selection in
    /// linear expected time: sorting every count of a large vocabulary cost more than the detection.
    static func largest(_ k: Int, of values: [Int]) -> Int {
        var v = values
        var lo = 0, hi = v.count - 1
        let target = k - 1
        while lo < hi {
            // Median of three as pivot, then a three-way partition (descending): counts repeat a lot.
            let pivot = Swift.max(Swift.min(v[lo], v[hi]), Swift.min(Swift.max(v[lo], v[hi]), v[(lo + hi) / 2]))
            var lt = lo, i = lo, gt = hi
            while i <= gt {
                if v[i] > pivot {
                    v.swapAt(lt, i); lt += 1; i += 1
                } else if v[i] < pivot {
                    v.swapAt(i, gt); gt -= 1
                } else {
                    i += 1
                }
            }
            if target < lt { hi = lt - 1 } else if target > gt { lo = gt + 1 } else { return pivot }
        }
        return v[lo]
    }

    /// How many of the most frequent words language detection looks at.
    static let detectionVocabulary = 2000

    /// Guesses the language from case-folded word counts: the script of most words, then, for Latin
    /// and the Han/kana mix, which list's stop words are most frequent. Nil when nothing matches.
    /// `words[i]` is seen `counts[i]` times (0: ignored), in text order.
    static func detect(words: [String], counts all: [Int]) -> Language? {
        // Stop words are the most frequent words of a text and the script of the text is that of its
        // frequent words, so the top of the vocabulary decides; the long tail only costs time.
        // The words above the cut-off count, then those at it in text order (every seen word when
        // there are few: the cut is then 0, which no seen word is at).
        let seen = all.filter { $0 > 0 }
        var cut = 0, atCut = 0
        if seen.count > detectionVocabulary {
            cut = Self.largest(detectionVocabulary, of: seen)
            atCut = detectionVocabulary - seen.lazy.filter { $0 > cut }.count
        }
        var counts: [(word: String, count: Int)] = []
        counts.reserveCapacity(min(seen.count, detectionVocabulary))
        for (i, c) in all.enumerated() where c > cut || (c == cut && atCut > 0) {
            if c == cut { atCut -= 1 }
            counts.append((words[i], c))
        }
        var scripts: [Int32: Int] = [:]
        var total = 0
        for (word, count) in counts {
            guard let s = ICUText.script(of: word) else { continue }
            scripts[s, default: 0] += count
            total += count
        }
        guard total > 0, let top = scripts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else {
            return nil
        }
        switch top.key {
        case ScriptCode.arabic: return .ar
        case ScriptCode.devanagari: return .hi
        case ScriptCode.cyrillic: return .ru
        case ScriptCode.han, ScriptCode.hiragana, ScriptCode.katakana:
            // Japanese writes its grammar in kana; Chinese text has next to none. Classical and modern
            // Chinese differ in their function words (`ClassicalChinese`).
            let kana = (scripts[ScriptCode.hiragana] ?? 0) + (scripts[ScriptCode.katakana] ?? 0)
            let cjk = kana + (scripts[ScriptCode.han] ?? 0)
            if kana * 10 >= cjk { return .ja }
            return ClassicalChinese.isClassical(counts.filter { ICUText.script(of: $0.word) == ScriptCode.han }) ? .lzh : .zh
        case ScriptCode.latin:
            let candidates = latinCandidates
            var scores = [Int](repeating: 0, count: candidates.count)
            for (word, count) in counts {
                guard var languages = latinStopWords[word] else { continue }
                while languages != 0 {
                    scores[languages.trailingZeroBitCount] += count
                    languages &= languages - 1
                }
            }
            guard let best = scores.indices.max(by: { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : $0 > $1 }),
                scores[best] > 0
            else { return nil }
            return candidates[best]
        default:
            return nil
        }
    }
}
