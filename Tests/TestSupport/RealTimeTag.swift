public import Testing

extension Tag {
    /// Shapes real time: loopback HTTP, tmux, pseudo-terminals, child processes or inotify.
    /// Such suites live in the real-time test targets (the Makefile's REAL_TIME_TARGETS), each
    /// run by `make test` in a process of its own, one test at a time; every suite there carries
    /// this tag and no other suite does (scripts/check-test-groups.py reads the built bundle's
    /// tags and fails on either).
    @Tag public static var realTime: Self
}
