#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Says where the running example was shortly before `kata` stops the run for its time limit, so that `kata` can
/// name the line of a loop that never ends instead of only the example.
///
/// `kata` gives the time (`KATA_STALL_AT`, seconds since 1970) a little before its deadline. A watchdog thread waits
/// for it, then signals the thread that runs the examples; that thread's handler takes its own stack's return
/// addresses and writes them, with where the program is loaded, as one event line: `kata`, outside the sandbox,
/// finds their files and lines in the program's line tables. Everything the handler touches is made beforehand,
/// and it only calls `backtrace(3)` (loaded once before) and `write(2)`.
///
/// Only on Linux (glibc): elsewhere `kata` says what to look for without a line.
enum StallReporter {
    /// Starts the watchdog when `environment` asks for it; `fd` and `secret` are the event channel's.
    static func start(environment: [String: String], fd: Int32, secret: String) {
        #if canImport(Glibc)
            guard let time = environment["KATA_STALL_AT"].flatMap(Double.init), time > 0,
                secret.utf8.allSatisfy({ $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 >= 0x20 }),
                let backtrace = dlsym(nil, "backtrace").map({ unsafeBitCast($0, to: Backtrace.self) }),
                let base = executableBase()
            else { return }
            let state = StallState.shared
            state.pointee.fd = fd
            state.pointee.base = base
            state.pointee.backtrace = backtrace
            let prefix = Array("{\"secret\":\"\(secret)\",\"event\":\"stalled\",\"base\":\(base),\"index\":".utf8)
            let stored = UnsafeMutablePointer<UInt8>.allocate(capacity: prefix.count)
            stored.initialize(from: prefix, count: prefix.count)
            state.pointee.prefix = stored
            state.pointee.prefixLength = prefix.count
            // The first call loads the unwinder (dlopen, malloc): never in the handler.
            _ = backtrace(state.pointee.frames, Int32(StallState.depth))
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { _, _, context in StallState.report(context) }
            action.sa_flags = SA_RESTART | SA_SIGINFO
            sigemptyset(&action.sa_mask)
            guard sigaction(SIGUSR2, &action, nil) == 0 else { return }
            let examples = pthread_self()
            var watchdog = pthread_t()
            let context = UnsafeMutablePointer<(pthread_t, Double)>.allocate(capacity: 1)
            context.initialize(to: (examples, time))
            let started = pthread_create(
                &watchdog, nil,
                { raw in
                    let context = raw!.assumingMemoryBound(to: (pthread_t, Double).self)
                    let (examples, time) = context.pointee
                    context.deallocate()
                    while true {
                        var now = timespec()
                        clock_gettime(CLOCK_REALTIME, &now)
                        let left = time - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
                        if left <= 0 { break }
                        usleep(useconds_t(min(left, 1) * 1_000_000))
                    }
                    pthread_kill(examples, SIGUSR2)
                    return nil
                }, context)
            if started == 0 { pthread_detach(watchdog) } else { context.deallocate() }
        #endif
    }

    /// The example about to run, named in the event (a stall of a later example says nothing about this one).
    static func exampleStarted(index: Int) {
        #if canImport(Glibc)
            StallState.shared.pointee.index = index
        #endif
    }

    #if canImport(Glibc)
        typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32) -> Int32

        /// The program's load address: the first object `dl_iterate_phdr` reports is the executable.
        private static func executableBase() -> UInt64? {
            typealias Visit = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32
            typealias Iterate = @convention(c) (Visit, UnsafeMutableRawPointer?) -> Int32
            guard let iterate = dlsym(nil, "dl_iterate_phdr").map({ unsafeBitCast($0, to: Iterate.self) }) else {
                return nil
            }
            var base: UInt64 = 0
            let found = withUnsafeMutablePointer(to: &base) { pointer in
                iterate(
                    { info, _, data in
                        // `struct dl_phdr_info` starts with `dlpi_addr`, the object's load address.
                        data!.assumingMemoryBound(to: UInt64.self).pointee =
                            info!.assumingMemoryBound(to: UInt64.self).pointee
                        return 1
                    }, pointer)
            }
            return found == 1 ? base : nil
        }
    #endif
}

#if canImport(Glibc)
    /// What the signal handler reads and writes: made before the handler is installed, never freed.
    struct StallState {
        static let depth = 64
        static let bufferSize = 4096
        nonisolated(unsafe) static let shared: UnsafeMutablePointer<StallState> = {
            let state = UnsafeMutablePointer<StallState>.allocate(capacity: 1)
            state.initialize(
                to: StallState(
                    fd: -1, base: 0, index: -1, backtrace: nil, prefix: nil, prefixLength: 0,
                    frames: .allocate(capacity: depth), buffer: .allocate(capacity: bufferSize)))
            return state
        }()

        var fd: Int32
        var base: UInt64
        var index: Int
        var backtrace: StallReporter.Backtrace?
        var prefix: UnsafeMutablePointer<UInt8>?
        var prefixLength: Int
        let frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
        let buffer: UnsafeMutablePointer<UInt8>

        /// The signal handler: `{"secret":…,"event":"stalled","base":B,"index":I,"pc":P,"frames":[a,b,…]}` on the
        /// channel. `P`, where the thread was interrupted, is the one frame that is not a return address.
        static func report(_ context: UnsafeMutableRawPointer?) {
            let state = shared.pointee
            guard let backtrace = state.backtrace, let prefix = state.prefix else { return }
            let count = Int(backtrace(state.frames, Int32(depth)))
            var length = 0
            func put(_ byte: UInt8) {
                if length < bufferSize { state.buffer[length] = byte }
                length += 1
            }
            func put(_ number: UInt64) {
                var digits: (UInt64, Int) = (1, 1)
                while number / digits.0 >= 10 { digits = (digits.0 * 10, digits.1 + 1) }
                var divisor = digits.0
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8((number / divisor) % 10))
                    divisor /= 10
                }
            }
            for offset in 0..<state.prefixLength { put(prefix[offset]) }
            if state.index < 0 { put(UInt8(ascii: "-")) }
            put(UInt64(state.index < 0 ? 1 : state.index))
            for byte in ",\"pc\":".utf8 { put(byte) }
            put(interruptedAddress(context))
            for byte in ",\"frames\":[".utf8 { put(byte) }
            for frame in 0..<count {
                if frame > 0 { put(UInt8(ascii: ",")) }
                put(UInt64(UInt(bitPattern: state.frames[frame])))
            }
            put(UInt8(ascii: "]"))
            put(UInt8(ascii: "}"))
            put(UInt8(ascii: "\n"))
            guard length <= bufferSize else { return }
            _ = write(state.fd, state.buffer, length)
        }

        /// The instruction the thread was at when the signal came, from the context the kernel saved; 0 if unknown.
        private static func interruptedAddress(_ context: UnsafeMutableRawPointer?) -> UInt64 {
            guard let context = context?.assumingMemoryBound(to: ucontext_t.self) else { return 0 }
            #if arch(x86_64)
                return UInt64(bitPattern: Int64(context.pointee.uc_mcontext.gregs.16))  // REG_RIP
            #elseif arch(arm64)
                return UInt64(context.pointee.uc_mcontext.pc)
            #else
                return 0
            #endif
        }
    }
#endif
