import Testing
@testable import VerityCore
import VerityTesting

/// The running Swift Testing test, as the core reads it through VerityTesting's probe
/// (CurrentTest.swift, vrt_test_probe.h).
@Suite struct CurrentTestTests {
  /// VerityTesting is linked into this process, so its strong `vrt_swift_testing_probe` replaced
  /// the engine's weak one, and the probe answers.
  @Test func theProbeIsLinkedIntoATestProcess() {
    #expect(_SwiftTestingProbe.linked != nil)
  }

  /// Inside a test: its name and declaration, the same key from the test's own task and its child
  /// tasks, and none from a detached task.
  @Test func aTestIsReadWithItsNameAndDeclaration() async throws {
    let running = try #require(_CurrentSwiftTestingTest.running)
    let location = try #require(Test.current).sourceLocation
    #expect(running.name == "aTestIsReadWithItsNameAndDeclaration()")
    #expect(running.isParameterized == false)
    #expect(
      running.key
        == _SwiftTestingTestKey(
          name: running.name, fileID: location.fileID, line: location.line, column: location.column))
    async let child = _CurrentSwiftTestingTest.running?.key
    #expect(await child == running.key)
    #expect(await Task.detached { _CurrentSwiftTestingTest.running == nil }.value)
  }

  /// Two tests have different keys; every case of a parameterized test has its test's key and
  /// says it is parameterized.
  @Test(arguments: [1, 2])
  func theCasesOfAParameterizedTestShareTheirTestsKey(value: Int) throws {
    let running = try #require(_CurrentSwiftTestingTest.running)
    #expect(running.isParameterized == true)
    #expect(running.name == "theCasesOfAParameterizedTestShareTheirTestsKey(value:)")
    let location = try #require(Test.current).sourceLocation
    #expect(
      running.key
        == _SwiftTestingTestKey(
          name: running.name, fileID: location.fileID, line: location.line, column: location.column))
    #expect(
      running.key
        != _SwiftTestingTestKey(
          name: "aTestIsReadWithItsNameAndDeclaration()", fileID: location.fileID,
          line: location.line, column: location.column))
  }
}
