/// blogpager's own format: `content/` of entries, `blogpager.yml`, `templates/` beside it.
struct BlogpagerOrigin: SiteOrigin {
    var origin: SiteLayout.Origin { .blogpager }
    var addressKey: String { "base_url" }
    var isImported: Bool { false }
    /// Our own config is held to its own rules: every bad value is an error.
    var passedOverConfigValues: Set<ConfigValues.Kind> { [] }
    var readsTemplatesBesideConfig: Bool { true }

    func loadConfig(_ text: String, parts: [SiteConfigLoader.Part], loader: SiteConfigLoader) -> Result<SiteConfigLoader.Loaded, BuildFailure> {
        loader.load(text).map { SiteConfigLoader.Loaded(config: $0) }
    }
}
