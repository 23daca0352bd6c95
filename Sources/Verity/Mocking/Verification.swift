extension Mock {
  /// Verifies that calls matching `identifier` and `arguments` were recorded as often as `mode`
  /// says; reports one failure at the caller's location otherwise.
  ///
  /// ```swift
  /// manager.verifyCall(
  ///   withIdentifier: "beginAuthentication",
  ///   arguments: ["Fixture Email", "Fixture Password", ["type": "login"]]
  /// )
  /// manager.verifyCall(withIdentifier: "logout", arguments: .none, mode: .never)
  /// ```
  ///
  /// A failure says what was wanted, how many calls matched, and lists the closest calls to the
  /// same identifier (most matching arguments first) with each mismatched argument:
  ///
  /// ```text
  /// verifyCall failed - expected 1 call to beginAuthentication("Fixture Email", "Fixture Password", ["type": "login"]), got 0
  /// 1 call to beginAuthentication had other arguments:
  ///   #1 beginAuthentication("Fixture Email", "wrong", ["type": "login"])
  ///      argument 2: expected "Fixture Password", got "wrong"
  /// ```
  ///
  /// When the verification passes, its matching calls are marked verified (see
  /// ``verifyNoMoreInteractions(fileID:filePath:line:column:)``); a failed verification marks
  /// nothing, so later checks never depend on it. Verifying the same call twice is allowed.
  ///
  /// A plain argument that holds a function cannot be compared: the verification fails with
  /// `argument 1 of take is a function and cannot be compared; use any() or a captor`.
  ///
  /// Exact values, `any()` and `eq()` are answered in C with no Swift call per recorded call (a
  /// fingerprint scan, then a hash index once exact verifications repeat), built-in comparisons
  /// and string matchers too for arguments of their exact type; other matchers run in Swift only
  /// for the calls that pass those checks.
  ///
  /// - Parameters:
  ///   - identifier: The identifier the call was recorded with.
  ///   - arguments: `.any`, `.none`, or an array literal of values and matchers. Default `.none`.
  ///   - mode: How many matching calls are expected. Default `.times(1)`.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  public func verifyCall(
    withIdentifier identifier: String,
    arguments: Arguments = .none,
    mode: VerificationMode = .times(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    // A list of matchers (most verifications) is asked directly when that gives the answer.
    switch arguments {
    case .none:
      if storage.verifiesQuickly(
        identifier, _HandleMatchers(), typeIsExact: false, mode: mode,
        at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
      {
        return
      }
    case .actual(let list):
      if storage.verifiesQuickly(
        identifier, list: list, mode: mode, at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
      {
        return
      }
    case .any:
      break
    }
    let expected = ExpectedCall(identifier: identifier, arguments: arguments)
    if let message = storage.verify(expected, mode: mode, fileID: fileID, filePath: filePath, line: line, column: column) {
      reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Verifies that every recorded call has been verified by an earlier `verifyCall`.
  ///
  /// ```swift
  /// mock.verifyCall(withIdentifier: "load", arguments: [1])
  /// mock.verifyNoMoreInteractions()   // fails if anything else was called
  /// ```
  public func verifyNoMoreInteractions(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    if let message = storage.unverifiedCallsMessage() {
      reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Verifies that the mock recorded no calls at all.
  ///
  /// ```swift
  /// analytics.verifyNoInteractions()
  /// ```
  public func verifyNoInteractions(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    if let message = storage.noInteractionsMessage() {
      reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

extension MockStorage {
  /// Shown calls in a failure message; the rest are counted.
  static let shownCalls = 5

  /// Counts, and when `mode` is satisfied (and every captor can take its values) marks and
  /// captures; returns the failure message, or nil when the verification passed.
  func verify(
    _ expected: ExpectedCall, mode: VerificationMode, name: String = "verifyCall",
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> String? {
    noteTestLocation(_Location(fileID: fileID, filePath: filePath, line: line, column: column))
    if log._isReentrant {
      return "\(name) failed - the mock is in use by a check on this thread (a matcher, == or description "
        + "running inside a verification of the same mock); verify outside matchers"
    }
    if let problem = mode.problem(name: name) ?? expected.incomparableMessage(name: name) { return problem }
    if expected.hasCaptors {
      let count = log.count(matching: expected.pattern)
      if mode.isSatisfied(matching: count, total: log.count), let problem = captorProblem(expected, name: name) {
        return problem
      }
    }
    let (count, total) = log._countAndMarkVerified(
      matching: expected.pattern, bounds: { mode.countBounds(total: $0) },
      fileID: fileID, filePath: filePath, line: line, column: column)
    guard mode.isSatisfied(matching: count, total: total) else {
      return failureMessage(expected, mode: mode, count: count, total: total, name: name)
    }
    fillCaptors(of: expected)
    return nil
  }

  /// A verification that passes, answered without compiling its call: in a log of at most
  /// `CallLog._quickCallLimit` calls, each argument's matcher is asked about the recorded values
  /// directly, as the compiled pattern would ask it (see ``_QuickPathForm``). `typeIsExact`:
  /// the matchers are a generated mock's handle's (every recorded value has its matcher's type);
  /// otherwise an `[Any?]` list's. Returns true when the verification passed, its calls marked
  /// verified; false, having marked nothing, when it would fail or cannot be answered this way
  /// (a captor, a test the engine runs on bytes, a value of another type where the engine would
  /// compare bytes, a big log, an invalid mode). The caller then runs
  /// ``verify(_:mode:name:fileID:filePath:line:column:)``, which gives every answer and message.
  func verifiesQuickly(
    _ identifier: String, _ matchers: _HandleMatchers, typeIsExact: Bool, mode: VerificationMode,
    at location: _Location
  ) -> Bool {
    guard paths == .automatic, mode.problem(name: "verify") == nil,
      let tested = matchers.quickPlan(typeIsExact: typeIsExact)
    else { return false }
    noteTestLocation(location)
    return quickCountAndMark(identifier, matchers, tested: tested) { count, total in
      let (low, high) = mode.countBounds(total: total)
      return UInt64(count) >= low && UInt64(count) <= high && mode.isSatisfied(matching: count, total: total)
    }
  }

  /// The small-log loop: counts the calls of `identifier` whose arguments at the `tested` positions
  /// (``_HandleMatchers/quickPlan(typeIsExact:)``) pass their matcher's verdict, and marks them
  /// verified when `accept(count, total)` holds (see `CallLog._quickCountAndMark`). False when it
  /// declines or `accept` refuses. The differential test calls it directly.
  func quickCountAndMark(
    _ identifier: String, _ matchers: _HandleMatchers, tested: UInt64, accept: (_ count: Int, _ total: Int) -> Bool
  ) -> Bool {
    log._quickCountAndMark(
      method: identifier, argumentCount: matchers.count, tested: tested,
      test: { position, value in matchers[position].verdictOnAny(value) }, accept: accept)
  }

  /// ``verifiesQuickly(_:_:typeIsExact:mode:at:)`` for an `[Any?]` argument list (`verifyCall`):
  /// when each element is a ``Matcher`` of a type seen before in an argument list
  /// (``_knownMatcherCore(_:)``) and there are at most 6; otherwise the list is compiled.
  func verifiesQuickly(_ identifier: String, list: [Any?], mode: VerificationMode, at location: _Location) -> Bool {
    let matchers: _HandleMatchers
    switch list.count {
    case 0:
      matchers = _HandleMatchers()
    case 1:  // (the common lists, with no array of cores)
      guard let m0 = _knownMatcherCore(list[0]) else { return false }
      matchers = _HandleMatchers(m0, count: 1)
    case 2:
      guard let m0 = _knownMatcherCore(list[0]), let m1 = _knownMatcherCore(list[1]) else { return false }
      matchers = _HandleMatchers(m0, m1, count: 2)
    case 3...6:
      var cores: [(any _HandleMatcher)?] = [nil, nil, nil, nil, nil, nil]
      for index in 0..<list.count {
        guard let core = _knownMatcherCore(list[index]) else { return false }
        cores[index] = core
      }
      matchers = _HandleMatchers(cores[0], cores[1], cores[2], cores[3], cores[4], cores[5], count: list.count)
    default:
      return false
    }
    return verifiesQuickly(identifier, matchers, typeIsExact: false, mode: mode, at: location)
  }

  func captorProblem(_ expected: ExpectedCall, name: String) -> String? {
    for (position, captor) in expected.captors {
      if let actual = captor.uncapturable(from: log, argument: position, matching: expected.pattern) {
        return "\(name) failed - \(captor.description) cannot capture argument \(position + 1) of \(expected.identifier): it is \(actual)"
      }
    }
    return nil
  }

  func fillCaptors(of expected: ExpectedCall) {
    for (position, captor) in expected.captors {
      captor.capture(from: log, argument: position, matching: expected.pattern)
    }
  }

  func failureMessage(
    _ expected: ExpectedCall,
    mode: VerificationMode,
    count: Int,
    total: Int,
    name: String
  ) -> String {
    let got = mode == .only ? "\(callCount(count)) matching and \(callCount(total)) in all" : "\(count)"
    var lines = ["\(name) failed - expected \(mode.expectation(call: expected.description)), got \(got)"]
    // A selector says how many arguments its member takes: a list of another length never matches.
    if let wanted = expected.arguments, !expected.identifier.hasPrefix("get "), !expected.identifier.hasPrefix("set "),
      let (_, labels) = _selectorLabels(expected.identifier), labels.count != wanted.count
    {
      lines.append("\(expected.identifier) takes \(argumentCount(labels.count)); the verification gave \(wanted.count)")
    }
    // When too few calls matched, the closest calls explain why.
    if UInt64(count) < mode.countBounds(total: total).min {
      lines += nearestCallsDescription(expected)
    }
    return lines.joined(separator: "\n")
  }

  /// "2 calls to x had other arguments:" and each shown call with its mismatched arguments; or,
  /// when the identifier was never recorded, the identifiers that were. Nothing when every call
  /// to the identifier matched (there were just too few).
  func nearestCallsDescription(_ expected: ExpectedCall) -> [String] {
    let recorded = log.count(of: expected.identifier)
    guard recorded > 0 else { return otherIdentifiersDescription(excluding: expected.identifier) }
    let others = recorded - log.count(matching: expected.pattern)
    guard others > 0 else { return [] }
    let nearest = log.nearest(to: expected.pattern, limit: Self.shownCalls)
    var lines = ["\(callCount(others)) to \(expected.identifier) had other arguments:"]
    for near in nearest {
      let call = near.call
      lines.append("  #\(call.index + 1) \(_renderCall(expected.identifier, arguments: argumentDescriptions(call)))")
      guard let wanted = expected.arguments else { continue }
      if wanted.count != call.arguments.count {
        lines.append("     expected \(argumentCount(wanted.count)), got \(call.arguments.count)")
        continue
      }
      for position in near.mismatchedArguments where position < wanted.count {
        let recorded = call.arguments[position]
        if let now = changedSinceCall(call: call.index, position: position, recorded: recorded) {
          // Which of the two rules for an object changed since the call applied (the "Equality
          // and matching" article): `==` and matchers run on the object as it is now; a
          // comparison by structure sees it as it was at the call.
          let got =
            wanted[position].looksAtRecordedValue
            ? "\(now.description) (checked on the object as it is now; at the call it was \(recorded.description))"
            : "\(recorded.description) (compared as it was at the call; the object has changed since, to \(now.description))"
          lines.append("     argument \(position + 1): expected \(wanted[position].description), got \(got)")
        } else if let differences = argumentDifferences(wanted[position], recorded) {
          lines += differences.map { "     argument \(position + 1): \($0)" }
        } else {
          let got = argumentDescription(call: call.index, position: position, recorded: recorded)
          lines.append(
            "     argument \(position + 1): expected \(wanted[position].description), got \(got)"
              + sameRenderingHint(wanted[position], got: got, call: call.index, position: position, recorded: recorded))
        }
      }
    }
    if others > nearest.count {
      lines.append("  … and \(others - nearest.count) more")
    }
    return lines
  }

  /// For a value expectation whose value or recorded argument renders long (over 80 characters),
  /// the structural difference as path lines (`address.geo.lon: -0.1 → -0.2`), at most
  /// ``shownDifferences`` of them and a line with the rest; nil for short values and matchers.
  func argumentDifferences(_ wanted: ExpectedArgument, _ recorded: Structure) -> [String]? {
    guard let expected = wanted.expectedStructure else { return nil }
    let long = _shortRendering
    guard expected.rendered(maxLength: long + 1).utf8.count > long
      || recorded.rendered(maxLength: long + 1).utf8.count > long
    else { return nil }
    guard let difference = try? expected._engineDiff(to: recorded, options: DiffOptions(editLimit: Self.shownDifferences)._engine)
    else { return nil }
    let rendered = Difference(difference, lineLimit: Self.shownDifferences + 1)
    return rendered.renderedPaths().split(separator: "\n").map(String.init)
  }

  /// Differences shown per mismatched argument.
  static let shownDifferences = 5

  /// The current structure of a recorded class instance that changed since the call (what a
  /// matcher running on it saw), or nil when the argument is not an instance or is unchanged.
  func changedSinceCall(call index: Int, position: Int, recorded: Structure) -> Structure? {
    log._withKeptValue(call: index, position: position) { value -> Structure? in
      guard let value, let present = _flattenOptional(value), type(of: present) is AnyObject.Type else { return nil }
      let now = Structure(encoding: present)
      return now == recorded ? nil : now
    } ?? nil
  }

  /// A recorded call's arguments as messages show them (see ``argumentDescription(call:position:recorded:)``).
  func argumentDescriptions(_ call: RecordedCall) -> [String] {
    call.arguments.enumerated().map { position, recorded in
      argumentDescription(call: call.index, position: position, recorded: recorded)
    }
  }

  /// Argument `position` of call `index` as messages show it: by its own description when its type
  /// has one and no structural encoding of Verity's (swift-nio's `ByteBuffer`, a type with a
  /// `description`), as XCTest and custom-dump show it; else by its structure.
  func argumentDescription(call index: Int, position: Int, recorded: Structure) -> String {
    let own = log._withKeptValue(call: index, position: position) { value in _selfDescription(value) }
    return (own ?? nil) ?? recorded.description
  }

  /// "No call to x was recorded; recorded: a (2 calls), b (1 call)".
  func otherIdentifiersDescription(excluding identifier: String) -> [String] {
    let counts = log.recordedMethods.filter { $0.method != identifier }
    guard !counts.isEmpty else { return ["No calls were recorded."] }
    let shown = counts.prefix(Self.shownCalls).map { "\($0.method) (\(callCount($0.count)))" }
    let more = counts.count > shown.count ? ", … and \(counts.count - shown.count) more" : ""
    return ["No call to \(identifier) was recorded; recorded: \(shown.joined(separator: ", "))\(more)"]
  }

  func unverifiedCallsMessage() -> String? {
    // The count first: a passing check (most) builds no list of indices.
    guard log.unverifiedCount() > 0 else { return nil }
    let unverified = log.unverified(method: nil)
    guard !unverified.isEmpty else { return nil }
    let heading = "verifyNoMoreInteractions failed - \(callCount(unverified.count)) not verified:"
    return ([heading] + describeCalls(unverified)).joined(separator: "\n")
  }

  func noInteractionsMessage() -> String? {
    let total = log.count
    guard total > 0 else { return nil }
    let heading = "verifyNoInteractions failed - expected no calls, got \(total):"
    return ([heading] + describeCalls(Array(0..<min(total, Self.shownCalls)), total: total)).joined(separator: "\n")
  }

  /// "  #3 save(1, "a")" for the first few calls, then "  … and N more".
  func describeCalls(_ indices: [Int], total: Int? = nil) -> [String] {
    let total = total ?? indices.count
    var lines = indices.prefix(Self.shownCalls).compactMap { index in
      log.call(at: index).map { call in
        "  #\(index + 1) \(_renderCall(call.method, arguments: argumentDescriptions(call)))"
      }
    }
    if total > lines.count { lines.append("  … and \(total - lines.count) more") }
    return lines
  }
}

/// "1 argument", "3 arguments".
func argumentCount(_ n: Int) -> String {
  n == 1 ? "1 argument" : "\(n) arguments"
}
