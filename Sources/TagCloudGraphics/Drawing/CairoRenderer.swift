import CCairo
import Foundation
import TagCloud

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a `CloudLayout` with Cairo into PNG or PDF data, using the glyphs and positions the
/// layout recorded (no reshaping, so the output matches the layout exactly).
///
/// A renderer caches the font faces it loads; reuse one renderer for many clouds. It is safe to
/// use from several threads at once.
public struct CairoRenderer: Sendable {
    /// The options every render uses.
    public var options: RenderOptions
    private let fonts = CairoFontCache()

    /// The largest image side Cairo's image surfaces accept, in pixels (32767); the layouts' canvas
    /// limit is the same number, so any canvas renders as a PNG at scale 1.
    public static let maximumPixelsPerSide = RenderLimits.pixelsPerSide
    /// The largest image area accepted, in pixels (2²⁸, a 1 GiB ARGB buffer).
    public static let maximumPixels = RenderLimits.pixels

    /// The longest side of a PDF page, in points: 2²¹ = 2,097,152 (about 740 m).
    ///
    /// Cairo keeps coordinates in 24.8 fixed point, good to ±2²³: a page 2²³ points tall makes it
    /// loop forever (in `pixman_region32_union`), a page 2²³ wide makes it rasterise what it draws,
    /// and anything drawn across 2²³ lands in the wrong place or is dropped. A quarter of that
    /// range leaves room for ink and strokes past the page's edge. Viewers that work in 32-bit floats
    /// (PDFium, MuPDF) place glyphs on a page this tall to within ⅛ point.
    public static let maximumPDFPageSide = RenderLimits.pdfPageSide

    /// Creates a renderer.
    public init(options: RenderOptions = .init()) {
        self.options = options
    }

    /// The cloud as a PNG image (8-bit RGB, or RGBA when some pixel is not opaque; `options.scale`
    /// pixels per point).
    public func pngData(_ layout: CloudLayout) throws -> Data {
        let surface = try renderImageSurface(layout)
        return try Self.pngData(of: surface.raw)
    }

