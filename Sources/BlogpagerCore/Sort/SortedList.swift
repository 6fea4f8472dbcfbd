/// A list kept in order by a strict weak ordering, with binary search.
///
/// Ties are stable: an element inserted next to equal ones goes after them, so
/// equal elements keep the order they arrived in, build after build.
public struct SortedList<Element: Sendable>: Sendable {
    public typealias Ordering = @Sendable (Element, Element) -> Bool

    private var storage: [Element]
    /// `true` when the first argument belongs strictly before the second.
    public let areInIncreasingOrder: Ordering

    public init(by areInIncreasingOrder: @escaping Ordering) {
        self.storage = []
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Builds the list in O(n log n); equal elements keep their order in `elements`.
    public init<S: Sequence>(_ elements: S, by areInIncreasingOrder: @escaping Ordering) where S.Element == Element {
        self.areInIncreasingOrder = areInIncreasingOrder
        // Sort (element, arrival) pairs so ties are stable whatever sort the library uses.
        self.storage = elements.enumerated()
            .sorted { lhs, rhs in
                if areInIncreasingOrder(lhs.element, rhs.element) { return true }
                if areInIncreasingOrder(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// The first index whose element is not before `element`.
    public func lowerBound(of element: Element) -> Int {
        storage.partitionPoint { !areInIncreasingOrder($0, element) }
    }

    /// The first index whose element comes after `element`: where a new equal element goes.
    public func upperBound(of element: Element) -> Int {
        storage.partitionPoint { areInIncreasingOrder(element, $0) }
    }

    /// Inserts `element` after any equal ones and returns its index.
    @discardableResult
    public mutating func insert(_ element: Element) -> Int {
        let index = upperBound(of: element)
        storage.insert(element, at: index)
        return index
    }

    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        storage.remove(at: index)
    }

    /// The indices of the elements equal to `element` under the ordering.
    public func equalRange(of element: Element) -> Range<Int> {
        lowerBound(of: element)..<upperBound(of: element)
    }

    public var elements: [Element] { storage }
}

extension SortedList: RandomAccessCollection {
    public var startIndex: Int { storage.startIndex }
    public var endIndex: Int { storage.endIndex }
    public subscript(position: Int) -> Element { storage[position] }
}
