#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `blogpager serve`: the output folder over HTTP with Hummingbird, plus the
/// watcher when asked. Stops cleanly on SIGINT and SIGTERM: open live-reload
/// streams end first, then the watcher, then the listener.
public struct SiteServer: Sendable {
    public var folder: SiteFolder
    /// 127.0.0.1 unless the user asks for another address.
    public var host: String
    /// 0 picks a free port (tests use it; the URL is printed).
    public var port: Int
    public var watcher: SiteWatcher?
    public var hub: LiveReloadHub?
    public var cache: ServedFileCache

    public init(folder: SiteFolder, host: String = "127.0.0.1", port: Int = 8080, watcher: SiteWatcher? = nil, hub: LiveReloadHub? = nil) {
        self.folder = folder
        self.host = host
        self.port = port
        self.watcher = watcher
        self.hub = hub
        self.cache = ServedFileCache(liveReloadTag: hub == nil ? nil : LiveReloadInjection.tag)
    }

    /// A port already taken, or an address that cannot be bound.
    public struct CannotListen: Error, CustomStringConvertible {
        public var description: String
    }

    /// Serves until a signal arrives; `onListening` gets the site's URL.
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "blogpager.serve")
        logger.logLevel = .error
        let responder = StaticSiteResponder(folder: folder, cache: cache, liveReload: hub)
        let host = self.host
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shownHost = host.contains(":") ? "[\(host)]" : host
                onListening("http://\(shownHost):\(port)/")
            },
            logger: logger)
        var services: [any Service] = [app]
        if let watcher { services.append(watcher) }
        if let hub { services.append(LiveReloadCloser(hub: hub)) }
        // Services stop in reverse order: the closer ends open event streams,
        // which would otherwise keep the listener's graceful shutdown waiting.
        let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CannotListen(description: "cannot listen on \(host):\(port): the port is in use; pick another with --port")
        } catch let error as IOError {
            throw CannotListen(description: "cannot listen on \(host):\(port): \(error.description)")
        }
    }
}

/// Waits for shutdown, then ends every live-reload stream.
struct LiveReloadCloser: Service {
    let hub: LiveReloadHub

    func run() async throws {
        try? await gracefulShutdown()
        hub.close()
    }
}
