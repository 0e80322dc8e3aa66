import ArgumentParser
import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageLoading

/// `--header` and `--header-file`: fields sent with the feed's requests and its images', to
/// the `--feed` URL's origin only.
///
/// ```
/// photofeed --feed https://photos.example --header 'Authorization: Bearer ${PHOTO_TOKEN}'
/// photofeed --feed https://photos.example --header-file ~/.config/photofeed/headers
/// ```
struct RequestHeaderOptions: ParsableArguments {
    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "A header field for the feed's list and image requests, 'Name: value' (repeatable). Sent only to the --feed URL's origin (scheme, host and port): never to another host, not even after a redirect; never written to the trace, a log or an error (shown as 'Name: ***'). ${VAR} in the value is read from the environment by photofeed, $$ is a dollar sign: --header 'Authorization: Bearer ${PHOTO_TOKEN}' (single quotes keep the shell out, and the secret out of its history).",
            valueName: "name: value"))
    var headers: [String] = []

    @Option(help: ArgumentHelp(
        "Header fields from a file, one 'Name: value' a line (lines starting with # and blank lines are skipped; ${VAR} as for --header), sent as --header's are.",
        valueName: "file"), completion: .file())
    var headerFile: String?

    func validate() throws {
        _ = try fields(environment: ProcessInfo.processInfo.environment)
    }

    /// The fields of `--header-file` (first) and every `--header`, expanded and checked.
    func fields(environment: [String: String]) throws -> [(String, String)] {
        var fields: [(String, String)] = []
        if let headerFile {
            let path = PathText.expandingHome(headerFile)
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("--header-file \(headerFile): cannot read it as UTF-8 text")
            }
            // "\r\n" is one Character, a newline like "\n": files with either ending read alike.
            for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                let trimmed = String(line).trimmingSpaces
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                do {
                    fields.append(try HeaderLine.parse(trimmed, environment: environment))
                } catch {
                    throw ValidationError("--header-file \(headerFile) line \(index + 1): \(error)")
                }
            }
        }
        for header in headers {
            do {
                fields.append(try HeaderLine.parse(header, environment: environment))
            } catch {
                throw ValidationError("--header: \(error)")
            }
        }
        return fields
    }

    /// The headers for `feed`'s origin (none without `--header`); a usage error when there are
    /// headers and the feed is not an http(s) URL (a folder, a file of URLs, the embedded server).
    func requestHeaders(feed: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RequestHeaders {
        let fields = try fields(environment: environment)
        guard !fields.isEmpty else { return .none }
        guard let feed, let base = PicsumFeed.baseURL(fromArgument: feed) else {
            throw ValidationError(
                "--header and --header-file go to the origin of an http(s) --feed URL only, and "
                    + (feed == nil ? "no --feed was given" : "this --feed is not an http(s) URL"))
        }
        do {
            return try RequestHeaders(origin: base, fields: fields)
        } catch {
            throw ValidationError("--header: \(error)")
        }
    }
}
