import CCairo
import Foundation
import TagCloud
import Testing

@testable import TagCloudGraphics

/// A layout with nothing placed on a page of `width` × `height` points.
private func emptyLayout(width: Double, height: Double) -> CloudLayout {
    CloudLayout(kind: .flow, size: Size(width: width, height: height), background: .white, placed: [], unplaced: [], seed: 1)
}

@Suite("render limits: PDF page sides, and one PNG side limit for canvases and images")
struct RenderLimitTests {
    @Test(
        "a page side of 2^23 points (where Cairo hangs) or just over the limit is refused",
        arguments: [
            (800.0, 8_388_608.0), (8_388_608.0, 600.0), (800.0, 2_097_152.5), (Double.infinity, 600.0),
        ])
    func refusesPagesOverTheLimit(width: Double, height: Double) {
        #expect(throws: GraphicsError.self) { try CairoRenderer.checkPDFPageSize(width: width, height: height) }
        if width.isFinite {
            #expect(throws: GraphicsError.pageTooLarge(width: width, height: height)) {
                try CairoRenderer.checkPDFPageSize(width: width, height: height)
            }
        }
    }

    @Test(
        "normal pages and pages at the limit pass",
        arguments: [
            (595.0, 842.0), (800.0, 164_142.0), (2_097_152.0, 2_097_152.0),
        ])
    func acceptsPagesWithinTheLimit(width: Double, height: Double) throws {
        try CairoRenderer.checkPDFPageSize(width: width, height: height)
    }

    @Test("pdfData refuses a page over the limit before drawing, and draws a normal one")
    func pdfDataChecksThePage() throws {
        // 2^22 points: Cairo would still draw it, so an unchecked render returns a PDF instead of failing.
        let tall = emptyLayout(width: 800, height: 4_194_304)
        #expect(throws: GraphicsError.pageTooLarge(width: 800, height: 4_194_304)) { try CairoRenderer().pdfData(tall) }
        let message = GraphicsError.pageTooLarge(width: 800, height: 4_194_304).description
        #expect(message.contains("800×4194304 points") && message.contains("2097152 points a side"))
        let pdf = try CairoRenderer().pdfData(emptyLayout(width: 800, height: 600))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
    }

    @Test("the canvas side limit is the PNG side limit, and Cairo's own")
    func oneSideLimit() throws {
        let side = WordCloudOptions.Limits.side
        #expect(CairoRenderer.maximumPixelsPerSide == side && ImageLoader.maximumPixelsPerSide == side)
        let size = try CairoRenderer.imageSize(width: Double(side), height: 1, scale: 1)
        #expect(size.width == side)
        for (width, status) in [(side, CAIRO_STATUS_SUCCESS), (side + 1, CAIRO_STATUS_INVALID_SIZE)] {
            let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), 1))
            #expect(cairo_surface_status(surface) == status, "a \(width)-pixel-wide image surface")
            cairo_surface_destroy(surface)
        }
    }
}
