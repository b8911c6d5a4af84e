import Dispatch
import Foundation
import TagCloudGraphics

extension TagCloudTool {
    /// Sources kept alive for the life of the process.
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// Handles SIGINT and SIGTERM off the signal context (a dispatch source), so the cleanup may take
    /// locks: in-flight temporary files are removed and the process exits with 128 + the signal.
    public static func installInterruptHandler() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                AtomicFile.removeInFlight()
                FileHandle.standardError.write(Data("tagcloud: interrupted; no output written\n".utf8))
                exit(128 + sig)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
