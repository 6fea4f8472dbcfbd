import Foundation

/// A system error as our messages word it: `no such file`, `permission denied`, else the
/// system's own text. One wording for every stage that reads or writes files.
enum SystemErrorText {
    static func reason(_ error: Error) -> String {
        if let posix = error as? POSIXError {
            // The two a reader meets most, worded as the rest of our messages.
            switch posix.code {
            case .ENOENT: return "no such file"
            case .EACCES, .EPERM: return "permission denied"
            default: return String(cString: strerror(posix.code.rawValue))
            }
        }
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoPermission: return "permission denied"
            case .fileReadNoSuchFile: return "no such file"
            default: break
            }
        }
        return error.localizedDescription
    }
}
