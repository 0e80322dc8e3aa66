/// A command-line option as the start-up scanners read it (``ShowArgumentScanner``,
/// ``EmbeddedServerFlags/scan(_:)``): `--name value` or `--name=value`, split at the first `=`.
///
/// ```swift
/// LongOption("--width=40")   // name "--width", value "40"
/// LongOption("--fill")       // name "--fill", value nil
/// ```
struct LongOption {
    /// The option's name, dashes included.
    var name: String
    /// What followed its `=`; nil when it had none (its value, if any, is the next argument).
    var value: String?

    init(_ argument: String) {
        guard let equals = argument.firstIndex(of: "=") else {
            name = argument
            return
        }
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}
