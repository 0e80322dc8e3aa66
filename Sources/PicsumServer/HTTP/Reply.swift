import Hummingbird
import NIOCore

/// A response before it is written: status, headers and a body with its shaping.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ShapedBody

    init(status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer = ByteBuffer(), fate: ShapingFate = .deliver, shaped: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = ShapedBody(bytes: body, fate: fate, appliesBandwidth: shaped)
    }

    /// A short `text/plain` answer (errors, mostly).
    static func text(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Reply {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Reply(status: status, headers: headers, body: ByteBuffer(string: message + "\n"))
    }

    /// A JSON answer.
    static func json(_ bytes: [UInt8], headers: HTTPFields = [:]) -> Reply {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Reply(status: .ok, headers: headers, body: ByteBuffer(bytes: bytes))
    }

    /// A 302 to `location`.
    static func redirect(_ location: String) -> Reply {
        Reply(status: .found, headers: [.location: location, .cacheControl: "no-cache"])
    }

    /// The Hummingbird response, its body reporting to `recorder`.
    func response(recorder: RequestRecorder, environment: ShapingEnvironment, isHead: Bool) -> Response {
        let length = body.bytes.readableBytes
        if isHead {
            recorder.respond(status: Int(status.code), expectedBytes: 0)
            var headers = headers
            headers[.contentLength] = String(length)
            return Response(status: status, headers: headers, body: ResponseBody { writer in
                do {
                    try await writer.finish(nil)
                    recorder.finish(.completed)
                } catch {
                    recorder.finish(.clientWentAway)
                    throw error
                }
            })
        }
        recorder.respond(status: Int(status.code), expectedBytes: length)
        var response = Response(status: status, headers: headers, body: body.responseBody(recorder: recorder, environment: environment))
        if status == .notModified {
            // A 304 has no body; a Content-Length of 0 would misdescribe the representation.
            response.headers[.contentLength] = nil
        }
        return response
    }
}
