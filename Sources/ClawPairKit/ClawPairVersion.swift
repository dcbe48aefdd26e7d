/// The version `clawpair --version` prints.
public enum ClawPairVersion {
    public static let current = "0.1.0"
}
