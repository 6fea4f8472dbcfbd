#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, as `readdir` gives them, each read in place up to its NUL.
/// Copying `d_name` out of the entry (`entry.pointee.d_name`) reads all 256 bytes of the
/// field, but `readdir`'s record ends after the name: at the end of its buffer, on a page
/// that is not mapped, that read crashed a build now and then.
public enum FolderListing {
    /// Every name in `folder`, `.` and `..` included; nil when it cannot be opened.
    public static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)))
        }
        return names
    }
}
