internal import CVerityEngine

/// A failure reported by Verity's C engine.
///
/// Every engine status other than "ok" becomes this one error type. Its ``code`` mirrors the
/// engine's status enum and its ``message`` is the engine's own text for that status.
///
/// ```swift
/// do {
///   _ = try Structure(validating: [0x07, 0x05])  // a STRING that claims 5 bytes but has none
/// } catch {
///   print(error.code)     // truncated
///   print(error.message)  // "truncated input"
/// }
/// ```
public struct VerityEngineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, one case per engine status.
  ///
  /// ```swift
  /// if error.code == .malformed { print("not a valid structure") }
  /// ```
  public enum Code: Int, Sendable, Equatable, CaseIterable {
    /// A required pointer argument was missing.
    case nullArgument = 1
    /// An allocation failed.
    case outOfMemory = 2
    /// The input ended inside a value.
    case truncated = 3
    /// The input is not a valid structure.
    case malformed = 4
    /// A size limit was exceeded (a container over 4 GiB, more than 255 arguments, ...).
    case tooLarge = 5
    /// The operation is not valid in the object's current state.
    case invalidState = 6
    /// An argument is out of range.
    case invalidArgument = 7
    /// A lookup found nothing.
    case notFound = 8
    /// A value shares class instances so much that writing every occurrence in full would repeat
    /// instances more than 200 000 times (a chain of "diamonds", where each level refers twice
    /// to the next, doubles at each level). See the "Equality and matching" article.
    case sharingLimit = 9
    /// A status this version of Verity does not know.
    case unknown = -1
  }

  /// The kind of failure.
  ///
  /// ```swift
  /// #expect(error.code == .truncated)
  /// ```
  public let code: Code

  /// The engine's text for ``code``, for example `"truncated input"`.
  ///
  /// ```swift
  /// #expect(error.message == "truncated input")
  /// ```
  public let message: String

  /// Creates an error from a code; the message is the engine's text for it.
  ///
  /// ```swift
  /// let error = VerityEngineError(.malformed)  // message: "malformed structure"
  /// ```
  public init(_ code: Code) {
    self.code = code
    let status = vrt_status(rawValue: UInt32(truncatingIfNeeded: code.rawValue))
    self.message = Self.message(for: code, status: status)
  }

  /// Wraps an engine status; `nil` for `VRT_OK`.
  init?(status: vrt_status) {
    guard !status._isOK else { return nil }
    self.code = Code(rawValue: Int(status.rawValue)) ?? .unknown
    self.message = Self.message(for: code, status: status)
  }

  /// The engine's text, made specific where the engine's is short.
  private static func message(for code: Code, status: vrt_status) -> String {
    if code == .sharingLimit {
      return "the value shares class instances so much that writing each occurrence in full would "
        + "repeat instances more than \(VRT_MAX_REPEATED_INSTANCES) times; compare such a value with a "
        + "matcher, or write it with a StructurallyEncodable conformance that does not repeat what it shares"
    }
    return String(cString: vrt_status_string(status))
  }

  /// `"Verity engine error: <message>"`.
  ///
  /// ```swift
  /// print(VerityEngineError(.truncated))  // Verity engine error: truncated input
  /// ```
  public var description: String { "Verity engine error: \(message)" }
}

extension vrt_status {
  /// Throws the matching ``VerityEngineError`` unless this is `VRT_OK`.
  @inline(__always)
  func check() throws(VerityEngineError) {
    if let error = VerityEngineError(status: self) { throw error }
  }
}

extension vrt_status {
  /// Whether this is `VRT_OK` (0, as the engine's header promises), compared by raw value: `==`
  /// on an imported C enum goes through the generic `RawRepresentable` path, which debug builds
  /// (what `swift test` runs) pay for on every recorded argument.
  @inline(__always)
  var _isOK: Bool { rawValue == 0 }
}
