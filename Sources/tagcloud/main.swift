import Foundation
import TagCloudCLI

exit(TagCloudTool.run(Array(CommandLine.arguments.dropFirst())))
