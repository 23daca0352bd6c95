import Testing
import Verity

/// A Swift Testing trait that gives each case of a test (every case of a parameterized test) static
/// mock members of its own: the case runs inside ``Verity/withScopedStaticMocks(_:)``.
///
/// A Swift Testing test already gets static members of its own, but the cases of a parameterized
/// test would share them (Swift Testing gives a case no public identity), so a parameterized test
/// that uses static members without this trait reports it; with the trait, cases that run in
/// parallel see none of each other's static stubs and calls. On a suite, it applies to every test
/// in it.
///
/// ```swift
/// @Test(.scopedStaticMocks, arguments: 1...20)
/// func eachCaseHasItsOwnClock(value: Double) {
///   when(ClockMock.$now()).thenReturn(value)
///   #expect(ClockMock.now() == value)
///   verify(ClockMock.$now(), .times(1))
/// }
/// ```
public struct ScopedStaticMocksTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  public var isRecursive: Bool { true }

  /// Runs each test case inside its own ``Verity/withScopedStaticMocks(_:)`` scope.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    try await withScopedStaticMocks { try await function() }
  }
}

extension Trait where Self == ScopedStaticMocksTrait {
  /// Each test case gets static mock members of its own (see ``ScopedStaticMocksTrait``).
  ///
  /// ```swift
  /// @Test(.scopedStaticMocks, arguments: 1...20)
  /// func eachCaseHasItsOwnClock(value: Double) { … }
  /// ```
  public static var scopedStaticMocks: Self { Self() }
}
