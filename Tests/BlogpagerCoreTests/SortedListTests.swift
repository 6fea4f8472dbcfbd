import BlogpagerCore
import PropertyBased
import Testing

/// The sorted list must agree with sorting a plain array, ties included.
struct SortedListTests {
    struct Item: Sendable, Equatable {
        var key: Int
        var arrival: Int
    }

    static let byKey: @Sendable (Item, Item) -> Bool = { $0.key < $1.key }

    /// What the list must equal: the items sorted by key, equal keys in arrival order.
    static func reference(_ items: [Item]) -> [Item] {
        items.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
    }

    @Test func emptyListHasNoElements() {
        let list = SortedList<Int>(by: <)
        #expect(list.isEmpty)
        #expect(list.lowerBound(of: 3) == 0)
        #expect(list.upperBound(of: 3) == 0)
    }

    @Test func insertingOneByOneMatchesAStableSort() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...15).array(of: 0...60)) { keys in
            let items = keys.enumerated().map { Item(key: $0.element, arrival: $0.offset) }
            var list = SortedList<Item>(by: Self.byKey)
            for item in items { list.insert(item) }
            #expect(Array(list) == Self.reference(items))
        }
    }

    @Test func buildingAtOnceMatchesInsertingOneByOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...15).array(of: 0...60)) { keys in
            let items = keys.enumerated().map { Item(key: $0.element, arrival: $0.offset) }
            var incremental = SortedList<Item>(by: Self.byKey)
            for item in items { incremental.insert(item) }
            let whole = SortedList(items, by: Self.byKey)
            #expect(Array(whole) == Array(incremental))
        }
    }

    @Test func boundsMatchALinearScan() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...20).array(of: 0...40), Gen.int(in: -1...21)) { keys, probe in
            let list = SortedList(keys, by: <)
            let sorted = keys.sorted()
            #expect(list.lowerBound(of: probe) == (sorted.firstIndex { $0 >= probe } ?? sorted.count))
            #expect(list.upperBound(of: probe) == (sorted.firstIndex { $0 > probe } ?? sorted.count))
            #expect(list.equalRange(of: probe).count == sorted.filter { $0 == probe }.count)
        }
    }

    @Test func insertReturnsThePlaceItWentTo() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...9).array(of: 1...30)) { keys in
            var list = SortedList<Int>(by: <)
            for key in keys {
                let index = list.insert(key)
                #expect(list[index] == key)
                #expect(index == list.upperBound(of: key) - 1)
            }
        }
    }

    @Test func removingKeepsTheRestInOrder() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...50).array(of: 1...40), Gen.int(in: 0...1000)) { keys, pick in
            var list = SortedList(keys, by: <)
            var reference = keys.sorted()
            let index = pick % list.count
            #expect(list.remove(at: index) == reference.remove(at: index))
            #expect(Array(list) == reference)
        }
    }

    @Test func entriesOrderNewestFirstThenSlug() {
        let day = EntryDate(epochSeconds: 1_463_011_200)
        let later = EntryDate(epochSeconds: 1_463_011_201)
        let cursors = [
            Cursor(date: day, slug: "b"), Cursor(date: later, slug: "z"),
            Cursor(date: day, slug: "a"), Cursor(date: day, slug: "日本"),
        ]
        let list = SortedList(cursors, by: Cursor.newestFirst)
        #expect(list.map(\.slug) == ["z", "a", "b", "日本"])
    }

    @Test func theSameInstantInTwoOffsetsTiesOnTheSlug() {
        // 10:00 in Tokyo and 01:00 UTC are one instant: only the slug decides.
        let tokyo = Cursor(date: EntryDate(epochSeconds: 3600, offsetSeconds: 32_400), slug: "b")
        let utc = Cursor(date: EntryDate(epochSeconds: 3600, offsetSeconds: 0), slug: "a")
        #expect(Cursor.newestFirst(utc, tokyo))
        #expect(!Cursor.newestFirst(tokyo, utc))
    }
}
