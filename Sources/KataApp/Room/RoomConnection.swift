import Foundation
import KataSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 client for the room: one request per connection, a deadline for the whole exchange.
///
/// The room server speaks plain HTTP on the instructor's network, so `http://` is spoken over a socket here;
/// linking Foundation's URLSession would load libcurl into every kata command (each start takes about 2.4 times as long,
/// measured in docs/PERFORMANCE.md) for a check that must not get slower. An `https://` room (a server behind
/// a TLS proxy, for GitHub Classroom runs) goes through the `curl` command instead.
package struct RoomConnection: Sendable {
    /// Why a request got no usable answer.
    package enum Failure: Error, Equatable {
        /// The server address is not `http://host:port`.
        case badServerAddress(String)
        /// No answer from the server in time (it is down, or the network is).
        case unreachable(server: String, reason: String)
        /// The server answered something that is not HTTP.
        case badAnswer(server: String, reason: String)
    }

    /// An answer.
    package struct Response: Sendable {
        package var status: Int
        package var body: Data

        package init(status: Int, body: Data) {
            self.status = status
            self.body = body
        }
    }

    /// `http://host:port` or `https://host[:port]`, with an optional path prefix.
    package let server: String
    /// Seconds for connecting, sending and reading the answer.
    package var timeout: Double

    /// A connection to `server`.
    package init(server: String, timeout: Double) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.timeout = timeout
    }

    /// Sends a request; throws ``Failure/unreachable(server:reason:)`` when no answer came in time.
    package func send(_ method: String, _ path: String, body: Data? = nil, token: String? = nil) throws(RoomConnection
        .Failure)
        -> Response
    {
        guard let url = URLComponents(string: server), let scheme = url.scheme, let host = url.host, !host.isEmpty
        else {
            throw .badServerAddress(server)
        }
        let fullPath = url.path + path
        switch scheme {
        case "http":
            return try plain(method, host: host, port: url.port ?? 80, path: fullPath, body: body, token: token)
        case "https":
            return try curl(method, url: server + path, body: body, token: token)
        default:
            throw .badServerAddress(server)
        }
    }

    private func plain(_ method: String, host: String, port: Int, path: String, body: Data?, token: String?)
        throws(RoomConnection.Failure) -> Response
    {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = try connect(host: host, port: port, deadline: deadline)
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nUser-Agent: kata\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        var request = Data((head + "\r\n").utf8)
        if let body { request.append(body) }
        try write(request, to: fd, deadline: deadline)
        let answer = try readAll(fd, deadline: deadline)
        return try Self.parse(answer, server: server)
    }

    private func connect(host: String, port: Int, deadline: Date) throws(RoomConnection.Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .unreachable(server: server, reason: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var noSignal: Int32 = 1
            #if canImport(Darwin)
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #else
                _ = noSignal
            #endif
            #if canImport(Glibc)
                let connected = Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            #else
                let connected = Darwin.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            #endif
            if connected == 0 { return fd }
            if errno == EINPROGRESS, wait(fd, for: Int16(POLLOUT), deadline: deadline) {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                if error == 0 { return fd }
                reason = String(cString: strerror(error))
            } else {
                reason =
                    errno == EINPROGRESS
                    ? "no answer within \(Self.seconds(timeout))" : String(cString: strerror(errno))
            }
            close(fd)
        }
        throw .unreachable(server: server, reason: reason)
    }

    private func write(_ data: Data, to fd: Int32, deadline: Date) throws(RoomConnection.Failure) {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes in
                #if canImport(Glibc)
                    Glibc.send(fd, bytes.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(fd, bytes.baseAddress! + offset, data.count - offset, 0)
                #endif
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EINTR {
                guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else {
                    throw .unreachable(server: server, reason: "no answer within \(Self.seconds(timeout))")
                }
            } else {
                throw .unreachable(server: server, reason: String(cString: strerror(errno)))
            }
        }
    }

    private func readAll(_ fd: Int32, deadline: Date) throws(RoomConnection.Failure) -> Data {
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 {
                answer.append(contentsOf: buffer[0..<count])
                if answer.count > 4_194_304 { throw .badAnswer(server: server, reason: "the answer is too large") }
            } else if count == 0 {
                return answer
            } else if errno == EAGAIN || errno == EINTR {
                guard wait(fd, for: Int16(POLLIN), deadline: deadline) else {
                    throw .unreachable(server: server, reason: "no answer within \(Self.seconds(timeout))")
                }
            } else {
                throw .unreachable(server: server, reason: String(cString: strerror(errno)))
            }
        }
    }

    private func wait(_ fd: Int32, for events: Int16, deadline: Date) -> Bool {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var poller = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, (left * 1000).rounded(.up))))
            if ready > 0 { return true }
            if ready < 0, errno == EINTR { continue }
            return false
        }
    }

    /// Splits an HTTP/1.1 answer into status and body (plain or chunked).
    static func parse(_ answer: Data, server: String) throws(RoomConnection.Failure) -> Response {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = answer.range(of: separator) else {
            throw .badAnswer(server: server, reason: "the answer has no HTTP header")
        }
        let head = String(decoding: answer[answer.startIndex..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw .badAnswer(server: server, reason: "'\(lines[0].prefix(40))' is not an HTTP status line")
        }
        var body = Data(answer[end.upperBound...])
        let chunked = lines.dropFirst().contains {
            $0.lowercased().hasPrefix("transfer-encoding:") && $0.lowercased().contains("chunked")
        }
        if chunked { body = dechunk(body) }
        return Response(status: status, body: body)
    }

    private static func dechunk(_ data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        let crlf = Data("\r\n".utf8)
        while let lineEnd = data.range(of: crlf, in: index..<data.endIndex) {
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= data.endIndex else { break }
            result.append(data[start..<start + size])
            index = start + size + 2
        }
        return result
    }

    /// An `https://` room through the curl command; the token goes through curl's standard input, never its
    /// arguments, so that it does not show in the process list.
    private func curl(_ method: String, url: String, body: Data?, token: String?) throws(RoomConnection.Failure)
        -> Response
    {
        var config = "silent\nshow-error\nmax-time = \(String(format: "%.1f", timeout))\nrequest = \(method)\n"
        config += "url = \"\(url)\"\nwrite-out = \"\\n%{http_code}\"\n"
        if let token { config += "header = \"Authorization: Bearer \(token)\"\n" }
        if body != nil { config += "header = \"Content-Type: application/json\"\n" }
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("kata-room-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bodyFile) }
        if let body {
            _ = FileManager.default.createFile(
                atPath: bodyFile.path, contents: body, attributes: [.posixPermissions: 0o600])
            config += "data-binary = \"@\(bodyFile.path)\"\n"
        }
        guard let input = RunningGroups.shared.closeOnExecPipe() else {
            throw .unreachable(server: server, reason: "cannot make a pipe")
        }
        guard let output = RunningGroups.shared.closeOnExecPipe() else {
            close(input[0])
            close(input[1])
            throw .unreachable(server: server, reason: "cannot make a pipe")
        }
        let launch = ProcessLaunch(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["curl", "--config", "-"],
            descriptors: [.handed(input[0]), .handed(output[1]), .nullDevice])
        let started: StartedProcess
        do {
            started = try launch.start()
        } catch {
            for fd in input + output { close(fd) }
            throw .unreachable(server: server, reason: "curl is not installed")
        }
        close(input[0])
        close(output[1])
        // curl may end before reading it all (it is not the curl kata expects): the write then fails, quietly.
        PipeInput.write(Array(config.utf8), to: input[1])
        close(input[1])
        let data = FileHandle(fileDescriptor: output[0], closeOnDealloc: true).readDataToEndOfFile()
        let ending = started.wait()
        guard ending == .exited(0), let newline = data.lastIndex(of: 0x0A),
            let status = Int(String(decoding: data[(newline + 1)...], as: UTF8.self))
        else {
            throw .unreachable(server: server, reason: "curl exited with status \(ending.number)")
        }
        return Response(status: status, body: Data(data[..<newline]))
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.1f s", value)
    }
}
