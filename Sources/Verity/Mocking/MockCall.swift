/// A call to one member of a mock, described by its arguments' matchers: what a generated mock's
/// `$name(...)` handles return, for ``when(_:fileID:filePath:line:column:)`` and
/// ``verify(_:_:fileID:filePath:line:column:)``.
///
/// ```swift
/// when(service.$getAlbum(id: eq(id))).thenReturn(album)
/// verify(service.$getAlbum(id: any()), .times(2))
/// ```
///
/// `Arguments` is the member's parameter types as a tuple (`()` when it has none), the type a
/// ``Stubbing/thenAnswer(_:)`` closure receives; `Value` is its result type.
///
/// A hand-written mock can offer handles too (named without the `$`, which only generated code
/// may use): they stub and verify the calls it records under the same identifier.
///
/// ```swift
/// extension FakeAlbumService {
///   func albumCall(id: Matcher<Int> = any()) -> MockCall<Int, Album?> {
///     MockCall(storage: storage, identifier: "album", arguments: [id])
///   }
/// }
/// when(service.albumCall(id: eq(42))).thenReturn(album)
/// ```
public struct MockCall<Arguments, Value>: Sendable, CustomStringConvertible {
  /// The storage of the mock whose member this is.
  public let storage: MockStorage
  /// The call compiled, or the matchers it is compiled from when a query needs it.
  let form: _HandleForm
  /// The only error type the member may throw (`throws(E)`), or nil: ``Stubbing/thenThrow(_:)``
  /// refuses any other.
  let errorType: (any Error.Type)?
  /// Whether the handle's stubs answer only calls whose result type is `Value`
  /// (``returning(_:)``).
  var resultIsTyped = false

  /// Describes calls recorded under `identifier` whose arguments match `arguments`, one value or
  /// matcher per argument (the same rules as ``Arguments``).
  public init(storage: MockStorage, identifier: String, arguments: [Any?]) {
    self.storage = storage
    self.form = .compiled(ExpectedCall(identifier: identifier, arguments: .actual(arguments)))
    self.errorType = nil
  }

  /// What the fixed-arity `init(storage:identifier:matchers:)` overloads (MockCall+Arity.swift)
  /// pass on: their matchers' cores, kept as they are until a query needs the call compiled (a
  /// passing verification of a small log asks the matchers directly).
  @usableFromInline
  init(storage: MockStorage, identifier: String, errorType: (any Error.Type)?, matchers: _HandleMatchers) {
    self.storage = storage
    self.form = .matchers(identifier, matchers)
    self.errorType = errorType
  }

  /// Describes calls to a member that throws only `errorType` (`throws(AlbumError)`; `Never.self`
  /// for a member that cannot throw): a stub that throws another error is reported at its `when`
  /// line and not added.
  ///
  /// ```swift
  /// func validateCall(_ album: Matcher<Album> = any()) -> MockCall<Album, Bool> {
  ///   MockCall(storage: storage, identifier: "validate(_:)", arguments: [album], throwing: AlbumError.self)
  /// }
  /// ```
  public init(storage: MockStorage, identifier: String, arguments: [Any?], throwing errorType: any Error.Type) {
    self.storage = storage
    self.form = .compiled(ExpectedCall(identifier: identifier, arguments: .actual(arguments)))
    self.errorType = errorType
  }

  /// Describes calls recorded under `identifier` by a member whose parameters have fixed types
  /// (no generic parameter of the member's own): every recorded argument at a position already has
  /// the type the position's matcher is for. So `any()` there (`Matcher<Bool>`, which elsewhere
  /// also checks the value's type) accepts every call without looking at its argument, the same
  /// answer with no per-call work. `@Mock`'s handles of plain values use it, and so do its matcher
  /// handles of members with more than 6 arguments; those with 1 to 6 pass the same matchers one
  /// by one, to ``init(storage:identifier:matchers:)`` and its siblings, which give the same
  /// answers without an `Any?` per matcher, compiling them only when a query needs it. (An empty
  /// list, a member with no arguments, needs no compiling either.) A handle whose member is
  /// generic uses
  /// ``init(storage:identifier:arguments:)``, where `any()` pins the type.
  ///
  /// ```swift
  /// func saveCall(_ album: Matcher<Album> = any(), overwrite: Matcher<Bool> = any()) -> MockCall<(Album, Bool), Void> {
  ///   MockCall(storage: storage, identifier: "save(_:overwrite:)", typedArguments: [album, overwrite])
  /// }
  /// ```
  public init(storage: MockStorage, identifier: String, typedArguments arguments: [Any?]) {
    self.storage = storage
    // A member with no arguments (what `@Mock` passes an empty list for) needs no compiling.
    self.form =
      arguments.isEmpty
      ? .matchers(identifier, _HandleMatchers())
      : .compiled(ExpectedCall(identifier: identifier, arguments: .actual(arguments), typesAreExact: true))
    self.errorType = nil
  }

