/// A serve-load run that could not start.
struct ServeLoadError: Error, CustomStringConvertible {
    var description: String
}
