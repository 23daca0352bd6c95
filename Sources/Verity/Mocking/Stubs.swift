import Foundation

/// One answer of a stub: a value, an error, or a closure run with the call's arguments.
enum _StubAnswer: Sendable {
  case value(any Sendable)
  case error(any Error)
  /// Gets the call's arguments: the typed tuple for a generated mock (or a ``MockCall`` handle),
  /// the `[Any?]` array for ``Mock/stubbedValue(forIdentifier:arguments:as:fileID:filePath:line:column:)``.
  case body(@Sendable (Any) throws -> Any?)
  /// A `thenAnswer` closure that takes a member's `inout` arguments `inout` (its type is the
  /// handle's ``InoutArguments``' `Answer`): run by the member itself, which passes them, see
  /// ``MockStorage/answer(_:arguments:values:writingBack:fileID:filePath:line:column:)``.
  case writingBack(any Sendable)
}

/// A stubbed sequence of answers for calls matching an identifier and arguments. Each matching
/// call takes the next answer; the last one repeats.
struct Stub: Sendable {
  let id: UInt64
  /// What calls the stub is for (shared by the stub's copies: a call being made now copies its
  /// candidate stubs out of the lock).
  let call: _StubCall
  var answers: [_StubAnswer]
  /// How many calls this stub answered.
  var uses = 0
  /// Where the stub was made (for strict mode's unused-stub report).
  let location: _Location

  init(id: UInt64, form: _HandleForm, answers: [_StubAnswer], resultType: ObjectIdentifier?, location: _Location) {
    self.id = id
    self.call = _StubCall(form, resultType: resultType)
    self.answers = answers
    self.location = location
  }

  /// Whether the stub may answer a call recorded under `identifier` whose result type is
  /// `resultType` (see ``_StubCall/resultType``).
  func isCandidate(for identifier: String, resultType requested: ObjectIdentifier) -> Bool {
    guard call.identifier == identifier else { return false }
    // Unwrapped, not compared as optionals: a debug build (`swift test`) runs `Optional`'s
    // generic `==`, with a metadata lookup, for every stub of every call.
    if let narrowed = call.resultType { return narrowed == requested }
    return true
  }

  /// The call the stub is for, compiled (for messages).
  var expected: ExpectedCall { call.expected }

  /// Reports that no call used the stub, at the stub's location.
  func reportUnused(name: String) {
    location.report("\(name) - the stub for \(expected.description) was never used")
  }
}

/// The calls a stub is for: a compiled call, or a generated mock's handle's matchers, kept when
/// they all answer for a call being made now directly (``_HandleMatchers/quickTested``, decided
/// when the stub is made; a stub whose matchers cannot is compiled then, once). Immutable.
final class _StubCall: Sendable {
  /// The identifier of the calls the stub is for.
  let identifier: String
  /// The call compiled; nil with ``matchers`` (messages compile them, ``expected``).
  let compiled: ExpectedCall?
  let matchers: _HandleMatchers?
  /// The positions whose verdict decides (bit `i`: argument `i`), with ``matchers``.
  let tested: UInt64
  /// The result type of the calls the stub answers, for a stub made through a handle narrowed by
  /// ``MockCall/returning(_:)`` (a generic member's `$value(forKey:returning:)`); nil for a stub
  /// that answers a matching call whatever result type it asks for. (Kept here, not in ``Stub``,
  /// so that copying a stub copies no more bytes.)
  let resultType: ObjectIdentifier?

  init(_ form: _HandleForm, resultType: ObjectIdentifier?) {
    self.resultType = resultType
    if case .matchers(let identifier, let matchers) = form, let tested = matchers.quickTested {
      (self.identifier, compiled, self.matchers, self.tested) = (identifier, nil, matchers, tested)
    } else {
      let compiled = form.expected
      (identifier, self.compiled, matchers, tested) = (compiled.identifier, compiled, nil, 0)
    }
  }

  /// The call compiled (for messages).
  var expected: ExpectedCall {
    if let compiled { return compiled }
    return (matchers ?? _HandleMatchers()).compiled(identifier: identifier)
  }

  /// Whether a call being made now, with these argument values, matches: by the compiled call, or
  /// by the matchers' verdicts, which give the same answers for values of the arguments' own
  /// types (what a generated mock records).
  func matches(values: [Any?], log: CallLog) -> Bool {
    guard let matchers else { return compiled?.matches(values: values, log: log) ?? false }
    guard values.count == matchers.count else { return false }
    var positions = tested
    while positions != 0 {
      let position = positions.trailingZeroBitCount
      positions &= positions - 1
      if !matchers[position].verdictOnAny(values[position]) { return false }
    }
    return true
  }
}

/// The stubs of one storage, oldest first.
struct _StubList: Sendable {
  var stubs: [Stub] = []
  var nextID: UInt64 = 1
  /// Unused stubs already reported (strict mode reports each once).
  var reported: Set<UInt64> = []

  /// Adds a stub and returns its id.
  mutating func add(
    _ form: _HandleForm, _ answer: _StubAnswer, resultType: ObjectIdentifier?, at location: _Location
  ) -> UInt64 {
    let id = nextID
    nextID += 1
    stubs.append(Stub(id: id, form: form, answers: [answer], resultType: resultType, location: location))
    return id
  }

