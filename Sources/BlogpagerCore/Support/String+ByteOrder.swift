import Foundation

extension String {
    /// Whether this string comes before `other` in the byte order of their
    /// UTF-8: the order of every list blogpager writes, the same on every
    /// machine and locale. One `memcmp`; the generic comparison of two UTF-8
    /// views went byte by byte and was a visible part of a rebuild's sorting.
    func precedesInBytes(_ other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let shared = min(a.count, b.count)
                if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, shared)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
    }
}
