import TagCloud
import TagCloudText
import Testing

/// The words a person types or pastes: lists with commas, a weight at the end, repeats counted.
@Suite("Word entry: what people type as a list of words")
struct WordEntryTests {
    private func pairs(_ text: String) -> [String] {
        WordEntry(text).terms.map { "\($0.text)=\(DecimalText.plain($0.weight))" }
    }

    @Test("Commas and semicolons separate words, in any script's comma")
    func commas() {
        #expect(pairs("apple, banana, cherry") == ["apple=1", "banana=1", "cherry=1"])
        #expect(pairs("apple;banana ; cherry") == ["apple=1", "banana=1", "cherry=1"])
        #expect(pairs("تفاح، موز") == ["تفاح=1", "موز=1"])
        #expect(pairs("苹果、香蕉，樱桃") == ["苹果=1", "香蕉=1", "樱桃=1"])
    }

    @Test("A number at the end after a space, colon or tab is the weight")
    func weights() {
        #expect(pairs("apple 3") == ["apple=3"])
        #expect(pairs("apple: 3\nbanana:2.5\ncherry\t4") == ["apple=3", "banana=2.5", "cherry=4"])
        #expect(pairs("New York 3, San Francisco: 2") == ["New York=3", "San Francisco=2"])
        #expect(pairs("2024") == ["2024=1"])
        #expect(pairs("apple 1e3") == ["apple 1e3=1"])
    }

    @Test("Repeats add up, in the order words first appear")
    func repeats() {
        #expect(pairs("cat\ndog\ncat\r\ncat\ndog 2\nbird") == ["cat=3", "dog=3", "bird=1"])
    }

    @Test("Entries without a word or with a weight that is not positive are skipped and counted")
    func skipped() {
        let entry = WordEntry("apple -3\n, ,\n:::\nbanana 0\ncherry\n\n   \n")
        #expect(entry.terms.map(\.text) == ["cherry"])
        #expect(entry.skipped == 3)
    }

    @Test("Long words are cut and huge pastes stop at the entry limit")
    func limits() {
        let long = String(repeating: "a", count: 1000)
        #expect(WordEntry(long).terms.first?.text.count == WordEntry.maximumWordLength)
        let many = (0..<(WordEntry.maximumEntries + 5)).map { "w\($0)" }.joined(separator: ",")
        let entry = WordEntry(many)
        #expect(entry.terms.count == WordEntry.maximumEntries && entry.skipped == 5)
    }
}
