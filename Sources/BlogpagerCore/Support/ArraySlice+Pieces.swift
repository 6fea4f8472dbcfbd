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
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [self] }
            // Counted first, so the pieces go into one array made to size (a growing one was
            // most of the cost: a line of the entry cache has eighteen fields).
            var separators = 0
            var offset = 0
            while separators < maxSplits, offset < buffer.count, let found = memchr(base + offset, Int32(separator), buffer.count - offset) {
                separators += 1
                offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
            }
            var pieces: [ArraySlice<UInt8>] = []
            pieces.reserveCapacity(separators + 1)
            offset = 0
            while pieces.count < separators, let found = memchr(base + offset, Int32(separator), buffer.count - offset) {
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                pieces.append(self[(startIndex + offset)..<(startIndex + at)])
                offset = at + 1
            }
            pieces.append(self[(startIndex + offset)..<endIndex])
            return pieces
        }
    }

    /// Whether `byte` is among these, found with `memchr` (`contains` goes a byte at a time).
    func containsByte(_ byte: UInt8) -> Bool {
        withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, Int32(byte), buffer.count) != nil } ?? false
        }
    }
}
