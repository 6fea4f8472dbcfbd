#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ArraySlice where Element == UInt8 {
    /// The pieces between `separator`s, empty ones kept (as `split(separator:maxSplits:omittingEmptySubsequences: false)`),
    /// found with `memchr`: the records a rebuild reads are hundreds of thousands of lines and
    /// fields, which the generic `split` went through a byte and a closure call at a time.
    func pieces(separatedBy separator: UInt8, maxSplits: Int = .max) -> [ArraySlice<UInt8>] {
        var bounds: [Int] = []
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while bounds.count < maxSplits, offset < buffer.count,
                  let found = memchr(base + offset, Int32(separator), buffer.count - offset) {
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                bounds.append(at)
                offset = at + 1
            }
        }
        var pieces: [ArraySlice<UInt8>] = []
        pieces.reserveCapacity(bounds.count + 1)
        var start = startIndex
        for bound in bounds {
            pieces.append(self[start..<(startIndex + bound)])
            start = startIndex + bound + 1
        }
        pieces.append(self[start..<endIndex])
        return pieces
    }
}
