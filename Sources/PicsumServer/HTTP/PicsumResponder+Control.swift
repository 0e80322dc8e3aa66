import Hummingbird
import NIOCore

extension PicsumResponder {
    /// `GET /control/shaping` answers the knobs as JSON; `PUT` (or `POST`) changes the keys it carries.
    func controlShaping(_ request: Request) async -> Reply {
        switch request.method {
        case .get, .head:
            return .json(NetworkShapingJSON(shaping.settings).encoded())
        case .put, .post:
            do {
                let body = try await request.body.collect(upTo: 64 * 1024)
                let patch = try NetworkShapingJSON.decode(Array(buffer: body))
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
}
