import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `blogpager check --links`: the site's links to other sites asked for, a few at once, each
/// within `timeout` and all within `budget`; never part of a build. A `HEAD` first, a `GET` where
/// a server refuses `HEAD`. What answers 400 or more, or not at all, is broken; what the budget
/// left unasked is said, not taken as broken.
public struct ExternalLinkCheck: Sendable {
    public var concurrency = 8
    public var timeout: TimeInterval = 10
    public var budget: Duration = .seconds(60)

    public init() {}

    public struct Broken: Sendable, Equatable {
        public var url: String
        public var page: String
        /// `404`, or what went wrong.
        public var problem: String
    }

    public struct Outcome: Sendable {
        public var checked = 0
        public var broken: [Broken] = []
        /// Links not asked before the budget ran out.
        public var unasked = 0
    }

    public func run(_ links: [(url: String, page: String)]) async -> Outcome {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        let deadline = ContinuousClock.now + budget
        var outcome = Outcome()
        var next = 0
        await withTaskGroup(of: Broken?.self) { group in
            func startNext() -> Bool {
                guard next < links.count, ContinuousClock.now < deadline else { return false }
                let (url, page) = links[next]
                next += 1
                group.addTask { await Self.ask(url, page: page, session: session) }
                return true
            }
            for _ in 0..<concurrency { _ = startNext() }
            while let result = await group.next() {
                outcome.checked += 1
                if let result { outcome.broken.append(result) }
                _ = startNext()
            }
        }
        outcome.unasked = links.count - next
        session.invalidateAndCancel()
        outcome.broken.sort { ($0.page, $0.url) < ($1.page, $1.url) }
        return outcome
    }

    private static func ask(_ url: String, page: String, session: URLSession) async -> Broken? {
        guard let target = URL(string: url) else { return Broken(url: url, page: page, problem: "not a URL") }
        var problem: String?
        for method in ["HEAD", "GET"] {
            var request = URLRequest(url: target)
            request.httpMethod = method
            request.setValue("blogpager check --links", forHTTPHeaderField: "User-Agent")
            do {
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if status < 400 { return nil }
                problem = "\(status)"
                // Some servers refuse HEAD alone: ask again the usual way.
                if method == "HEAD", [403, 405, 501].contains(status) { continue }
                break
            } catch {
                problem = (error as NSError).localizedDescription
                break
            }
        }
        return Broken(url: url, page: page, problem: problem ?? "no answer")
    }
}
