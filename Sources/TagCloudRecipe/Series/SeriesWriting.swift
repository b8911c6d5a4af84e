import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// Writes a laid-out series where `tagcloud series` was asked to: the page, the animation, or a
/// file per frame and format.
enum SeriesWriting {
    static func write(_ unguarded: CloudSeries, _ request: SeriesRequest, reporting: Reporting) throws {
        var series = unguarded
        // As for one cloud: colours too close to the background are adjusted in every output.
        if request.contrastGuard {
            for k in series.frames.indices { series.frames[k].layout = series.frames[k].layout.contrastGuarded() }
        }
        switch request.output {
        case .page(let path): try writePage(series, request, to: path, reporting: reporting)
        case .animation(let path): try writeAnimation(series, request, to: path, reporting: reporting)
        case .folder(let folder, _): try writeFrames(series, request, into: folder, reporting: reporting)
        }
    }

    /// A file per frame and format in `folder`, named after the frames (`SeriesOutput.fileNames`).
    static func writeFrames(_ series: CloudSeries, _ request: SeriesRequest, into folder: String, reporting: Reporting) throws {
        try SeriesOutput.makeFolder(folder)
        let names = SeriesOutput.fileNames(series.frames.map(\.label))
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for (k, frame) in series.frames.enumerated() {
            for var output in request.frameOutputs {
                let path = base + names[k] + "." + output.destination.format.rawValue
                try OutputFile.checkNotAnInput(path, inputs: request.inputs)
                output.destination = OutputDestination(path: path, format: output.destination.format)
                let status = reporting.quiet ? nil : ProgressBar.Status("frame \(k + 1) of \(series.frames.count): \(path)…")
                var plain = output
                // The frames are guarded already (`write`).
                plain.contrastGuard = false
                let data = try {
                    defer { status?.clear() }; return try OutputArguments.render(frame.layout, plain)
                }()
                try OutputFile.write(data, to: path, ownName: true)
            }
        }
        reporting.verbose.phase("write", "\(series.frames.count * request.frameOutputs.count) files into \(folder)")
    }

    /// The page that morphs between the frames.
    static func writePage(_ series: CloudSeries, _ request: SeriesRequest, to path: String, reporting: Reporting) throws {
        let data: Data
        do { data = Data(try request.page.data(series)) } catch { throw RecipeError.output("cannot make \(path): \(error)") }
        reporting.verbose.phase("render", "html")
        try OutputFile.write(data, to: path)
        reporting.verbose.phase("write", "\(data.count) bytes to \(path)")
    }

    /// The animated WebP, checked against its limits before any image is drawn.
    static func writeAnimation(_ series: CloudSeries, _ request: SeriesRequest, to path: String, reporting: Reporting) throws {
        let webp = AnimatedWebP(options: request.animation)
        let images: Int
        do { images = try webp.plan(series).images.count } catch let e as GraphicsError { throw RecipeError.usage(e.description) }
        let bar = reporting.progressBar(total: Int64(images + 1), unit: .images)
        let data: Data
        do {
            defer { bar?.finish() }
            data = try webp.data(series, progress: bar.map { b in { b.update(Int64(($0 * Double(images + 1)).rounded())) } })
        } catch let e as GraphicsError {
            throw RecipeError.output("cannot make \(path): \(e)")
        }
        reporting.verbose.phase("render", "webp, \(images) images")
        try OutputFile.write(data, to: path)
        reporting.verbose.phase("write", "\(data.count) bytes to \(path)")
    }
}
