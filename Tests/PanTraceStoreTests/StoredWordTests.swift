import PanTraceModel
import Testing

@testable import PanTraceStore

/// Every word bound as a static C string is the case's raw value: one spelling everywhere.
@Suite struct StoredWordTests {
    func check<Word: StoredWord>(_ type: Word.Type) {
        #expect(Word.storedWords == Word.allCases.map(\.rawValue))
        #expect(Set(Word.allCases.map(\.rawValue)).count == Word.allCases.count)
        for word in Word.allCases {
            let bound = Word.wordTable.withWord(of: word) { text, count in
                (String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self), text[count])
            }
            #expect(bound.0 == word.rawValue)
            // NUL-terminated, as a C string.
            #expect(bound.1 == 0)
            let bytes = Array(word.rawValue.utf8)
            let found: Word? = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { Word.wordTable.matching($0, count: buffer.count) }
            }
            #expect(found == .some(word))
        }
        #expect(Word.wordTable.matching([UInt8]("nothing".utf8), count: 7) == nil)
        #expect(Word.wordTable.matching([UInt8]("nothing".utf8), count: 0) == nil)
    }

    @Test func wordsAreTheRawValues() {
        check(Phase.self)
        check(Decision.self)
        check(Reason.self)
        check(GestureState.self)
        check(Owner.self)
        check(RunKind.self)
    }
}
