import Foundation
import Testing
import Verity

/// Values read back from the log (captors).
@Suite("CallLog values")
struct CallLogValueTests {
  @Test func captorsReadRetainedValues() {
    let log = CallLog()
    log.record("save", "a", 1)
    log.record("save", "b", 2)
    log.record("save", arguments: [3, 3])
    log.record("load", "c", 3)
    #expect(log.values(of: String.self, argument: 0, matching: CallPattern("save")) == ["a", "b"])
    #expect(log.values(of: Int.self, argument: 1, matching: CallPattern("save")) == [1, 2, 3])
    #expect(log.values(of: Int.self, argument: 1, matching: CallPattern("save", arguments: .exactly([equalPattern("b"), .any]))) == [2])
    #expect(log.values(of: Int.self, argument: 5, matching: CallPattern("save")) == [])
  }

  /// Shapes are built once per process and shared: logs that record the same argument types in
  /// different orders (so under different shape ids), from several threads, each read back their
  /// own values.
  @Test func logsShareShapesAndKeepTheirOwnIDs() async {
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          let log = CallLog()
          // Even tasks create the (Int, String) shape first, odd ones (String) first.
          if task.isMultiple(of: 2) {
            log.record("pair", task, "p\(task)")
            log.record("single", "s\(task)")
          } else {
            log.record("single", "s\(task)")
            log.record("pair", task, "p\(task)")
          }
          #expect(log.values(of: Int.self, argument: 0, matching: CallPattern("pair")) == [task])
          #expect(log.values(of: String.self, argument: 1, matching: CallPattern("pair")) == ["p\(task)"])
          #expect(log.values(of: String.self, argument: 0, matching: CallPattern("single")) == ["s\(task)"])
          #expect(log.values(of: Int.self, argument: 0, matching: CallPattern("single")) == [])
        }
      }
    }
  }

  /// A log finds its first shapes (argument types) by a scan and later ones through a dictionary
  /// built when the scan would grow long: values read back the same on both sides of that switch.
  @Test func valuesReadBackAcrossManyArgumentShapes() {
    let log = CallLog()
    let samples: [Any] = [7, "s", true]
    // 3 + 9 + 27 = 39 distinct shapes: every combination of Int, String and Bool, 1 to 3 arguments.
    var shapes: [[Any?]] = []
    for count in 1...3 {
      for combination in 0..<Int(pow(3.0, Double(count))) {
        var digits = combination
        var arguments: [Any?] = []
        for _ in 0..<count {
          arguments.append(samples[digits % 3])
          digits /= 3
        }
        shapes.append(arguments)
      }
    }
    // Each shape twice, the second time after every other shape exists (found, not created).
    for round in 0..<2 {
      for (index, arguments) in shapes.enumerated() {
        log.record("m\(index)", arguments: arguments.map { round == 0 ? $0 : ($0 as? Int).map { $0 + 1 } ?? $0 })
      }
    }
    for (index, arguments) in shapes.enumerated() {
      for (position, sample) in arguments.enumerated() {
        let pattern = CallPattern("m\(index)")
        switch sample {
        case let value as Int:
          #expect(log.values(of: Int.self, argument: position, matching: pattern) == [value, value + 1])
        case let value as String:
          #expect(log.values(of: String.self, argument: position, matching: pattern) == [value, value])
        case let value as Bool:
          #expect(log.values(of: Bool.self, argument: position, matching: pattern) == [value, value])
        default:
          Issue.record("unexpected sample \(String(describing: sample))")
        }
      }
    }
  }
}
