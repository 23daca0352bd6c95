import Foundation
import Testing
import VerityMacros

/// A member per Foundation value type whose structure Verity defines.
@Mock
protocol FoundationValueSink {
  func take(uuid: UUID)
  func take(date: Date)
  func take(url: URL)
  func take(decimal: Decimal)
  func take(data: Data)
}

/// Both sides of a failure write a Foundation value one way (issue 55, item 3): the expected value
/// in `eq(…)` as the recorded argument beside it, by its structure (`UUID(uuidString: "…")`), not
/// by the type's own description (`8CEBA865-…`) on one side and the structure on the other.
@Suite struct FoundationValueMessagesTests {
  static let expectedID = UUID(uuidString: "8CEBA865-0000-4000-8000-000000000001")!
  static let recordedID = UUID(uuidString: "78C0D1E2-0000-4000-8000-000000000002")!

  @Test func aUUIDIsWrittenTheSameWayOnBothSides() async {
    let sink = FoundationValueSinkMock()
    sink.take(uuid: Self.recordedID)
    let messages = await issueMessages { verify(sink.$take(uuid: eq(Self.expectedID))) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to take(uuid: eq(UUID(uuidString: "8CEBA865-0000-4000-8000-000000000001"))), got 0
        1 call to take(uuid:) had other arguments:
          #1 take(uuid: UUID(uuidString: "78C0D1E2-0000-4000-8000-000000000002"))
             argument 1: expected eq(UUID(uuidString: "8CEBA865-0000-4000-8000-000000000001")), got UUID(uuidString: "78C0D1E2-0000-4000-8000-000000000002")
        """
      ])
  }

  @Test func aDateIsWrittenTheSameWayOnBothSides() async {
    let sink = FoundationValueSinkMock()
    sink.take(date: Date(timeIntervalSinceReferenceDate: 5.25))
    let messages = await issueMessages {
      verify(sink.$take(date: eq(Date(timeIntervalSinceReferenceDate: 5))))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to take(date: eq(Date(timeIntervalSinceReferenceDate: 5.0))), got 0
        1 call to take(date:) had other arguments:
          #1 take(date: Date(timeIntervalSinceReferenceDate: 5.25))
             argument 1: expected eq(Date(timeIntervalSinceReferenceDate: 5.0)), got Date(timeIntervalSinceReferenceDate: 5.25)
        """
      ])
  }

  @Test func aURLIsWrittenTheSameWayOnBothSides() async {
    let sink = FoundationValueSinkMock()
    sink.take(url: URL(string: "https://example.com/b")!)
    let messages = await issueMessages {
      verify(sink.$take(url: eq(URL(string: "https://example.com/a")!)))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to take(url: eq(URL(absoluteString: "https://example.com/a"))), got 0
        1 call to take(url:) had other arguments:
          #1 take(url: URL(absoluteString: "https://example.com/b"))
             argument 1: expected eq(URL(absoluteString: "https://example.com/a")), got URL(absoluteString: "https://example.com/b")
        """
      ])
  }

  @Test func aDecimalIsWrittenTheSameWayOnBothSides() async {
    let sink = FoundationValueSinkMock()
    sink.take(decimal: Decimal(string: "2.5")!)
    let messages = await issueMessages {
      verify(sink.$take(decimal: eq(Decimal(string: "1.5")!)))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to take(decimal: eq(Decimal(description: "1.5"))), got 0
        1 call to take(decimal:) had other arguments:
          #1 take(decimal: Decimal(description: "2.5"))
             argument 1: expected eq(Decimal(description: "1.5")), got Decimal(description: "2.5")
        """
      ])
  }

  @Test func dataIsWrittenTheSameWayOnBothSides() async {
    let sink = FoundationValueSinkMock()
    sink.take(data: Data([1, 2]))
    let messages = await issueMessages {
      verify(sink.$take(data: eq(Data([1, 2, 3]))))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to take(data: eq(Data(3 bytes))), got 0
        1 call to take(data:) had other arguments:
          #1 take(data: Data(2 bytes))
             argument 1: expected eq(Data(3 bytes)), got Data(2 bytes)
        """
      ])
  }

  /// An assertion's two sides, both written by the same rendering, name the type too.
  @Test func anAssertionWritesFoundationValuesByTheirStructure() async {
    let messages = await issueMessages {
      Assert(that: Self.recordedID).isEqualTo(Self.expectedID)
      Assert(that: Date(timeIntervalSinceReferenceDate: 5.25)).isEqualTo(Date(timeIntervalSinceReferenceDate: 5))
    }
    #expect(
      messages == [
        #"isEqualTo failed - UUID(uuidString: "78C0D1E2-0000-4000-8000-000000000002") is not equal to UUID(uuidString: "8CEBA865-0000-4000-8000-000000000001")"#,
        "isEqualTo failed - Date(timeIntervalSinceReferenceDate: 5.25) is not equal to Date(timeIntervalSinceReferenceDate: 5.0)",
      ])
  }
}
