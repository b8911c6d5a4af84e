import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// Pins in tag lists: `x`, `y`, `angle`, `size` in JSON objects and CSV columns 7 to 10.
@Suite struct TagListPinTests {
    func read(_ text: String, _ name: String) throws -> [Term] {
        try TagListReader.read(data: Data(text.utf8), name: name)
    }

    func failure(_ text: String, _ name: String) -> String? {
        do {
            _ = try read(text, name)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func jsonPins() throws {
        let terms = try read(
            #"[{"text": "a", "x": 1.5, "y": 2}, {"text": "b", "x": "3", "y": 4, "angle": -90, "size": 12}, "c", {"text": "d", "x": null}]"#,
            "t.json")
        #expect(terms.map(\.pin) == [Pin(x: 1.5, y: 2), Pin(x: 3, y: 4, angle: -90, size: 12), nil, nil])
    }

    @Test("a word's own font, and an angle without a place: the word's own angle, not a pin")
    func ownFontAndAngle() throws {
        let json = try read(
            #"[{"text": "a", "angle": -90}, {"text": "b", "font": "DejaVu Serif"}, {"text": "c", "x": 1, "y": 2, "angle": 30}]"#,
            "t.json")
        #expect(json.map(\.angle) == [-90, nil, nil] && json.map(\.font) == [nil, "DejaVu Serif", nil])
        #expect(json[2].pin == Pin(x: 1, y: 2, angle: 30))
        let csv = try read(
            "text,weight,link,id,color,group,x,y,angle,size,font\na,2,,,,,,,45\nb,1,,,,,,,,,My Font.ttf\n", "t.csv")
        #expect(csv.map(\.angle) == [45, nil] && csv.map(\.font) == [nil, "My Font.ttf"] && csv.allSatisfy { $0.pin == nil })
        #expect(failure(#"[{"text": "a", "angle": 400}]"#, "t.json")?.contains("angle 400 is out of range") == true)
        #expect(failure("a,1,,,,,,,-90,12\n", "t.csv")?.contains("angle, size given without x") == true)
    }

    @Test func csvPins() throws {
        let terms = try read("text,weight,link,id,color,group,x,y,angle,size\na,2,,,,,10,20\nb,1,,,,,5,6,45,30\nc,1\n", "t.csv")
        #expect(terms.map(\.pin) == [Pin(x: 10, y: 20), Pin(x: 5, y: 6, angle: 45, size: 30), nil])
        #expect(failure("a,1,,,,,1,2,3,4,F,6\n", "t.csv")?.contains("t.csv:1:12: too many columns") == true)
    }

    @Test(
        "bad pin fields: the tag, the field and the value",
        arguments: [
            (#"[{"text": "a", "y": 2}]"#, "t.json: item 1: tag \"a\": y given without x: a pin needs both x and y"),
            (
                #"[{"text": "a", "x": 1, "y": 2, "angle": 720}]"#,
                "tag \"a\": angle 720 is out of range: give degrees from -360 to 360"
            ),
            (
                #"[{"text": "a", "x": 1, "y": 2, "size": 0}]"#,
                "tag \"a\": size 0 is out of range: give a font size in points from 0.5 to 2000"
            ),
            (#"[{"text": "a", "x": [1], "y": 2}]"#, "t.json: item 1: \"x\" must be a number"),
            (#"[{"text": "a", "x": "nan", "y": 2}]"#, "t.json: item 1: tag \"a\": x nan is not a finite number"),
        ])
    func badJSON(text: String, message: String) {
        let got = failure(text, "t.json")
        #expect(got?.contains(message) == true, "\(got ?? "no error")")
    }

    @Test func badCSV() {
        #expect(
            failure("a,1,,,,,1,2,,big\n", "t.csv")
                == "t.csv:1:10: tag \"a\": size \"big\" is not a number (give a font size in points, e.g. 24)")
        #expect(
            failure("a,1,,,,,,7\n", "t.csv")
                == "t.csv:1:7: tag \"a\": y given without x: a pin needs both x and y (where the word's centre goes), or give none of the pin fields"
        )
    }
}