  /// As ``init(storage:identifier:typedArguments:)``, for a member that throws only `errorType`.
  ///
  /// ```swift
  /// MockCall(storage: storage, identifier: "validate(_:)", typedArguments: [album], throwing: AlbumError.self)
  /// ```
  public init(storage: MockStorage, identifier: String, typedArguments arguments: [Any?], throwing errorType: any Error.Type) {
    self.storage = storage
    self.form =
      arguments.isEmpty
      ? .matchers(identifier, _HandleMatchers())
      : .compiled(ExpectedCall(identifier: identifier, arguments: .actual(arguments), typesAreExact: true))
    self.errorType = errorType
  }

  /// Describes calls recorded under `identifier` by a generic member: a call matches only when
  /// each of its arguments has the type of its matcher or plain value (a class instance may be of
  /// a subclass), so a call's type arguments are part of the call. `put(5)` is `put<Int>` and
  /// `put(Int8(5))` is `put<Int8>`: `any(Int.self)` and `eq(5)` pick the first only, and a stub
  /// that matches a call has the types its answer takes. `@Mock`'s handles of generic members use
  /// it. (With ``init(storage:identifier:arguments:)``, a list's rule applies instead: `eq(5)`
  /// compares structures and also takes an `Int8(5)`.)
  ///
  /// ```swift
  /// func putCall<T>(_ value: Matcher<T>) -> MockCall<T, Void> {
  ///   MockCall(storage: storage, identifier: "put(_:)", genericArguments: [value])
  /// }
  /// ```
  public init(storage: MockStorage, identifier: String, genericArguments arguments: [Any?]) {
    self.storage = storage
    self.form = .compiled(ExpectedCall(identifier: identifier, arguments: .actual(arguments), typesArePinned: true))
    self.errorType = nil
  }

  /// As ``init(storage:identifier:genericArguments:)``, for a member that throws only `errorType`.
  ///
  /// ```swift
  /// MockCall(storage: storage, identifier: "decode(_:)", genericArguments: [data], throwing: DecodingError.self)
  /// ```
  public init(storage: MockStorage, identifier: String, genericArguments arguments: [Any?], throwing errorType: any Error.Type) {
    self.storage = storage
    self.form = .compiled(ExpectedCall(identifier: identifier, arguments: .actual(arguments), typesArePinned: true))
    self.errorType = errorType
  }

  /// The same calls, for stubs that answer only a call whose result type is `Value`: what a
  /// generated mock's handle with `returning:` passes for a generic method's result
  /// (`$value(forKey: any(), returning: String.self)`). A call that asks for another type passes
  /// such a stub by, to an earlier stub, or to the result's default. Stubs made without it answer
  /// a matching call whatever type it asks for, as before; among the stubs a call may take, the
  /// last matching one answers. It narrows stubs only: a call's result type is not recorded, so
  /// `verify`, ``InOrder`` and `clearInvocations(_:)` count or forget the calls whose arguments
  /// match, of every result type. (A generated mock's handle for that, where no result type can be
  /// inferred, is a `MockCall<Arguments, Any>`: `verify(settings.$value(forKey: any()))`.)
  ///
  /// ```swift
  /// func valueCall<V>(forKey key: Matcher<String> = any(), returning type: V.Type) -> MockCall<String, V> {
  ///   MockCall(storage: storage, identifier: "value(forKey:)", arguments: [key]).returning(type)
  /// }
  /// ```
  public func returning(_ type: Value.Type) -> Self {
    var call = self
    call.resultIsTyped = true
    return call
  }

