// libFuzzer target for the config reader (docs/configs.md) and `--set` overrides,
// built by scripts/fuzz.sh together with the PanTraceModel sources.
//
// Any input must give a config or a clean `ConfigError` of the right kind: a
// file's errors are invalid data (exit 65), an override's are usage (64).
// An accepted config must read back from its own `canonicalJSON()`.

/// One fuzz input: the bytes as a config file, then as `--set` overrides (one a line).
@_cdecl("LLVMFuzzerTestOneInput")
public func configParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        checkAccepted(try Config(json: bytes, file: "fuzz.json"))
    } catch {
        precondition(!error.isUsage && !error.description.isEmpty, "a config file's error must be invalid data")
    }
    let overrides = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    var config = Config()
    do {
        try config.apply(overrides: overrides)
        checkAccepted(config)
    } catch {
        precondition(error.isUsage && !error.description.isEmpty, "an override's error must be a usage error")
    }
    return 0
}

/// What an accepted config must satisfy.
func checkAccepted(_ config: Config) {
    let text = config.canonicalJSON()
    do {
        let again = try Config(canonicalJSON: text)
        if again != config { fatalError("canonicalJSON() round trip changed the config:\n\(text)") }
        if again.canonicalJSON() != text { fatalError("canonicalJSON() is not stable:\n\(text)") }
    } catch {
        fatalError("the canonicalJSON() of an accepted config does not read back: \(error)\n\(text)")
    }
}