    /// The PNG of an image surface's pixels (`PNGEncoder`, not cairo's own writer).
    static func pngData(of surface: OpaquePointer) throws -> Data {
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw GraphicsError.cairo(operation: "encoding the PNG image", status: "the image has no pixels")
        }
        do {
            return try PNGEncoder.data(
                argb32: pixels, width: Int(cairo_image_surface_get_width(surface)),
                height: Int(cairo_image_surface_get_height(surface)),
                stride: Int(cairo_image_surface_get_stride(surface)))
        } catch let failure as GraphicsError {
            // zlib's failure, reported as the step of rendering it stopped.
            throw GraphicsError.cairo(operation: "encoding the PNG image", status: failure.description)
        }
    }

    /// The cloud as a one-page PDF whose page is the layout's size in points, with the text kept
    /// as real (embedded, subsetted) fonts. Identical layouts give identical bytes.
    public func pdfData(_ layout: CloudLayout) throws -> Data {
        let size = try checkedCanvasSize(layout)
        try Self.checkPDFPageSize(width: size.width, height: size.height)
        let sink = CairoDataSink()
        try withExtendedLifetime(sink) {
            let surface = try CairoHandle(
                cairo_pdf_surface_create_for_stream(
                    cairoAppendToSink, Unmanaged.passUnretained(sink).toOpaque(),
                    size.width, size.height),
                destroy: cairo_surface_destroy, status: cairo_surface_status, operation: "creating the PDF")
            // Cairo stamps the current time into the document by default, and two renders of
            // the same cloud must be byte-identical (reproducible builds, golden-file tests).
            // An empty string is not an ISO 8601 date, so cairo stores no date at all.
            cairo_pdf_surface_set_metadata(surface.raw, CAIRO_PDF_METADATA_CREATE_DATE, "")
            cairo_pdf_surface_set_metadata(surface.raw, CAIRO_PDF_METADATA_MOD_DATE, "")
            try draw(layout, on: surface, scale: 1)
            // Finishing flushes the whole document into the sink; errors surface only here.
            cairo_surface_finish(surface.raw)
            try check(cairo_surface_status(surface.raw), "writing the PDF")
        }
        return sink.data
    }

    /// Writes the PNG to `url`, atomically (`AtomicFile`): a complete file appears at `url` or
    /// nothing changes, and a failed write throws `GraphicsError.outputFailed`.
    public func writePNG(_ layout: CloudLayout, to url: URL) throws {
        try AtomicFile.write(pngData(layout), to: url)
    }

    /// Writes the PDF to `url`, atomically (`AtomicFile`): a complete file appears at `url` or
    /// nothing changes, and a failed write throws `GraphicsError.outputFailed`.
    public func writePDF(_ layout: CloudLayout, to url: URL) throws {
        try AtomicFile.write(pdfData(layout), to: url)
    }

    /// Renders into memory and returns the pixels row by row, top first, as native-endian
    /// `0xAARRGGBB` words with premultiplied alpha (Cairo's ARGB32). For tests and for callers
    /// that post-process pixels.
    func renderARGB(_ layout: CloudLayout) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let surface = try renderImageSurface(layout)
        cairo_surface_flush(surface.raw)
        let width = Int(cairo_image_surface_get_width(surface.raw))
        let height = Int(cairo_image_surface_get_height(surface.raw))
        let stride = Int(cairo_image_surface_get_stride(surface.raw))
        guard let data = cairo_image_surface_get_data(surface.raw) else {
            throw GraphicsError.cairo(operation: "reading the image", status: "no pixel data")
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        return (width, height, pixels)
    }

    // MARK: - Drawing

    /// The picture's size (`CloudLayout.drawingSize`: the canvas and the legend's band), once the
    /// canvas's is checked.
    private func checkedCanvasSize(_ layout: CloudLayout) throws -> Size {
        let s = layout.size
        guard s.width.isFinite, s.height.isFinite, s.width > 0, s.height > 0 else {
            throw GraphicsError.invalidCanvasSize(width: s.width, height: s.height)
        }
        return layout.drawingSize
    }

    /// The pixel size of the image a canvas of `width` × `height` points makes at `scale`, or the
    /// error rendering it would end in: a caller can refuse a size before laying anything out.
    public static func imageSize(width: Double, height: Double, scale: Double) throws -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw GraphicsError.invalidScale(scale) }
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        // Checked in Double first so an absurd scale cannot overflow Int.
        guard w <= Double(maximumPixelsPerSide), h <= Double(maximumPixelsPerSide), w * h <= Double(maximumPixels) else {
            throw GraphicsError.renderedImageTooLarge(width: w, height: h)
        }
        return (Int(w), Int(h))
    }

    /// Throws `GraphicsError.pageTooLarge` when a PDF page of `width` × `height` points is
    /// larger than `maximumPDFPageSide` (and `.invalidCanvasSize` when a side is not a positive
    /// number): a caller that knows the page size can refuse it before laying anything out.
    public static func checkPDFPageSize(width: Double, height: Double) throws {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw GraphicsError.invalidCanvasSize(width: width, height: height)
        }
        guard width <= Double(maximumPDFPageSide), height <= Double(maximumPDFPageSide) else {
            throw GraphicsError.pageTooLarge(width: width, height: height)
        }
    }

    private func renderImageSurface(_ layout: CloudLayout) throws -> CairoHandle {
        let size = try checkedCanvasSize(layout)
        let scale = options.scale
        let (w, h) = try Self.imageSize(width: size.width, height: size.height, scale: scale)
        let surface = try CairoHandle(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            destroy: cairo_surface_destroy, status: cairo_surface_status,
            operation: "allocating a \(w)×\(h) image")
        try draw(layout, on: surface, scale: scale)
        return surface
    }

    private func draw(_ layout: CloudLayout, on surface: CairoHandle, scale: Double) throws {
        let cr = try CairoHandle(
            cairo_create(surface.raw), destroy: cairo_destroy, status: cairo_status,
            operation: "starting to draw")
        let c = cr.raw
        cairo_scale(c, scale, scale)

        let fontOptions = try CairoHandle(
            cairo_font_options_create(), destroy: cairo_font_options_destroy,
            status: cairo_font_options_status, operation: "setting font options")
        cairo_font_options_set_antialias(fontOptions.raw, CAIRO_ANTIALIAS_GRAY)
        // The layout already decided where every glyph goes; hinting would snap outlines and
        // advances to the pixel grid and make the ink drift from the measured bounds.
        cairo_font_options_set_hint_style(fontOptions.raw, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions.raw, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(c, fontOptions.raw)

        if let bg = options.background(for: layout) {
            setSource(c, bg)
            // SOURCE rather than OVER so a translucent background is stored as given, not
            // blended with the surface's initial transparent black.
            cairo_set_operator(c, CAIRO_OPERATOR_SOURCE)
            cairo_paint(c)
            cairo_set_operator(c, CAIRO_OPERATOR_OVER)
        }
        try check(cairo_status(c), "painting the background")

        if let contour = layout.contour {
            drawContour(contour, on: c)
            try check(cairo_status(c), "drawing the shape's contour")
        }

        for word in layout.placed { try draw(word, on: c) }
        for word in layout.legend?.words ?? [] { try draw(word, on: c) }
        cairo_surface_flush(surface.raw)
        try check(cairo_surface_status(surface.raw), "drawing the cloud")
    }

    /// Draws `word` (its pill, then its glyphs) on the context `c`.
    private func draw(_ word: PlacedWord, on c: OpaquePointer) throws {
        try validate(word)
        if let decoration = word.decoration {
            drawDecoration(decoration, in: word.frame, on: c)
            try check(cairo_status(c), "drawing the tag shape of \"\(word.text)\"")
        }
        guard !word.glyphs.isEmpty else { return }
        cairo_save(c)
        cairo_translate(c, word.origin.x, word.origin.y)
        // Cairo's y axis points down, so a positive angle already turns clockwise on screen. An
        // upright word's column is not turned: its glyphs already stand one under another.
        cairo_rotate(c, word.glyphRotation * .pi / 180)
        cairo_set_font_size(c, word.fontSize)
        setSource(c, word.color)
        // Each stretch of glyphs in one font is one cairo_show_glyphs in that font's face: a
        // glyph id only names a glyph within its own font. Colour glyphs ignore the source.
        var start = 0
        while start < word.glyphs.count {
            let index = word.glyphs[start].font
            var end = start + 1
            while end < word.glyphs.count, word.glyphs[end].font == index { end += 1 }
            let font = word.font(at: index)
            let face: OpaquePointer
            do {
                face = try fonts.face(for: font)
            } catch {
                cairo_restore(c)
                throw error
            }
            cairo_set_font_face(c, face)
            var glyphs = word.glyphs[start..<end].map { cairo_glyph_t(index: UInt($0.id), x: $0.x, y: $0.y) }
            cairo_show_glyphs(c, &glyphs, Int32(glyphs.count))
            if cairo_status(c) != CAIRO_STATUS_SUCCESS { break }
            start = end
        }
        cairo_restore(c)
        try check(cairo_status(c), "drawing \"\(word.text)\" in \(word.font.file)")
    }

    private func validate(_ word: PlacedWord) throws {
        func bad(_ problem: String) -> GraphicsError { .invalidWord(text: word.text, problem: problem) }
        guard word.fontSize.isFinite, word.fontSize > 0 else { throw bad("its font size is \(word.fontSize)") }
        guard word.origin.x.isFinite, word.origin.y.isFinite else { throw bad("its origin is not a finite point") }
        guard word.rotation.isFinite else { throw bad("its rotation is \(word.rotation)") }
        guard word.glyphs.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw bad("a glyph position is not finite")
        }
        if let d = word.decoration {
            let f = word.frame
            guard f.x.isFinite, f.y.isFinite, f.width.isFinite, f.height.isFinite else {
                throw bad("its frame is not finite")
            }
            guard d.borderWidth.isFinite, d.cornerRadius.isFinite else {
                throw bad("its decoration has a non-finite border width or corner radius")
            }
        }
    }

    private func drawDecoration(_ d: TagDecoration, in frame: Rect, on c: OpaquePointer) {
        guard !frame.isEmpty else { return }
        let radius = max(0, d.cornerRadius)
        if let fill = d.fill {
            roundedRect(frame, radius: radius, on: c)
            setSource(c, fill)
            cairo_fill(c)
        }
        guard let border = d.border, d.borderWidth > 0 else { return }
        setSource(c, border)
        let bw = d.borderWidth
        let inner = Rect(x: frame.x + bw / 2, y: frame.y + bw / 2, width: frame.width - bw, height: frame.height - bw)
        if inner.isEmpty {
            // A border at least as thick as the tag covers all of it; stroking a degenerate
            // path would instead spill outside the frame.
            roundedRect(frame, radius: radius, on: c)
            cairo_fill(c)
        } else {
            // The stroke is centred on the path, so inset by half its width to keep it inside the
            // frame, and shrink the radius to match so inner and outer curves stay concentric.
            roundedRect(inner, radius: max(0, radius - bw / 2), on: c)
            cairo_set_line_width(c, bw)
            cairo_stroke(c)
        }
    }

    /// Strokes each polygon of `contour` as a closed path with round joins. Polygons with fewer than
    /// two points or a non-finite point, and a zero, negative or non-finite width, draw nothing.
    private func drawContour(_ contour: Contour, on c: OpaquePointer) {
        guard contour.width.isFinite, contour.width > 0 else { return }
        cairo_save(c)
        cairo_new_path(c)
        for polygon in contour.polygons where polygon.count >= 2 {
            guard polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            cairo_move_to(c, polygon[0].x, polygon[0].y)
            for p in polygon.dropFirst() { cairo_line_to(c, p.x, p.y) }
            cairo_close_path(c)
        }
        setSource(c, contour.color)
        cairo_set_line_width(c, contour.width)
        cairo_set_line_join(c, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(c)
        cairo_restore(c)
    }

    private func roundedRect(_ r: Rect, radius: Double, on c: OpaquePointer) {
        let rad = min(radius, min(r.width, r.height) / 2)
        cairo_new_path(c)
        guard rad > 0 else {
            cairo_rectangle(c, r.x, r.y, r.width, r.height)
            return
        }
        let h = Double.pi / 2
        cairo_new_sub_path(c)
        cairo_arc(c, r.maxX - rad, r.minY + rad, rad, -h, 0)
        cairo_arc(c, r.maxX - rad, r.maxY - rad, rad, 0, h)
        cairo_arc(c, r.minX + rad, r.maxY - rad, rad, h, 2 * h)
        cairo_arc(c, r.minX + rad, r.minY + rad, rad, 2 * h, 3 * h)
        cairo_close_path(c)
    }

    private func setSource(_ c: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(
            c, Double(color.red) / 255, Double(color.green) / 255,
            Double(color.blue) / 255, Double(color.alpha) / 255)
    }

    private func check(_ status: cairo_status_t, _ operation: String) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cairo(operation: operation, status: cairoStatusText(status))
        }
    }
}
