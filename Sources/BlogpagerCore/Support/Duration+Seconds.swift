extension Duration {
    /// In seconds, with their fraction: for figures people read.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
