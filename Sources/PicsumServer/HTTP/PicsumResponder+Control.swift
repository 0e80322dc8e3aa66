import FoundationEssentials
import FoundationExtras
import Hummingbird
import NIOCore

extension PicsumResponder {
    /// `GET /control/shaping` answers the knobs as JSON; `PUT` (or `POST`) changes the keys it carries.
    ///
    /// Only with the configured bearer token (else 401); a change only as `application/json`
    /// (else 415) and only within `ShapingBounds` (else 400, changing nothing).
    func controlShaping(_ request: Request, access: ControlAccess) async -> Reply {
        guard access.authorizes(request.headers[.authorization]) else {
            return .text(
                .unauthorized, "the control endpoint needs the token: Authorization: Bearer <token>",
                headers: [.wwwAuthenticate: "Bearer"])
        }
        switch request.method {
        case .get, .head:
            return .json(NetworkShapingJSON(shaping.settings).encoded())
        case .put, .post:
            guard Self.isJSON(request.headers[.contentType]) else {
                return .text(.unsupportedMediaType, "send the shaping as Content-Type: application/json")
            }
            do {
                let body = try await request.body.collect(upTo: 64 * 1024)
                let patch = try NetworkShapingJSON.decode(Array(buffer: body))
                try ShapingBounds.check(patch)
                let updated = try shaping.update { $0 = patch.applied(to: $0) }
                return .json(NetworkShapingJSON(updated).encoded())
            } catch let error as PicsumServerError {
                return .text(.badRequest, error.description)
            } catch {
                return .text(.badRequest, "could not read the request body: \(error)")
            }
        default:
            return .text(.methodNotAllowed, "use GET or PUT on /control/shaping", headers: [.allow: "GET, HEAD, PUT"])
        }
    }

    /// `application/json`, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingWhitespace().lowercased() == "application/json"
    }
}
