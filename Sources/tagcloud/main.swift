import Foundation
import TagCloudCLI

exit(TagCloudTool.main(Array(CommandLine.arguments.dropFirst())))
