import FoundationEssentials
import FoundationExtras

extension URLListFeed {
    /// A line of the list that is not an image location, and why.
    public struct SkippedLine: Sendable, Hashable, CustomStringConvertible {
        /// The line number, from 1.
        public var number: Int
        /// The line as written, trimmed; control characters shown as `?`, cut at ``maxTextLength``.
        public var text: String
        /// Why it was skipped, e.g. "javascript: URLs are not images (use http, https or file)".
        public var reason: String

        /// The longest line text kept.
        public static let maxTextLength = 120

        public init(number: Int, text: String, reason: String) {
            self.number = number
            self.text = Self.printable(text)
            self.reason = reason
        }

        /// "line 3: javascript:alert(1): javascript: URLs are not images (use http, https or file)".
        public var description: String { "line \(number): \(text): \(reason)" }

        private static func printable(_ text: String) -> String {
            let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }
            let cut = String(scalars.prefix(maxTextLength))
            return scalars.count > maxTextLength ? cut + "…" : cut
        }
    }

    /// Why a line is not an image location.
    struct LineProblem: Error, Hashable {
        var reason: String
    }

    /// An http(s) URL with a host, a file URL with a path, or an absolute path.
    static func imageURL(_ line: String) -> Result<URL, LineProblem> {
        if line.hasPrefix("//") {
            return .failure(LineProblem(reason: "a scheme-relative URL (write http:// or https://)"))
        }
        if line.hasPrefix("/") { return .success(URL(fileURLWithPath: line)) }
        if line.hasPrefix("~/") { return .success(URL(fileURLWithPath: PathText.expandingHome(line))) }
        guard let scheme = scheme(of: line) else {
            return .failure(LineProblem(
                reason: "not a URL or an absolute path (relative paths are not resolved; write /… or ~/…)"))
        }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: line) else { return .failure(LineProblem(reason: "not a valid URL")) }
            guard let host = url.host, !host.isEmpty else { return .failure(LineProblem(reason: "the URL has no host")) }
            return .success(url)
        case "file":
            guard let url = URL(string: line) else { return .failure(LineProblem(reason: "not a valid URL")) }
            guard !url.path.isEmpty else { return .failure(LineProblem(reason: "the file URL has no path")) }
            return .success(url)
        default:
            return .failure(LineProblem(reason: "\(scheme): URLs are not supported (only http, https and file)"))
        }
    }

    /// The URL scheme a line starts with (`letter *( letter / digit / "+" / "-" / "." ) ":"`), lowercased.
    static func scheme(of line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let candidate = line[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let allowed = candidate.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
        return allowed ? candidate.lowercased() : nil
    }
}
