// Installs the XCTest assertion handler before XCTest runs the first test (see NimbleSharedTestHelpers.swift).
#include "XCTestStartup.h"

extern void kataspec_nimble_tests_start(void);

__attribute__((constructor)) static void start(void) { kataspec_nimble_tests_start(); }
