#if canImport(CryptoKit)
    internal import CryptoKit
#else
    internal import CLibcrypto
#endif

#if canImport(CryptoKit)
    /// SHA-256 and HMAC-SHA256 from CryptoKit, which every Apple system kata runs on has.
    struct PlatformSHA256: @unchecked Sendable {
        private var hasher = CryptoKit.SHA256()

        mutating func update(_ bytes: [UInt8]) {
            hasher.update(data: bytes)
        }

        /// The digest of what was added so far; the hash can go on being fed.
        func finalize() -> [UInt8] {
            Array(hasher.finalize())
        }

        static func hash(_ bytes: [UInt8]) -> [UInt8] {
            Array(CryptoKit.SHA256.hash(data: bytes))
        }

        static func hmac(_ data: [UInt8], key: [UInt8]) -> [UInt8] {
            Array(HMAC<CryptoKit.SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
        }
    }
#else
    /// SHA-256 and HMAC-SHA256 from OpenSSL's libcrypto (found through pkg-config, like cmark-gfm): the only file
    /// that calls it. The EVP context is a C object, so it lives in a class that frees it, and a copy of the
    /// hash copies the context before it changes (copy on write), which keeps `SHA256` a value type.
    struct PlatformSHA256: @unchecked Sendable {
        private var context = Context()

        mutating func update(_ bytes: [UInt8]) {
            if !isKnownUniquelyReferenced(&context) { context = context.copy() }
            let status = bytes.withUnsafeBytes { EVP_DigestUpdate(context.pointer, $0.baseAddress, $0.count) }
            precondition(status == 1, "libcrypto could not add to a SHA-256 hash")
        }

        /// The digest of what was added so far; the hash can go on being fed (a copy of the context is finished).
        func finalize() -> [UInt8] {
            let finished = context.copy()
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            precondition(EVP_DigestFinal_ex(finished.pointer, &digest, &length) == 1, "libcrypto could not finish")
            return Array(digest.prefix(Int(length)))
        }

        static func hash(_ bytes: [UInt8]) -> [UInt8] {
            var hasher = PlatformSHA256()
            hasher.update(bytes)
            return hasher.finalize()
        }

        static func hmac(_ data: [UInt8], key: [UInt8]) -> [UInt8] {
            var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            // An empty key is passed as a valid pointer, never a null one, which libcrypto's HMAC reads as "no key".
            let keyBytes = key.isEmpty ? [0] : key
            let result = keyBytes.withUnsafeBytes { keyBuffer in
                data.withUnsafeBufferPointer { dataBuffer in
                    HMAC(
                        EVP_sha256(), keyBuffer.baseAddress, Int32(key.count), dataBuffer.baseAddress, data.count,
                        &code, &length)
                }
            }
            precondition(result != nil, "libcrypto could not compute an HMAC-SHA256")
            return Array(code.prefix(Int(length)))
        }

        /// An `EVP_MD_CTX` set up for SHA-256, freed with its owner.
        private final class Context {
            let pointer: OpaquePointer

            init() {
                guard let pointer = EVP_MD_CTX_new() else { preconditionFailure("libcrypto is out of memory") }
                precondition(EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1, "libcrypto has no SHA-256")
                self.pointer = pointer
            }

            private init(copying other: Context) {
                guard let pointer = EVP_MD_CTX_new() else { preconditionFailure("libcrypto is out of memory") }
                precondition(EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1, "libcrypto could not copy a hash")
                self.pointer = pointer
            }

            func copy() -> Context { Context(copying: self) }

            deinit { EVP_MD_CTX_free(pointer) }
        }
    }
#endif
