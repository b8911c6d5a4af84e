import CFreeType

/// Where the span callback writes: a block of `UInt64` rows and how FreeType's pixel coordinates
/// (y up) map onto it, plus the bounds of what was written, so cropping needs no second scan.
struct SpanTarget {
    var rows: UnsafeMutablePointer<UInt64>
    var wordsPerRow: Int
    var width: Int
    var height: Int
    /// Spans arrive in units of `1 << shift` of a pixel (2 when rendering oversampled).
    var shift: Int
    /// The least span coverage that leaves a mark (FreeType's oversampled renderer rounds
    /// coverages below 8 away).
    var minimumCoverage: UInt8
    var minRow = Int.max, maxRow = -1, minColumn = Int.max, maxColumn = -1

    init(rows: UnsafeMutablePointer<UInt64>, wordsPerRow: Int, width: Int, height: Int, oversampled: Bool) {
        self.rows = rows; self.wordsPerRow = wordsPerRow; self.width = width; self.height = height
        shift = oversampled ? 2 : 0
        minimumCoverage = oversampled ? 8 : 1
    }
}

/// FreeType's direct-rendering callback: sets the bits of every span with any coverage. A plain C
/// function with a context pointer, so no Swift closure runs per span or per pixel. FreeType hands
/// over one row at a time with its spans in increasing x; touching spans (an edge pixel next to a
/// solid run) are merged so each stroke is set with one bit operation. Row `r` of the target is
/// FreeType's pixel row `height - 1 - r` (FreeType's y points up).
let collectSpans: FT_SpanFunc = { y, count, spans, user in
    guard let spans, let user, count > 0 else { return }
    let target = user.assumingMemoryBound(to: SpanTarget.self)
    let width = target.pointee.width, shift = target.pointee.shift
    let threshold = target.pointee.minimumCoverage
    let r = target.pointee.height &- 1 &- (Int(y) >> shift)
    guard r >= 0, r < target.pointee.height else { return }
    let row = target.pointee.rows + r &* target.pointee.wordsPerRow
    var runStart = 0, runEnd = 0, first = Int.max, last = -1
    for i in 0..<Int(count) {
        let span = spans[i]
        // FreeType emits no empty spans, but a zero coverage would be no ink, so make sure.
        guard span.coverage >= threshold, span.len > 0 else { continue }
        let start = Int(span.x) >> shift, end = ((Int(span.x) &+ Int(span.len) &- 1) >> shift) &+ 1
        if start <= runEnd && runEnd > runStart {
            runEnd = max(runEnd, end)
            continue
        }
        let from = max(0, runStart), to = min(width, runEnd)
        if from < to {
            setBits(row, from: from, to: to)
            first = min(first, from)
            last = max(last, to)
        }
        runStart = start
        runEnd = end
    }
    let from = max(0, runStart), to = min(width, runEnd)
    if from < to {
        setBits(row, from: from, to: to)
        first = min(first, from)
        last = max(last, to)
    }
    guard last >= 0 else { return }
    target.pointee.minRow = min(target.pointee.minRow, r)
    target.pointee.maxRow = max(target.pointee.maxRow, r)
    target.pointee.minColumn = min(target.pointee.minColumn, first)
    target.pointee.maxColumn = max(target.pointee.maxColumn, last - 1)
}
