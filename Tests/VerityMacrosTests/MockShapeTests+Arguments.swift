import Foundation
import Testing
import VerityMacros

// Arguments as messages show them: values that describe themselves, and `borrowing` and
// `consuming` parameters (of types that may be noncopyable) recorded as placeholders.

/// A buffer that describes itself, as swift-nio's `ByteBuffer` does (its fields include storage
/// that messages should not show).
struct ShapeBuffer: CustomStringConvertible, Equatable {
  var bytes: [UInt8]
  var storageAddress = 0x7f00_dead_beef
  var description: String { "ShapeBuffer { readable: \(bytes.count) bytes, \(bytes) }" }
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.bytes == rhs.bytes }
}

/// Headers that describe themselves for debugging only.
struct ShapeHeaders: CustomDebugStringConvertible {
  var pairs: [(String, String)]
  var debugDescription: String { pairs.map { "\($0): \($1)" }.joined(separator: "; ") }
}

@Mock
protocol ShapeChannel {
  func write(_ buffer: ShapeBuffer, headers: ShapeHeaders)
}

@Suite struct MockMessageShapeTests {
  @Test func argumentsThatDescribeThemselvesAreShownByTheirDescription() async {
    let mock = ShapeChannelMock()
    mock.write(ShapeBuffer(bytes: [1, 2]), headers: ShapeHeaders(pairs: [("host", "a")]))
    let messages = await issueMessages { verify(mock.$write(eq(ShapeBuffer(bytes: [3])), headers: any())) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to write(eq(ShapeBuffer { readable: 1 bytes, [3] }), headers: any()), got 0
        1 call to write(_:headers:) had other arguments:
          #1 write(ShapeBuffer { readable: 2 bytes, [1, 2] }, headers: host: a)
             argument 1: expected eq(ShapeBuffer { readable: 1 bytes, [3] }), got ShapeBuffer { readable: 2 bytes, [1, 2] }
        """
      ])
  }
}

/// A value that cannot be copied, as Swift's `ExecutorJob`.
struct UniqueTicket: ~Copyable {
  var number: Int
}

/// `borrowing` and `consuming` parameters, as swift-nio's `EventLoop.enqueue(_ job: consuming ExecutorJob)`.
@Mock
protocol TicketDesk {
  func redeem(_ ticket: consuming UniqueTicket)
  func inspect(_ ticket: borrowing UniqueTicket, by clerk: String) -> Bool
}

@Suite struct MockOwnershipShapeTests {
  @Test func borrowingAndConsumingParametersAreRecordedAsPlaceholders() async {
    let desk = TicketDeskMock()
    when(desk.$inspect(any(), by: "ann")).thenReturn(true)
    let ticket = UniqueTicket(number: 1)
    let inspected = desk.inspect(ticket, by: "ann")
    #expect(inspected)
    desk.redeem(ticket)
    verify(desk.$redeem(any()))
    verify(desk.$inspect(any(), by: "ann"))
    let messages = await issueMessages { verify(desk.$inspect(any(), by: "bob")) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to inspect(any(), by: "bob"), got 0
        1 call to inspect(_:by:) had other arguments:
          #1 inspect(<UniqueTicket>, by: "ann")
             argument 2: expected "bob", got "ann"
        """
      ])
  }
}
