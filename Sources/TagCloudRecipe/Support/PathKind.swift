import Foundation

/// What a path names, links followed: the one place the command line asks whether a file is
/// there and whether it is a folder, for the files it reads and for the one it writes.
enum PathKind: Equatable {
    /// Nothing (or a broken link).
    case missing
    /// A folder.
    case folder
    /// Anything else: a regular file, a device, a FIFO.
    case file

    /// What `path` names now.
    init(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .missing
            return
        }
        self = status.st_mode & S_IFMT == S_IFDIR ? .folder : .file
    }
}
