import ClawPairKit

extension ParsedArguments {
    /// The value of a `--name` option, held to the registry's one check of a name a person
    /// gives (also what `gateways rename` gets), as a usage error before any work is done.
    func gatewayName(_ option: OptionSpec) throws(UsageError) -> String? {
        guard let name = value(option) else { return nil }
        do {
            try GatewayRegistry.validate(name: name)
        } catch {
            throw UsageError("--\(option.name): \(error.message)")
        }
        return name
    }
}
