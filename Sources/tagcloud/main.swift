import Foundation
import TagCloudCLI

// Ctrl-C (or a TERM) removes any output still being written and exits 130: a cloud is either
// complete at its destination or not there at all.
TagCloudTool.installInterruptHandler()
exit(TagCloudTool.run(Array(CommandLine.arguments.dropFirst())))
