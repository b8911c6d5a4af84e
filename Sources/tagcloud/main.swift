import Foundation
import TagCloudCLI
import TagCloudServer

// A closed standard stream is never reused for a file. Ctrl-C (or any other terminating signal)
// removes any output still being written and exits 128 + the signal: a cloud is either complete
// at its destination or not there at all.
TagCloudTool.reserveStandardStreams()
// The server stops on a signal by finishing its requests, not as a one-shot command does.
if CommandLine.arguments.dropFirst().first == ServeCommand.name {
    exit(ServeCommand.main(Array(CommandLine.arguments.dropFirst(2))))
}
TagCloudTool.installInterruptHandler()
exit(TagCloudTool.run(Array(CommandLine.arguments.dropFirst())))
