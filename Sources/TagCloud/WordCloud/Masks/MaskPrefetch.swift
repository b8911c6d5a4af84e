#if hasFeature(Embedded)
/// Where the prefetch would run: WebAssembly has one thread, so the work is dropped, which the
/// layout never notices (only the mask cache sees prefetched work).
private struct BackgroundQueue {
    init(label: String) {}
    func async(execute work: () -> Void) {}
    func sync(execute work: () -> Void) {}
}
#else
import Dispatch

private typealias BackgroundQueue = DispatchQueue
#endif

/// Runs mask jobs on a background queue, in the order posted, skipping those the placement has
/// already passed or that a newer prediction replaced. Only the cache sees its work, so the layout
/// does not depend on how far ahead it gets.
final class MaskPrefetch: @unchecked Sendable {
    struct Job: Sendable {
        var word: Int
        var size: Double
        var angle: Double
    }

    private let queue = BackgroundQueue(label: "TagCloud.MaskPrefetch")
    private let lock = Lock()
    private var current = 0
    private var generation = 0
    private var stopped = false

    /// The placement has reached word `word`: jobs for earlier words are no longer wanted.
    func advance(to word: Int) { lock.withLock { current = word } }

    /// Drops the jobs posted so far; returns the generation to post new ones with.
    func invalidate() -> Int {
        lock.withLock {
            generation += 1; return generation
        }
    }

    func post(_ jobs: [Job], generation g: Int, work: @escaping @Sendable (Job) -> Void) {
        queue.async { [self] in
            for job in jobs {
                let (go, over) = lock.withLock { (job.word >= current && g == generation, stopped || g != generation) }
                if over { return }
                if go { work(job) }
            }
        }
    }

    /// Cancels what is left and waits for the job in progress, so no work outlives the layout.
    func stop() {
        lock.withLock { stopped = true }
        queue.sync {}
    }
}
