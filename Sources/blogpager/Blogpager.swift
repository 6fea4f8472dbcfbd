import ArgumentParser

@main
struct Blogpager: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blogpager",
        abstract: "A static site generator for blogs whose archive is read by scrolling.",
        subcommands: [InitCommand.self, NewCommand.self, BuildCommand.self, CheckCommand.self, ServeCommand.self, DeployCommand.self]
    )
}
