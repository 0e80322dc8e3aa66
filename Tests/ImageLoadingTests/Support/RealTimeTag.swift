import Testing

extension Tag {
    /// Shapes real time: loopback HTTP, tmux, pseudo-terminals or child processes. `make test`
    /// runs these serially, after the unit suites.
    @Tag static var realTime: Self
}
