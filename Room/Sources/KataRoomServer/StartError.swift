import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RoomServer {
    /// Why the server could not start listening, in the instructor's words (what NIO says is
    /// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`).
    public enum StartError: Error, Equatable {
        /// Another program listens on the port.
        case portInUse(port: Int)
        /// A port below 1024 needs root.
        case portNeedsRoot(port: Int)
        /// `--host` is not an address of this computer.
        case notAnAddressHere(host: String)

        /// The error behind `error`, when the server knows it.
        init?(_ error: IOError, host: String, port: Int) {
            switch error.errnoCode {
            case EADDRINUSE: self = .portInUse(port: port)
            case EACCES: self = .portNeedsRoot(port: port)
            case EADDRNOTAVAIL: self = .notAnAddressHere(host: host)
            default: return nil
            }
        }

        /// The message, with the commands as the instructor types kata (`./kata`).
        public func description(kata: String) -> String {
            switch self {
            case .portInUse(let port):
                "port \(port) is already in use on this computer (by another room, or another program). Stop that "
                    + "one, or open this room on another port: \(kata) room serve --port \(port == 65_535 ? 8124 : port + 1) "
                    + "(--port 0 picks a free one)"
            case .portNeedsRoot(let port):
                "port \(port) needs root on this computer; open the room on a port from 1024 up: "
                    + "\(kata) room serve --port 8123"
            case .notAnAddressHere(let host):
                "\(host) is not an address of this computer; give --host 0.0.0.0 for the room's network, or "
                    + "--host 127.0.0.1 for this computer only"
            }
        }
    }
}
