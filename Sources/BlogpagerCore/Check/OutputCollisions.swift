/// The check stage for files beside the archive: a static file may not replace a file the build
/// writes, nor a page take the archive's URL (for an imported site each is left out with a warning).
struct OutputCollisions {
    let input: SiteInput

    /// Static files go beside the generated ones but may not replace any.
    /// The static files that go out: one that would replace a generated file is an error, or for an
    /// imported site (`generatedFilesWin`) left out with a warning.
    func staticFiles(_ staticFiles: [StaticFile], generated: Set<OutputPath>,
                                  log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> [StaticFile] {
        staticFiles.filter { file in
            guard generated.contains(file.path) || file.path.string == "fragments" || file.path.string.hasPrefix("fragments/") else { return true }
            let location = SourceLocation(path: file.source?.shownPath ?? "content/static/\(file.path)")
            if input.generatedFilesWin {
                warnings.append(.warning(at: location, "not copied: blogpager writes its own \(file.path)"))
            } else {
                log.append(.error(at: location, "static file would replace the generated \(file.path); rename or move it"))
            }
            return false
        }
    }

    /// A page whose URL the archive uses (the front page, `archive/`) or another page took is left out, with a warning.
    /// An old address of a page that another file or page has is left out, with a warning.
    func pages(_ pages: [StandalonePage], generated: Set<OutputPath>, warnings: inout [Diagnostic]) -> [StandalonePage] {
        var taken = generated
        let built = pages.filter { page in
            guard taken.insert(page.outputPath).inserted else {
                if input.config.archivePage?.source == page.source.relativePath {
                    let list = input.config.archivePage?.listLoop == nil ? "its list is blogpager's"
                        : "its list is this page's own loop over the posts, paged, older and newer posts loading as the reader scrolls"
                    warnings.append(.note(at: SourceLocation(path: page.source.displayPath),
                                          "the archive's front page is built here, in this page's layout and with its title; \(list)"))
                    return false
                }
                warnings.append(.warning(at: SourceLocation(path: page.source.displayPath),
                                         "page not built: its URL \(page.url) is taken by the archive or another file (the archive's front page stays blogpager's)"))
                return false
            }
            return true
        }
        return built.map { page in
            var page = page
            page.redirectsFrom = page.redirectsFrom.filter { path in
                // A page that names its own URL among its old addresses has nothing to redirect.
                guard path != page.outputPath else { return false }
                guard taken.insert(path).inserted else {
                    warnings.append(.warning(at: SourceLocation(path: page.source.displayPath),
                                             "no redirect at old address \(path.urlPath(basePath: "")) (aliases): another page or file is there"))
                    return false
                }
                return true
            }
            return page
        }
    }
}
