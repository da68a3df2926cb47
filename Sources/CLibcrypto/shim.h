#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H
/* OpenSSL's libcrypto, for SHA-256 and HMAC-SHA256 on Linux (Apple's systems use CryptoKit). */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
