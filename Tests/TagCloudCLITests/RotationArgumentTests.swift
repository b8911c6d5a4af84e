import TagCloud
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

struct RotationArgumentTests {
    @Test(
        "--rotate forms",
        arguments: [
            ("0,-90", WordCloudOptions.Rotation.angles([0, -90])),
            ("any", .range(from: -90, to: 90)),
            ("-45..45", .range(from: -45, to: 45)),
            ("-90..90:45", .angles([-90, -45, 0, 45, 90])),
            ("30", .angles([30])),
        ])
    func parses(text: String, expected: WordCloudOptions.Rotation) throws {
        #expect(try RotationArgument.parse(text) == expected)
    }

    @Test(
        "bad --rotate values are usage errors",
        arguments: ["", "sideways", "10..", "45..-45", "0..90:0", "0..90:-5", "1e400", "0..90:1:2"])
    func refuses(text: String) {
        #expect(throws: RecipeError.self) { try RotationArgument.parse(text) }
    }
}
