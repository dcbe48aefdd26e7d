/// Why a route failed: the first failing layer, its code and words for a person
/// (`failure: {layer, code, message}` in spec/cli.md `probe`).
public struct ProbeFailure: Sendable, Hashable {
    public var layer: ProbeLayer
    public var code: ClawPairError.Code
    public var message: String

    public init(layer: ProbeLayer, code: ClawPairError.Code, message: String) {
        self.layer = layer
        self.code = code
        self.message = message
    }

    /// The failure of `layer` described by a library error.
    public init(layer: ProbeLayer, _ error: ClawPairError) {
        self.init(layer: layer, code: error.code, message: error.message)
    }
}
