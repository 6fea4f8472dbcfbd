import ArgumentParser
import BlogpagerCore
import Foundation

/// The site a command takes when none is named: `SiteDefaults` for the current folder, or an
/// error that says how to name one.
enum CurrentSite {
    /// `naming`: how this command names a site, for the error (`blogpager build content/ out/`).
    static func find(_ site: String?, naming: String) throws -> SiteDefaults.Found {
        let found = SiteDefaults.find(site: site, currentFolder: FileManager.default.currentDirectoryPath, in: .disk)
        guard found.layout != nil else {
            FileHandle.standardError.write(Data("error: \(found.problem ?? "no site here"); name it (\(naming)), or make a blog with blogpager init\n".utf8))
            throw ExitCode(1)
        }
        return found
    }
}
