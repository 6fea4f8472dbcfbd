/// jekyll-redirect-from 0.16's page at an old address (`redirect_from`) or in place of a page that
/// leads elsewhere (`redirect_to`), as the plugin writes it, for a site in its own layouts.
enum JekyllRedirectPage {
    static func html(to target: String) -> String {
        let url = HTMLEscaping.escape(target)
        return """
            <!DOCTYPE html>
            <html lang="en-US">
              <meta charset="utf-8">
              <title>Redirecting&hellip;</title>
              <link rel="canonical" href="\(url)">
              <script>location="\(url)"</script>
              <meta http-equiv="refresh" content="0; url=\(url)">
              <meta name="robots" content="noindex">
              <h1>Redirecting&hellip;</h1>
              <a href="\(url)">Click here if you are not redirected.</a>
            </html>

            """
    }

    /// Where a post or page that says `redirect_to:` leads (the first, of a list), as written.
    static func target(of value: FrontMatterValue?) -> String? {
        switch value {
        case .string(let url)?: url.isEmpty ? nil : url
        case .list(let urls)?: urls.first?.scalarText
        default: nil
        }
    }
}
