import PanTraceCommands

/// `pantrace`: every command is in PanTraceCommands; `lab` runs `pantrace-lab`.
@main
enum Main {
    static func main() {
        Pantrace.main()
    }
}