  /// Appends an answer to the sequence of stub `id`.
  mutating func append(_ answer: _StubAnswer, toStub id: UInt64) {
    guard let index = stubs.firstIndex(where: { $0.id == id }) else { return }
    stubs[index].answers.append(answer)
  }

  /// The unused stubs not yet reported, marked reported.
  mutating func takeUnusedForReport() -> [Stub] {
    let unused = stubs.filter { $0.uses == 0 && !reported.contains($0.id) }
    reported.formUnion(unused.map(\.id))
    return unused
  }
}

/// A caller's source location, passed along as one value.
@usableFromInline
struct _Location: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
  }

  /// Reports a failure with this message here.
  func report(_ message: String) {
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension MockStorage {
  /// The next answer of the last stub for `identifier` whose arguments match a call being made
  /// now, and that stub (its use counted); nil when no stub matches. A stub narrowed to a result
  /// type (``Stub/resultType``) is a candidate only for a call whose result type is `resultType`.
  ///
  /// Matchers run outside the lock (a matcher may use the mock); the answer is then taken under
  /// it, so concurrent calls take successive answers of a sequence.
  func nextAnswer(
    forIdentifier identifier: String, resultType: Any.Type, matching arguments: () -> [Any?]
  ) -> (Stub, _StubAnswer)? {
    guard stubCount.load(ordering: .acquiring) > 0 else { return nil }
    // A member no stub is for (most calls of a mock with one or two stubs) is told apart without
    // the lock, by its identifier's length.
    guard _stubbedLengths.load(ordering: .acquiring) & Self._lengthBit(identifier) != 0 else { return nil }
    // Plain loops, no filter or search closures: this runs for every call of a mock with stubs,
    // and a debug build (`swift test`) pays generic metadata lookups for each closure algorithm.
    // Indices, not `for stub in`: a stub is copied (every reference it holds retained) only when
    // it is a candidate.
    // The candidates are copied out (their matchers run outside the lock: a matcher may call the
    // mock); a member with one stub, the common case, is copied alone, with no array.
    let requested = ObjectIdentifier(resultType)
    let (single, candidates) = _withStubs { list -> (Stub?, [Stub]) in
      var first: Int? = nil
      var count = 0
      for index in 0..<list.stubs.count where list.stubs[index].isCandidate(for: identifier, resultType: requested) {
        if first == nil { first = index }
        count += 1
      }
      guard let first else { return (nil, []) }
      if count == 1 { return (list.stubs[first], []) }
      var candidates: [Stub] = []
      candidates.reserveCapacity(count)
      for index in first..<list.stubs.count
      where list.stubs[index].isCandidate(for: identifier, resultType: requested) {
        candidates.append(list.stubs[index])
      }
      return (nil, candidates)
    }
    guard single != nil || !candidates.isEmpty else { return nil }
    let values = arguments()
    var chosenID: UInt64?
    if let single {
      if single.call.matches(values: values, log: log) { chosenID = single.id }
    } else {
      for index in stride(from: candidates.count - 1, through: 0, by: -1)
      where candidates[index].call.matches(values: values, log: log) {
        chosenID = candidates[index].id
        break
      }
    }
    guard let chosenID else { return nil }
    return _withStubs { list -> (Stub, _StubAnswer)? in
      for index in 0..<list.stubs.count where list.stubs[index].id == chosenID {
        let stub = list.stubs[index]
        let answer = stub.answers[min(stub.uses, stub.answers.count - 1)]
        list.stubs[index].uses += 1
        return (stub, answer)
      }
      return nil
    }
  }

  /// Adds a stub after checking its arguments can be compared; reports and returns nil otherwise.
  func addStub(_ expected: ExpectedCall, _ answer: _StubAnswer, name: String, at location: _Location) -> UInt64? {
    addStub(.compiled(expected), answer, resultType: nil, name: name, at: location)
  }

  /// Adds a stub for a handle's call (matchers a handle keeps stay uncompiled when they can answer
  /// directly, see ``Stub/matches(values:log:)``); reports and returns nil when its arguments
  /// cannot be compared. A stub with a `resultType` answers only calls whose result has that type.
  func addStub(
    _ form: _HandleForm, _ answer: _StubAnswer, resultType: ObjectIdentifier?, name: String, at location: _Location
  ) -> UInt64? {
    noteTestLocation(location)
    // (A handle's matchers are never incomparable values: only a compiled list can hold one.)
    if case .compiled(let expected) = form, let problem = expected.incomparableMessage(name: name) {
      location.report(problem)
      return nil
    }
    let identifier = form.identifier
    return _withStubs { list in
      let id = list.add(paths == .automatic ? form : .compiled(form.expected), answer, resultType: resultType, at: location)
      _stubbedLengths.bitwiseOr(Self._lengthBit(identifier), ordering: .releasing)
      stubCount.store(list.stubs.count, ordering: .releasing)
      return id
    }
  }

  /// The bit of ``_stubbedLengths`` for calls recorded under `identifier`: its length in UTF-8
  /// bytes, modulo 64. (Identifiers of one length share a bit: a shared bit only sends a call to
  /// the full lookup.)
  static func _lengthBit(_ identifier: String) -> UInt64 {
    1 &<< UInt64(identifier.utf8.count & 63)
  }

  /// Reports, in strict mode, a call that no stub answers.
  func reportUnexpectedCall(_ call: @autoclosure () -> String, at location: _Location) {
    guard isStrict else { return }
    location.report("unexpected call to \(call()) on a strict mock: no stub matches it")
  }
}
