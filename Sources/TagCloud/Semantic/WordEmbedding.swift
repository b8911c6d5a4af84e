/// A position for each word in the plane, related words near one another: a force-directed layout
/// of the relation graph (Fruchterman and Reingold). Related words pull each other closer, more the
/// more related, and much less across groups; every two words push apart, heavier ones harder, since they
/// will take more room; a pull towards the origin, stronger on heavier words, keeps unrelated parts
/// together and the heaviest words near the middle. Deterministic for a seed.
struct WordEmbedding {
    /// Each word's position, filling the square from -1 to 1 along each axis.
    let positions: [(x: Double, y: Double)]

    /// Words beyond this many (the lightest) have no position: each step costs the square of the
    /// number of words, and the light words' targets matter least.
    static let wordLimit = 600

    /// The positions of `graph`'s words (the first `wordLimit` of them), whose groups are
    /// `clusters` and whose relative room is `mass` (1 for the heaviest), from `seed`.
    init(_ graph: RelationGraph, clusters: WordClusters, mass: [Double], seed: UInt64) {
        let n = min(graph.count, Self.wordLimit)
        var rng = SeededRandom(seed: seed ^ 0x5E4A_471C)
        var p: [(x: Double, y: Double)] = (0..<n).map { _ in (rng.nextUnit() * 2 - 1, rng.nextUnit() * 2 - 1) }
        guard n > 1 else {
            positions = p.map { _ in (0, 0) }
            return
        }
        let k = 1 / Double(n).squareRoot()
        let steps = 100
        for step in 0..<steps {
            let temperature = 0.1 * (1 - Double(step) / Double(steps)) + 0.002
            var force = [(x: Double, y: Double)](repeating: (0, 0), count: n)
            Self.addRepulsion(p, mass: mass, k: k, into: &force)
            Self.addAttraction(p, graph: graph, clusters: clusters, k: k, into: &force)
            for i in 0..<n {
                // Towards the origin, heavier words harder.
                force[i].x -= 0.5 * (0.3 + mass[i]) * p[i].x / k
                force[i].y -= 0.5 * (0.3 + mass[i]) * p[i].y / k
                let f = (force[i].x * force[i].x + force[i].y * force[i].y).squareRoot()
                guard f > 0 else { continue }
                let d = min(f, temperature)
                p[i].x += force[i].x / f * d
                p[i].y += force[i].y / f * d
            }
        }
        // Stretched to fill the square from -1 to 1 along each axis, so the groups spread over
        // the whole area.
        let xs = p.map { $0.x }, ys = p.map { $0.y }
        let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        let sx = max(x1 - x0, 1e-9) / 2, sy = max(y1 - y0, 1e-9) / 2
        positions = p.map { (($0.x - x0) / sx - 1, ($0.y - y0) / sy - 1) }
    }

    /// Every two words push apart with a force of k² / distance, times their masses.
    private static func addRepulsion(
        _ p: [(x: Double, y: Double)], mass: [Double], k: Double, into force: inout [(x: Double, y: Double)]
    ) {
        let n = p.count
        p.withUnsafeBufferPointer { p in
            mass.withUnsafeBufferPointer { mass in
                force.withUnsafeMutableBufferPointer { force in
                    for i in 0..<n {
                        let xi = p[i].x, yi = p[i].y, mi = k * k * (0.2 + mass[i])
                        var fx = 0.0, fy = 0.0
                        for j in (i + 1)..<max(i + 1, n) {
                            var dx = xi - p[j].x, dy = yi - p[j].y
                            var d2 = dx * dx + dy * dy
                            if d2 < 1e-12 {
                                // Coincident words part in a direction fixed by their indices.
                                dx = 1e-6 * Double((i * 7 + j * 3) % 5 + 1); dy = 1e-6; d2 = dx * dx + dy * dy
                            }
                            let f = mi * (0.2 + mass[j]) / d2
                            fx += dx * f; fy += dy * f
                            force[j].x -= dx * f; force[j].y -= dy * f
                        }
                        force[i].x += fx; force[i].y += fy
                    }
                }
            }
        }
    }

    /// Related words pull together with a force of similarity × distance² / k, a quarter across groups.
    private static func addAttraction(
        _ p: [(x: Double, y: Double)], graph: RelationGraph, clusters: WordClusters, k: Double,
        into force: inout [(x: Double, y: Double)]
    ) {
        let n = p.count
        for i in 0..<n {
            for (j, s) in graph.neighbours[i] where j > i && j < n {
                let dx = p[i].x - p[j].x, dy = p[i].y - p[j].y
                let d = (dx * dx + dy * dy).squareRoot()
                let w = clusters.of[i] == clusters.of[j] ? s : s / 4
                let f = w * d / k
                force[i].x -= dx * f; force[i].y -= dy * f
                force[j].x += dx * f; force[j].y += dy * f
            }
        }
    }
}
