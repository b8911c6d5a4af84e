/// The editor page's files, built into the binary (SwiftPM's `embedInCode` resources from
/// `Editor/`), so the server needs nothing beside it and works offline.
enum EditorFiles {
    /// A file's bytes and media type.
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    private static let html = "text/html; charset=utf-8"
    private static let script = "text/javascript; charset=utf-8"

    /// The files by the path they are served at.
    static let byPath: [String: File] = [
        "/": File(bytes: PackageResources.index_html, contentType: html),
        "/index.html": File(bytes: PackageResources.index_html, contentType: html),
        "/editor.css": File(bytes: PackageResources.editor_css, contentType: "text/css; charset=utf-8"),
        "/editor/main.js": File(bytes: PackageResources.main_js, contentType: script),
        "/editor/api.js": File(bytes: PackageResources.api_js, contentType: script),
        "/editor/state.js": File(bytes: PackageResources.state_js, contentType: script),
        "/editor/dom.js": File(bytes: PackageResources.dom_js, contentType: script),
        "/editor/controls.js": File(bytes: PackageResources.controls_js, contentType: script),
        "/editor/tags.js": File(bytes: PackageResources.tags_js, contentType: script),
        "/editor/preview.js": File(bytes: PackageResources.preview_js, contentType: script),
        "/editor/inputs.js": File(bytes: PackageResources.inputs_js, contentType: script),
        "/editor/output.js": File(bytes: PackageResources.output_js, contentType: script),
    ]
}
