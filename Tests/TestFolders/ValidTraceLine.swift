import Foundation

/// A valid trace line and the edits that make the bad-input cases of the
/// command-line and workflow tests out of it.
public enum ValidTraceLine {
    /// A valid trace line, edited by the cases.
    public static let validLine =
        #"{"name":"ok-1","width":400,"height":800,"samples":[{"t":0,"x":200,"y":100,"phase":"down"},{"t":0.05,"x":200,"y":140,"phase":"move"},{"t":0.1,"x":200,"y":180,"phase":"up"}]}"#

    /// The valid line with another name.
    public static func validLine(named name: String) -> String {
        validLine.replacingOccurrences(of: #""name":"ok-1""#, with: #""name":"# + jsonString(name))
    }

    /// The valid line with `target` replaced (the target must occur).
    public static func edited(_ target: String, _ replacement: String, in line: String = validLine) -> String {
        precondition(line.contains(target), "the valid line has no \(target)")
        return line.replacingOccurrences(of: target, with: replacement)
    }

    /// `name` as a JSON string literal (Foundation's encoder, independent of the code under test).
    public static func jsonString(_ name: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [name], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
