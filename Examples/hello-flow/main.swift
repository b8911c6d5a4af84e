// hello-flow: a tag cloud from the library's own types, no configuration file: tags in rows
// that wrap at 600 points, written as SVG and PNG.
import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

// snippet.flow
var options = FlowOptions()
options.alignment = .center
options.justify = true
options.style.palette = try Palette(named: "tableau10")
options.style.sizing = .scaled(WeightScale(curve: .sqrt, minimumSize: 12, maximumSize: 40))
options.seed = 7

let tags = [Term("swift", weight: 40, link: "https://swift.org"), Term("linux", weight: 30), Term("你好", weight: 10)]
let layout = try FlowLayout(options).layout(tags, typesetter: FreeTypeTypesetter(), width: 600)
// snippet.end

try Data(SVGWriter().data(layout)).write(to: URL(fileURLWithPath: "hello.svg"))
try CairoRenderer(options: RenderOptions(scale: 2)).pngData(layout).write(to: URL(fileURLWithPath: "hello.png"))
print("hello.svg and hello.png: \(layout.placed.count) tags in \(Int(layout.size.width))x\(Int(layout.size.height)) pt")
