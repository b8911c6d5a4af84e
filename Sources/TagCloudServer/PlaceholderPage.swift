/// The page at `/` until the editor is built: what the server is and where its API is documented.
enum PlaceholderPage {
    /// The HTML, with no script and no outside request.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>TagCloud editor</title>
        </head>
        <body>
        <h1>TagCloud</h1>
        <p>The editor is coming. Until then this server answers its JSON API:
        <a href="/api/options">/api/options</a>, <a href="/api/fonts">/api/fonts</a>,
        <a href="/api/palettes">/api/palettes</a>, <a href="/api/shapes">/api/shapes</a>, and
        <code>POST /api/count</code>, <code>/api/layout</code>, <code>/api/render</code>.</p>
        <p>The API is documented in <code>docs/serve.md</code> of the TagCloud sources; the option
        tables the requests take are at <a href="/api/options">/api/options</a>.</p>
        </body>
        </html>

        """
}
