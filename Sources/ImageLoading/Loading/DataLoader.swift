/// The default loader: http and https through `HTTPDataLoader`, files through `FileDataLoader`.
public final class DataLoader: DataLoading {
    /// The HTTP side (owns the HTTP client).
    public let http: HTTPDataLoader
    /// The file side.
    public let file: FileDataLoader

    public init(http: HTTPDataLoader = HTTPDataLoader(), file: FileDataLoader = FileDataLoader()) {
        self.http = http
        self.file = file
    }

    public func load(_ request: DataRequest) async throws -> DataResponse {
        switch request.url.scheme?.lowercased() {
        case "http", "https": try await http.load(request)
        case "file": try await file.load(request)
        default: throw ImageLoadError.invalidURL("unsupported scheme in \(request.url.absoluteString)")
        }
    }

    public func shutdown() async {
        await http.shutdown()
    }
}
