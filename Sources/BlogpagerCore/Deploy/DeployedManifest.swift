import Foundation

/// What the remote holds of ours, as the last deploy left it: `<remote>/.blogpager/deployed.json`.
/// Each file with its size, its MD5 (the hash stores report), the build's digest of its bytes, its
/// class, and since when no build has made it (its deletion waits for the grace period). Only the
/// files named here are ever replaced without `--force`, or deleted.
public struct DeployedManifest: Codable, Sendable, Equatable {
    public static let path = ".blogpager/deployed.json"
    public static let format = 1

    public struct File: Codable, Sendable, Equatable {
        public var size: Int
        /// Lowercase hex; empty where it was not known.
        public var md5: String
        /// `OutputManifest.digest(of:)` of the bytes uploaded: a build's own name for them.
        public var digest: String
        public var kind: String
        /// Epoch seconds of the first deploy whose build no longer made it; nil while one does.
        public var removedSince: Int64?
        /// True once its deletion has begun: it may be gone from the remote.
        public var deleting: Bool?

        public init(size: Int, md5: String, digest: String, kind: String, removedSince: Int64? = nil, deleting: Bool? = nil) {
            self.size = size
            self.md5 = md5
            self.digest = digest
            self.kind = kind
            self.removedSince = removedSince
            self.deleting = deleting
        }
    }

    public var format = Self.format
    public var generator = "blogpager"
    /// Epoch seconds of the deploy that wrote it.
    public var deployedAt: Int64
    public var files: [String: File]

    public init(deployedAt: Int64, files: [String: File]) {
        self.deployedAt = deployedAt
        self.files = files
    }

    public func encoded() -> [UInt8] {
        DeterministicJSON.bytes(self)
    }

    public static func decode(_ bytes: [UInt8]) throws -> DeployedManifest {
        let manifest = try JSONDecoder().decode(DeployedManifest.self, from: Data(bytes))
        guard manifest.generator == "blogpager", manifest.format == format else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "format \(manifest.format) is not one this blogpager reads"))
        }
        return manifest
    }
}
