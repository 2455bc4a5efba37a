/// Builds unique trace names: `<prefix>-<sequence>-<UTC time>-<recorder>`
/// (docs/model.md §3: unique, 1–200 characters).
///
/// For example `settings-0007-20231114T221320.123Z-5f3a09c2`: the seventh
/// gesture the recorder saw (counting ones not recorded), which began at
/// 2023-11-14 22:13:20.123 UTC, by the recorder `5f3a09c2`. The sequence
/// keeps names apart within a recorder, the recorder's random id between
/// recorders (two with the same prefix in the same millisecond, in one app or
/// two), and the prefix keeps screens apart for the reader.
enum TraceName {
    /// The name of gesture number `sequence` (from 1) that began at `wallTime`,
    /// by the recorder `recorder` (``newRecorderID()``; `nil` leaves it out).
    static func make(prefix: String, sequence: Int, wallTime: Double, recorder: String? = nil) -> String {
        let digits = String(sequence)
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return prefix + "-" + padded + "-" + timestamp(wallTime) + (recorder.map { "-" + $0 } ?? "")
    }

    /// Eight hexadecimal digits from the system's random source, new for each recorder.
    static func newRecorderID() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// `YYYYMMDDThhmmss.mmmZ` for seconds since 1970 (UTC, milliseconds
    /// rounded down); a time that is not finite or beyond year 9999 is
    /// written as 1970's origin rather than failing.
    static func timestamp(_ seconds: Double) -> String {
        let milliseconds = (seconds * 1000).rounded(.down)
        let total = milliseconds.isFinite && abs(milliseconds) < 2.5e14 ? Int64(milliseconds) : 0
        let (days, inDay) = floorDivide(total, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        return pad(year, 4) + pad(month, 2) + pad(day, 2) + "T" + pad(hour, 2) + pad(minute, 2) + pad(second, 2)
            + "." + pad(millisecond, 3) + "Z"
    }

    /// The proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097).quotient
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
