import Foundation

/// What compiling a site's stylesheets needs of the machine and the build: where Dart Sass is
/// looked for, the build's now (a stylesheet's Liquid), the environment (where Ruby's gems are).
public struct StylesheetTools: Sendable {
    public var sass: DartSass.Finder
    public var now: Date
    public var environment: [String: String]

    public init(sass: DartSass.Finder, now: Date, environment: [String: String]) {
        self.sass = sass
        self.now = now
        self.environment = environment
    }
}
