extension RandomAccessCollection where Index == Int {
    /// Binary search for the first index where `isInSecondPart` turns true;
    /// `isInSecondPart` must be false then true along the collection.
    func partitionPoint(where isInSecondPart: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isInSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
