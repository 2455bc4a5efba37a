import PanTraceModel

extension Config {
    /// The defaults with some keys changed, for tests.
    public static func with(_ change: (inout Config) -> Void) -> Config {
        var config = Config()
        change(&config)
        return config
    }
}
