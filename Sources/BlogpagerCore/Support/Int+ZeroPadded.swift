extension Int {
    /// In decimal, zero-padded to `width` characters as `String(format: "%0<width>d")` writes it
    /// (a minus sign counts), without Foundation's formatting, which took microseconds a call:
    /// dates are spelled tens of thousands of times a build (every stream's months, every URL).
    func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        let padding = String(repeating: "0", count: Swift.max(0, width - digits.count - (self < 0 ? 1 : 0)))
        return self < 0 ? "-" + padding + digits : padding + digits
    }
}
