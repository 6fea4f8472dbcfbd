/// What a Jekyll site's `Gemfile` says of its plugins, as Bundler has Jekyll load them: the gems of
/// its `:jekyll_plugins` group, and whether it builds as GitHub Pages does (the `github-pages` gem).
struct JekyllGemfile {
    /// The gems of the `:jekyll_plugins` group (`group :jekyll_plugins do gem "jekyll-feed" end`).
    var plugins: [String] = []
    var isGitHubPages = false

    /// The plugins GitHub Pages always runs, of those the build makes.
    static let gitHubPagesPlugins = ["jekyll-default-layout", "jekyll-seo-tag", "jekyll-feed", "jekyll-titles-from-headings", optionalFrontMatter,
                                     readmeIndex, relativeLinks]
    static let optionalFrontMatter = "jekyll-optional-front-matter"
    static let readmeIndex = "jekyll-readme-index"
    static let relativeLinks = "jekyll-relative-links"

    init(text: String) {
        var depth = 0
        for line in text.split(separator: "\n") {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = code.trimmingSpaces
            if trimmed.hasPrefix("group"), trimmed.contains(":jekyll_plugins"), trimmed.hasSuffix("do") || trimmed.contains(" do ") {
                depth = 1
                continue
            }
            let gem = trimmed.firstMatch(of: #/^gem\s*\(?\s*["']([^"']+)["']/#).map { String($0.output.1) }
            if gem == "github-pages" { isGitHubPages = true }
            guard depth > 0 else { continue }
            if trimmed == "end" {
                depth -= 1
            } else if trimmed.hasSuffix(" do") {
                depth += 1
            } else if let gem {
                plugins.append(gem)
            }
        }
    }
}
