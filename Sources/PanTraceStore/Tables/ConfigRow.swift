/// A row of `config`: a config's name and canonical JSON; the same settings are one row.
struct ConfigRow: TableRow {
    static let table = "config"
    static var blank: ConfigRow { ConfigRow(name: "", settings: "") }

    var id: Int64 = 0
    var name: String
    var settings: String

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("id", &id, .generated)
        try visitor.visit("name", &name)
        try visitor.visit("settings", &settings)
    }
}
