import Testing
import Verity

// A value too big for an existential's inline buffer (40 bytes: a case and two closures), kept in
// a field of protocol type, as swift-log's `StreamLogHandler` keeps its output stream.
private protocol OutputStream {}

private struct Stdio: OutputStream {
  enum Mode { case undefined, always }
  let mode: Mode
  let write: () -> Void
  let flush: () -> Void
}

private struct Handler {
  let stream: any OutputStream
  let label: String
}

/// A field of protocol type is boxed as an `Any` made from `any P`, which keeps the existential
/// inside it (see `_exactlyTyped`): before, the learned-layout path read the existential's
/// container as the value's bytes and copied a "closure" out of its uninitialized buffer words (a
/// crash in every run; swift-log's `Logger` crashed the same way).
@Suite struct ExistentialFieldTests {
  @Test func aFieldOfProtocolTypeIsWrittenAsTheValueItHolds() {
    for round in 0..<50 {
      let handler = Handler(stream: Stdio(mode: .always, write: { _ = round }, flush: {}), label: "h")
      #expect(
        Structure(encoding: handler).description
          == "Handler(stream: Stdio(mode: Mode.always, write: <function () -> ()>, flush: <function () -> ()>), label: \"h\")")
    }
  }
}
