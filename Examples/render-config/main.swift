// render-config CONFIG.json OUTPUT: draws a saved configuration (the JSON `tagcloud config --print`
// writes, `"command": "cloud"` or `"flow"`) into OUTPUT, whose extension names the format: the same
// bytes `tagcloud cloud|flow --config CONFIG.json -o OUTPUT` writes. It uses the library only.
import Foundation
import TagCloudRecipe

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let config = arguments.first, let output = arguments.last else {
    FileHandle.standardError.write(Data("usage: render-config CONFIG.json OUTPUT.(png|pdf|svg|html|json)\n".utf8))
    exit(1)
}
do {
    // snippet.render
    let recipe = try Recipe(contentsOf: config)
    try recipe.write(to: output)
    // snippet.end
} catch let error as RecipeError {
    FileHandle.standardError.write(Data("render-config: error: \(error.message)\n".utf8))
    exit(error.exitCode)
}
