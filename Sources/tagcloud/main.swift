import Foundation
import TagCloudCLI

// A closed standard stream is never reused for a file. Ctrl-C (or any other terminating signal)
// removes any output still being written and exits 128 + the signal: a cloud is either complete
// at its destination or not there at all.
TagCloudTool.reserveStandardStreams()
TagCloudTool.installInterruptHandler()
exit(TagCloudTool.run(Array(CommandLine.arguments.dropFirst())))
