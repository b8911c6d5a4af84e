import Foundation
import TagCloud
import TagCloudText

/// A text of several topics that never share a paragraph: the paragraphs of the texts taken in
/// turn, each text repeated as many times as it is listed, so that the topics weigh alike; and
/// each word's topic: the text in which it is at least twice as frequent (per word of the text)
/// as in all the others together. A word the texts share alike has no topic and is not measured.
struct TopicMix {
    /// The mixed text.
    let text: String
    /// Each term's topic, by its text as counted in the mix.
    let topics: [String: Int]

    /// The mix of `sources` (each a path and how many times its paragraphs are taken), counted as
    /// `options` counts.
    init(_ sources: [(path: String, times: Int)], options: TextOptions) throws {
        let paragraphs = try sources.map { source in
            let text = try String(contentsOfFile: source.path, encoding: .utf8)
            let own = text.components(separatedBy: "\n\n").filter { !$0.allSatisfy(\.isWhitespace) }
            return Array(repeating: own, count: source.times).flatMap { $0 }
        }
        var mixed: [String] = []
        for i in 0..<(paragraphs.map(\.count).max() ?? 0) {
            for p in paragraphs where i < p.count { mixed.append(p[i]) }
        }
        text = mixed.joined(separator: "\n\n")
        // How often each term occurs per word of each text: a topic's words are those much more
        // frequent in its text than in the others, whatever the texts' lengths.
        var rates: [String: [Double]] = [:]
        for (t, p) in paragraphs.enumerated() {
            let analysis = try TermCounter(options).analyze(p.joined(separator: "\n\n"))
            for term in analysis.terms {
                rates[term.text.lowercased(), default: Array(repeating: 0, count: sources.count)][t] +=
                    term.weight / Double(max(1, analysis.words))
            }
        }
        var topics: [String: Int] = [:]
        for term in try TermCounter(options).count(text) {
            guard let r = rates[term.text.lowercased()], let top = r.max(), top >= 2 * r.reduce(0, +) / 3 else {
                continue
            }
            topics[term.text] = r.firstIndex(of: top)!
        }
        self.topics = topics
    }
}
