// XCTestStartup has nothing to export: its constructor runs when the test bundle loads.
