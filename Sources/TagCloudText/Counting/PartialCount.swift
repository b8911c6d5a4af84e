/// The counts of one or more shards of a text, written down so that counts made anywhere can be
/// merged: `TermCounter.partialCount` makes one from a shard, `PartialCountReader` adds files to
/// one (merging them), `PartialCountWriter` writes one, and `analyze()` gives the table a single
/// count of all the shards' text, concatenated in the order of their keys, would give.
///
/// Everything in it is a sum or a minimum, so merging is associative and commutative: the words
/// as written (each with its count, and where it was first read: the first shard's key and its
/// rank there), pairs of adjacent words, protected phrases' finds, totals, and each shard's
/// `ShardBoundary`. Every choice a count makes from its counts (the spelling shown, the language,
/// stop words, plurals, collocations, the order) is made once, by `analyze()`.
///
/// A value holding tables (classes); copies share them.
public struct PartialCount {
    /// The options the counts were made with.
    public let settings: PartialCountSettings
    /// The options the final table is made with (those of `settings`).
    let options: TextOptions

    /// The words as written, by index (first added, first indexed).
    private(set) var words: ByteTable
    /// How often each word was counted (kept or dropped, phrases' words not included).
    private(set) var counts: RawBuffer<Int>
    /// The kind of each word where it was first read.
    private(set) var kinds: RawBuffer<WordKind>
    /// Where each word was first read: a shard (index into `shardKeys`; -1 while only other
    /// records have named it) and its rank there (words are ranked in first-read order).
    private(set) var firstShard: RawBuffer<Int32>
    private(set) var firstRank: RawBuffer<Int32>
    /// Adjacent kept words, keyed by word indices.
    private(set) var pairs: PairTable
    /// The protected phrases' finds, by the phrase as shown.
    var phraseCounts: [String: Int] = [:]
    /// Words longer than `TermCounter.maximumWordBytes`, dropped.
    var tooLong = 0
    /// The bytes of text read.
    public internal(set) var bytes: Int64 = 0
    /// Invalid UTF-8 sequences replaced with U+FFFD while counting.
    public internal(set) var invalidUTF8 = 0
    /// Where a text counted into this partial count held invalid UTF-8 (not written to files).
    public internal(set) var invalidUTF8Report: InvalidUTF8Report?

    /// The shards' keys, by shard index; the order of the shards in the whole text is the byte
    /// order of their keys.
    private(set) var shardKeys: [String] = []
    /// Each shard's boundary (nil while only a word record has named the shard), by shard index.
    var boundaries: [ShardBoundary?] = []
    /// Where each shard's boundary was read from, for the error of a shard given twice.
    var shardSources: [String] = []
    private var shardIndex: [String: Int32] = [:]

    /// An empty partial count, for counts made with `options` by `producer` (such as `tagcloud 0.1.0`).
    public init(options: TextOptions, producer: String) {
        self.init(
            options: options, producer: producer, words: ByteTable(), counts: RawBuffer(), kinds: RawBuffer(), pairs: PairTable())
    }

    /// A partial count over tables a count of one shard filled (word index = raw id, first read
    /// in shard 0, which the caller adds).
    init(
        options: TextOptions, producer: String, words: ByteTable, counts: RawBuffer<Int>, kinds: RawBuffer<WordKind>,
        pairs: PairTable
    ) {
        var options = options
        options.cooccurrenceWindow = nil
        self.options = options
        settings = PartialCountSettings(options, producer: producer)
        self.words = words
        self.counts = counts
        self.kinds = kinds
        self.pairs = pairs
        firstShard = RawBuffer(capacity: max(16, words.count))
        firstRank = RawBuffer(capacity: max(16, words.count))
        for id in 0..<words.count {
            firstShard.append(0)
            firstRank.append(Int32(id))
        }
    }

