/// What joining a shard to its neighbours needs, for a merge to count what a single count of the
/// whole text counts across the cuts: the word pair that spans a cut, and protected phrases whose
/// words lie on both sides of one.
///
/// A count's state between two words is small: the last kept word (the first half of the next
/// pair), whether a break (punctuation, a dropped word) came since, and the kept words the phrase
/// matcher holds while they could still grow into a phrase. A *break* — a kept word after
/// punctuation or a dropped word — makes the state the same whatever came before it. So a shard
/// counts everything after its first break as the whole text would, and holds out of its counts
/// only its *head*: the kept words before that break (with phrases), or its first kept word (without,
/// where only that word's pair with the word before reaches back). The merge replays the heads in
/// shard order between the shards' end states. Word ids are those of the `PartialCount` holding it.
struct ShardBoundary {
    /// The kept words held out of the counts, in text order, each read without a break before it
    /// within the shard.
    var head: [Int32] = []
    /// Whether the shard counted words after its head from its own start state, so its end state
    /// (`previous`, `tail`) replaces the merge's; false when the whole shard is head (or empty).
    var sealed = false
    /// Whether a break (punctuation or a dropped word) came after the shard's last kept word.
    var pendingBreak = false
    /// The last word counted alone when the shard ended, -1 when none can start a pair (sealed only).
    var previous: Int32 = -1
    /// The kept words the phrase matcher still held at the end, uncounted (sealed only).
    var tail: [Int32] = []
    /// For each of `tail`, whether it was read after a break.
    var tailBreaks: [Bool] = []
}
