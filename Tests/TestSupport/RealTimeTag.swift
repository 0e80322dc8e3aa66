public import Testing

extension Tag {
    /// Shapes real time: loopback HTTP, tmux, pseudo-terminals or child processes. `make test`
    /// runs these serially, after the unit suites. swift-testing 6.3 cannot filter by tag, so
    /// the Makefile's REAL_TIME_SUITES names them: keep the two in step.
    @Tag public static var realTime: Self
}