  /// How the call reads in messages: `getAlbum(id: any())`.
  public var description: String { expected.description }

  /// The call compiled: kept from the initializer, or compiled now from the matchers a generated
  /// mock's handle passed (a passing verification of a small log never asks for it).
  var expected: ExpectedCall { form.expected }
}

/// What a ``MockCall`` keeps of the call it describes.
enum _HandleForm: Sendable {
  /// Compiled by its initializer (argument lists).
  case compiled(ExpectedCall)
  /// The matchers of a generated mock's handle, of their arguments' own types, compiled when a
  /// query needs them (``MockCall/expected``): a passing verification of a small log asks them
  /// directly (``MockStorage/verifiesQuickly(_:_:typeIsExact:mode:at:)``).
  case matchers(String, _HandleMatchers)

  /// The call compiled (now, for matchers).
  var expected: ExpectedCall {
    switch self {
    case .compiled(let expected): return expected
    case .matchers(let identifier, let matchers): return matchers.compiled(identifier: identifier)
    }
  }

  /// The identifier the call is recorded under.
  var identifier: String {
    switch self {
    case .compiled(let expected): return expected.identifier
    case .matchers(let identifier, _): return identifier
    }
  }
}

/// The matchers of a handle of a member with 0 to 6 arguments: the first two one reference each,
/// the rest (members with more arguments are fewer) in an array. Small, so that copying a handle
/// or a stub costs a few reference counts.
@usableFromInline
struct _HandleMatchers: Sendable {
  /// How many arguments the member has.
  let count: Int
  private let m0, m1: (any _HandleMatcher)?
  private let rest: [any _HandleMatcher]?

  @usableFromInline
  init(
    _ m0: (any _HandleMatcher)? = nil, _ m1: (any _HandleMatcher)? = nil, _ m2: (any _HandleMatcher)? = nil,
    _ m3: (any _HandleMatcher)? = nil, _ m4: (any _HandleMatcher)? = nil, _ m5: (any _HandleMatcher)? = nil,
    count: Int = 0
  ) {
    // Every position below `count` holds a matcher (checked with no array built).
    precondition(
      count >= 0 && count <= 6 && (m0 != nil || count < 1) && (m1 != nil || count < 2) && (m2 != nil || count < 3)
        && (m3 != nil || count < 4) && (m4 != nil || count < 5) && (m5 != nil || count < 6),
      "a handle keeps its 0 to 6 matchers, in order")
    self.count = count
    (self.m0, self.m1) = (m0, m1)
    rest = count > 2 ? [m2, m3, m4, m5].prefix(count - 2).compactMap { $0 } : nil
  }

  /// The matcher of argument `position` (below ``count``).
  subscript(position: Int) -> any _HandleMatcher {
    precondition(position >= 0 && position < count, "no matcher at argument \(position)")
    switch position {
    case 0: return m0!
    case 1: return m1!
    default: return rest![position - 2]
    }
  }

  /// For matchers that all answer directly (see ``_QuickPathForm``), the positions whose
  /// verdict decides (bit `i`: argument `i`); nil when only the compiled call can answer. As a
  /// generated mock's handle's matchers (every recorded value of the matcher's type).
  var quickTested: UInt64? {
    quickPlan(typeIsExact: true)
  }

  /// For matchers that all answer directly: the positions whose verdict decides (bit `i`:
  /// argument `i`). Nil when only the compiled call can answer.
  func quickPlan(typeIsExact: Bool) -> UInt64? {
    var tested: UInt64 = 0
    for position in 0..<count {
      switch self[position].quickPathForm(typeIsExact: typeIsExact) {
      case .any: continue
      case .verdict: tested |= 1 << UInt64(position)
      case .unsupported: return nil
      }
    }
    return tested
  }

  /// The call compiled, as ``MockCall/init(storage:identifier:typedArguments:)`` compiles the same
  /// matchers.
  func compiled(identifier: String) -> ExpectedCall {
    guard count > 0 else { return ExpectedCall(identifier: identifier, arguments: .none, typesAreExact: true) }
    var parts = ExpectedCall.Parts(capacity: count)
    for position in 0..<count {
      parts.add(ExpectedArgument(handleMatcher: self[position].compilableMatcher()))
    }
    return ExpectedCall(identifier: identifier, parts)
  }
}
