/// The live-reload script tag, put before a full page's last `</body>` when
/// serving with `--watch`. Fragments have no `<body>` and stay as built.
public enum LiveReloadInjection {
    public static let eventsPath = "/_blogpager/events"
    public static let scriptPath = "/_blogpager/live-reload.js"
    public static let tag = "<script src=\"\(scriptPath)\" defer></script>"

    public static func inject(_ tag: String, into bytes: [UInt8]) -> [UInt8] {
        let closing = Array("</body".utf8)
        guard bytes.count >= closing.count else { return bytes }
        var start = bytes.count - closing.count
        while start >= 0 {
            if (0..<closing.count).allSatisfy({ lowercased(bytes[start + $0]) == closing[$0] }) {
                return Array(bytes[..<start]) + Array(tag.utf8) + Array(bytes[start...])
            }
            start -= 1
        }
        return bytes
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
