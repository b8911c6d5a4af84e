/// Classical (Literary) Chinese: how a text is told from modern Chinese, and what its particles do to
/// ICU's words.
///
/// Both are written in Han characters alone, but their function words differ: the classics end their
/// sentences with 矣, 乎, 也 and 焉 and say "said" with 曰, where modern prose writes 的, 了 and 这.
/// ICU's word breaks, made for modern Chinese, keep most classical characters single (one character
/// is mostly one word there) but join a particle to its neighbour when the pair is a modern word or
/// idiom: "子曰" (the Master said), "仁者", "不知", "而不".
enum ClassicalChinese {
    /// Function characters of the classics that modern prose rarely writes as words of their own, in
    /// simplified and traditional forms (也, a modern "also", and 于, in modern use, are not among them).
    static let particles: Set<String> = [
        "曰", "矣", "乎", "焉", "哉", "兮", "耶", "欤", "歟", "之", "而", "其", "者", "吾", "尔", "爾", "汝",
    ]

    /// Function characters of modern Chinese that the classics do not write, in both forms.
    static let modernMarkers: Set<String> = [
        "的", "了", "这", "這", "们", "們", "吗", "嗎", "呢", "吧", "个", "個", "没", "沒", "她", "它",
    ]

    /// Whether Han words counted `counts` times read as classical Chinese: its particles outnumber
    /// modern Chinese's function characters and make at least one word in 20.
    static func isClassical(_ words: [(word: String, count: Int)]) -> Bool {
        var classical = 0, modern = 0, total = 0
        for (word, count) in words {
            total += count
            if particles.contains(word) { classical += count } else if modernMarkers.contains(word) { modern += count }
        }
        return classical > modern && classical * 20 >= total
    }

    /// A word of two Han characters, one of them a stop word (a particle ICU joined to its neighbour):
    /// the other character, and whether it is the word's first. Nil for any other word.
    static func peeled(_ word: String, stopWords: Set<String>) -> (base: String, isFirst: Bool)? {
        guard word.count == 2, let a = word.first, let b = word.last, isHan(a), isHan(b) else { return nil }
        let aStop = stopWords.contains(String(a)), bStop = stopWords.contains(String(b))
        if aStop == bStop { return nil }
        return aStop ? (String(b), false) : (String(a), true)
    }

    /// Whether every character of `word` is a Han character on `stopWords` ("可以", "如之何"): a run
    /// of particles ICU took for one word.
    static func isParticleRun(_ word: String, stopWords: Set<String>) -> Bool {
        word.count >= 2 && word.allSatisfy { isHan($0) && stopWords.contains(String($0)) }
    }

    private static func isHan(_ c: Character) -> Bool {
        c.unicodeScalars.count == 1 && c.unicodeScalars.first.map(NoSpaceScript.isHan) == true
    }
}
