#!/usr/bin/env bash
# Installs what kata needs to build, when it is missing. Safe to run again: it does nothing
# when everything is present. As root it uses apt-get; otherwise it prints the command to run.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/cmark-gfm.h ] || missing+=(libcmark-gfm-dev)
[ -f /usr/include/cmark-gfm-core-extensions.h ] || missing+=(libcmark-gfm-extensions-dev)
# OpenSSL's libcrypto: kata's SHA-256 and HMAC on Linux (Apple's systems use CryptoKit).
if [ "$(uname -s)" = "Linux" ]; then [ -f /usr/include/openssl/evp.h ] || missing+=(libssl-dev); fi
# The sandbox kata check runs learner code in (kata checks without it, and says so).
if [ "$(uname -s)" = "Linux" ]; then command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap); fi
for extra in "$@"; do
    case "$extra" in
        inotify-tools) command -v inotifywait >/dev/null 2>&1 || missing+=(inotify-tools) ;;
        *) dpkg -s "$extra" >/dev/null 2>&1 || missing+=("$extra") ;;
    esac
done

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: the Swift toolchain is not on PATH. Install Swift 6.0 or later (https://swift.org/install) and run this again." >&2
    exit 1
fi

if [ "$(uname -s)" = "Darwin" ]; then
    if ! command -v brew >/dev/null 2>&1 || ! brew list cmark-gfm >/dev/null 2>&1; then
        echo "setup: on macOS, install cmark-gfm first:  brew install cmark-gfm pkg-config" >&2
        exit 1
    fi
    exit 0
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: missing ${missing[*]}; install them with your system's package manager and run this again." >&2
    exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "setup: kata needs ${missing[*]}. Run this, then run the same make command again:" >&2
    echo "    sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
