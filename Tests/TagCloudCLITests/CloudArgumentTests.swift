import TagCloud
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

@Suite("cloud arguments: the canvas a mask gives, and running text given as a tag list")
struct CloudArgumentTests {
    let mask = RGBAImage(width: 300, height: 200, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 300 * 200))

    @Test("the canvas is the mask's size, its proportions at a given side, or as given")
    func canvasSize() throws {
        let fallback = (width: 800, height: 600)
        func size(_ w: Int?, _ h: Int?, _ m: RGBAImage?) throws -> [Int] {
            let s = try CloudCanvas.size(width: w, height: h, mask: m, path: "m.png", default: fallback)
            return [s.width, s.height]
        }
        #expect(try size(nil, nil, mask) == [300, 200])
        #expect(try size(600, nil, mask) == [600, 400])
        #expect(try size(nil, 50, mask) == [75, 50])
        #expect(try size(1, nil, mask) == [1, 1], "never a side of zero")
        #expect(try size(640, 480, mask) == [640, 480], "both given: as given (the mask is resized)")
        #expect(try size(nil, nil, nil) == [800, 600])
        #expect(try size(nil, 100, nil) == [800, 100], "without a mask a missing side keeps its default")
        // A side past the limit names the mask and what to do.
        #expect(throws: RecipeError.self) { try size(nil, 32_768, mask) }
        do { _ = try size(nil, 32_768, mask) } catch { #expect("\(error)".contains("give --width or --height")) }
    }

    @Test("lines of running text look like running text; names, phrases and weighted lists do not")
    func runningText() {
        let prose = [
            "It was the best of times, it was the worst of times,", "it was the age of wisdom,",
            "it was the age of foolishness,", "CHAPTER I", "it was the epoch of belief, it was",
            "the epoch of incredulity, it was the season of Light",
        ].map { Term($0) }
        #expect(TagInput.looksLikeRunningText(prose))
        let phrases = ["New York City", "San Francisco", "Rio de Janeiro", "Buenos Aires", "Paris", "Los Angeles"]
            .map { Term($0) }
        #expect(!TagInput.looksLikeRunningText(phrases))
        let weighted = prose.enumerated().map { Term($0.element.text, weight: Double($0.offset + 1)) }
        #expect(!TagInput.looksLikeRunningText(weighted), "weights say it is a list")
        #expect(!TagInput.looksLikeRunningText(Array(prose.prefix(4))), "too few lines to tell")
    }
}
