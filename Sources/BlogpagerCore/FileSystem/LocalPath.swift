/// How a path below a folder is written, in one place: every join of a folder of the file system
/// and a path below it (a name, or a walk's `/`-separated relative path) goes through here, so the
/// root folder `/` gives `/name`, not `//name`.
enum LocalPath {
    static func joined(_ folder: String, _ relative: String) -> String {
        folder == "/" ? "/" + relative : folder + "/" + relative
    }
}
