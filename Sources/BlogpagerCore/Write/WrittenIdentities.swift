/// What `stat` says of each file a build wrote, taken as it was written (`DiskFile.replace`), by its
/// place in the report's list of paths (`WriteReport.paths`): the outputs' digest of the build's
/// record needs no second look at them. After a clean build of a huge archive that look was a
/// `stat` of every output, of inodes the kernel no longer held: a large part of the build.
/// Kept in the order of those places (a build writes a file after it is placed), looked up by
/// binary search: two short lists, not a table of every path.
public struct WrittenIdentities: Sendable, Equatable {
    private var places: [Int] = []
    private var identities: [FileIdentity] = []

    public init() {}

    public var count: Int { places.count }

    /// The file at `place` was written and is now as `identity` says; a file written again
    /// (never by a build, which makes each path once) takes its latest identity.
    mutating func record(_ identity: FileIdentity, at place: Int) {
        guard let last = places.last, place <= last else {
            places.append(place)
            identities.append(identity)
            return
        }
        let index = firstIndex(notBefore: place)
        if index < places.count, places[index] == place {
            identities[index] = identity
        } else {
            places.insert(place, at: index)
            identities.insert(identity, at: index)
        }
    }

    mutating func reserveCapacity(_ count: Int) {
        places.reserveCapacity(count)
        identities.reserveCapacity(count)
    }

    /// The identity of the file at `place`, when this build wrote it.
    public func identity(at place: Int) -> FileIdentity? {
        let index = firstIndex(notBefore: place)
        return index < places.count && places[index] == place ? identities[index] : nil
    }

    private func firstIndex(notBefore place: Int) -> Int {
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if places[middle] < place { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
