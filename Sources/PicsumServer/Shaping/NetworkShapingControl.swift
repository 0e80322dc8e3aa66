import Synchronization

/// The live shaping knobs of a running server: read and change them from any thread.
///
/// Changes apply to the next request; a body being written picks up a new bandwidth at
/// its next chunk.
///
/// ```swift
/// server.shaping.settings.failureRate = 0.2
/// try server.shaping.update { $0.bandwidth = 32_000; $0.latency = .milliseconds(300) }
/// ```
public final class NetworkShapingControl: Sendable {
    private let state: Mutex<NetworkShaping>

    init(_ initial: NetworkShaping) {
        state = Mutex(initial)
    }

    /// The current knobs. Setting out-of-range values clamps them (rates into 0…1, negative
    /// latency to zero, a non-positive bandwidth to unlimited); use `update` to be told instead.
    public var settings: NetworkShaping {
        get { state.withLock { $0 } }
        set {
            let clamped = Self.clamped(newValue)
            state.withLock { $0 = clamped }
        }
    }

    /// Changes the knobs atomically; throws (changing nothing) when the result is out of range.
    @discardableResult
    public func update(_ body: (inout NetworkShaping) -> Void) throws -> NetworkShaping {
        try state.withLock { current in
            var next = current
            body(&next)
            try next.validate()
            current = next
            return next
        }
    }

    private static func clamped(_ shaping: NetworkShaping) -> NetworkShaping {
        var result = shaping
        if result.latency < .zero { result.latency = .zero }
        if let bandwidth = result.bandwidth, bandwidth <= 0 { result.bandwidth = nil }
        func clamp(_ rate: Double) -> Double { rate.isFinite ? min(max(rate, 0), 1) : 0 }
        result.failureRate = clamp(result.failureRate)
        result.stallRate = clamp(result.stallRate)
        result.truncateRate = clamp(result.truncateRate)
        return result
    }
}
