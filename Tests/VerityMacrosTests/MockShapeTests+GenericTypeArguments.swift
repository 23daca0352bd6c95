import Foundation
import Testing
import VerityMacros

// A call's type arguments are part of the call (issue "one plan for a match", case 4): a typed
// handle of a generic member matches only calls with its type arguments, so `any(Int.self)`
// picks calls by type and a stub that matches a call can always answer it.

@Mock
protocol TypedLogger {
  func put<T>(_ value: T)
  func convert<T>(_ value: T) -> String
  func read<T: Decodable>(_ data: Data, as type: T.Type) throws -> T
}

class Figure: @unchecked Sendable {}
final class Disc: Figure, @unchecked Sendable {}

@Suite struct GenericTypeArgumentsTests {
  @Test func anyOfATypePicksTheCallsOfThatTypeArgument() {
    let logger = TypedLoggerMock()
    logger.put(5)
    logger.put(Int8(5))
    logger.put("5")
    verify(logger.$put(any(Int.self)), .times(1))
    verify(logger.$put(any(Int8.self)), .times(1))
    verify(logger.$put(any(String.self)), .times(1))
    verify(logger.$put(eq(5)), .times(1))
    verify(logger.$put(Int8(5)), .times(1))
    verify(logger.$put(!eq(5)), .never)
  }

  @Test func aStubAnswersOnlyCallsWithItsTypeArguments() {
    let logger = TypedLoggerMock()
    when(logger.$convert(eq(1))).thenAnswer { (value: Int) in "Int \(value)" }
    when(logger.$convert(eq(Int8(1)))).thenReturn("Int8")
    #expect(logger.convert(1) == "Int 1")
    #expect(logger.convert(Int8(1)) == "Int8")
    #expect(logger.convert(UInt(1)) == "")
    verify(logger.$convert(any(UInt.self)), .times(1))
  }

  @Test func aMetatypeArgumentIsItsOwnType() throws {
    let logger = TypedLoggerMock()
    when(logger.$read(any(), as: any(Int.Type.self))).thenReturn(7)
    #expect(try logger.read(Data(), as: Int.self) == 7)
    _ = try? logger.read(Data(), as: String.self)
    verify(logger.$read(any(), as: any(Int.Type.self)), .times(1))
    verify(logger.$read(any(), as: any(String.Type.self)), .times(1))
  }

  @Test func anInstanceOfASubclassIsAValueOfItsClass() {
    let logger = TypedLoggerMock()
    logger.put(Disc() as Figure)
    verify(logger.$put(any(Figure.self)), .times(1))
  }
}