    /// The number of distinct words.
    public var wordCount: Int { words.count }
    /// The number of distinct word pairs held in memory (all of them unless some were spilled).
    public var pairCount: Int { pairs.count }
    /// The pair records moved to temporary files while counting or merging (0 when all fit in
    /// memory; a pair spilled more than once counts once per spill).
    public var spilledPairs: Int { pairs.spilledRecords }
    /// The number of shards.
    public var shardCount: Int { shardKeys.count }

    /// Lets go of the words (their texts, counts and first reads), once a final count has taken them.
    mutating func releaseWords() {
        words = ByteTable(capacity: 16)
        counts = RawBuffer(capacity: 16)
        kinds = RawBuffer(capacity: 16)
        firstShard = RawBuffer(capacity: 16)
        firstRank = RawBuffer(capacity: 16)
    }

    /// Lets go of the pairs, once a final count has taken them.
    mutating func releasePairs() { pairs = PairTable(capacity: 16) }

    /// The index of the word `bytes`, added with a count of 0 and no first read when new.
    mutating func word(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int32, isNew: Bool) {
        let (index, isNew) = words.intern(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, bytes.count)
        if isNew {
            counts.append(0)
            kinds.append(.letter)
            firstShard.append(-1)
            firstRank.append(0)
        }
        return (index, isNew)
    }

    /// Adds `count` reads of word `index`, first read at `rank` of shard `shard` as a `kind`.
    mutating func add(word index: Int32, count: Int, kind: WordKind, shard: Int32, rank: Int32) {
        let i = Int(index)
        counts[i] = Self.sum(counts[i], count)
        if firstShard[i] < 0 || readBefore(shard, rank, firstShard[i], firstRank[i]) {
            firstShard[i] = shard
            firstRank[i] = rank
            kinds[i] = kind
        }
    }

    /// Adds `n` sightings of the pair `key` (word indices). Past `TextOptions.bigramLimit` distinct
    /// pairs in memory, they move to disk (`PairTable.spillPast`): memory stays bounded and no count is lost.
    func add(pair key: UInt64, count n: UInt32) {
        pairs.add(key, n)
        pairs.spillPast(options.bigramLimit)
    }

    /// Whether rank `a` of shard `s` comes before rank `b` of shard `t` in the whole text.
    func readBefore(_ s: Int32, _ a: Int32, _ t: Int32, _ b: Int32) -> Bool {
        if s == t { return a < b }
        return TermOrder.utf8Precedes(shardKeys[Int(s)], shardKeys[Int(t)])
    }

    /// The index of the shard `key`, added (without a boundary yet) when new.
    mutating func shard(_ key: String) -> Int32 {
        if let s = shardIndex[key] { return s }
        let s = Int32(shardKeys.count)
        shardIndex[key] = s
        shardKeys.append(key)
        boundaries.append(nil)
        shardSources.append("")
        return s
    }

    /// `a + b`, held at `Int.max` rather than overflowing (counts from hostile files).
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : s
    }

    /// The shard indices in text order: by key, in byte order.
    func shardOrder() -> [Int] {
        shardKeys.indices.sorted { TermOrder.utf8Precedes(shardKeys[$0], shardKeys[$1]) }
    }

    /// The word indices in first-read order over the whole text: by the first shard's place, then
    /// the rank there. A single count numbers its words in this order, and every tie it breaks
    /// ("the spelling seen first") is broken by those numbers.
    func readingOrder() -> [Int32] {
        var place = [UInt64](repeating: 0, count: shardKeys.count)
        for (k, s) in shardOrder().enumerated() { place[s] = UInt64(k) }
        var keys: [(UInt64, Int32)] = []
        keys.reserveCapacity(words.count)
        for i in 0..<words.count {
            let s = firstShard[i]
            let position = s < 0 ? UInt64.max >> 1 : place[Int(s)] << 32 | UInt64(UInt32(bitPattern: firstRank[i]))
            keys.append((position, Int32(i)))
        }
        keys.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return keys.map(\.1)
    }
}
