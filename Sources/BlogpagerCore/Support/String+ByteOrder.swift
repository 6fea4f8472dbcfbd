import Foundation

extension String {
    /// Whether this string comes before `other` in the byte order of their
    /// UTF-8: the order of every list blogpager writes, the same on every
    /// machine and locale. One `memcmp`; the generic comparison of two UTF-8
    /// views went byte by byte and was a visible part of a rebuild's sorting.
    func precedesInBytes(_ other: String) -> Bool {
        // The bytes in place (a native string's own storage): copying each string into a `var` for
        // `withUTF8` made a sort of 18,000 paths three times as slow as this.
        let found = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b -> Bool in
                let shared = Swift.min(a.count, b.count)
                if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, shared)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
        if let found, let result = found { return result }
        return utf8.lexicographicallyPrecedes(other.utf8)
    }
}
