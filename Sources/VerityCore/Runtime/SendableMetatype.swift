#if compiler(>=6.2)
  /// `SendableMetatype` where the compiler knows it (Swift 6.2 and later), `Any` before.
  ///
  /// Matchers keep `@Sendable` closures that call protocol requirements of generic types (for
  /// example `Collection.count`), which needs the type's metatype to be sendable. Every type
  /// whose conformances are not actor-isolated qualifies.
  public typealias _SendableMetatype = SendableMetatype
#else
  /// `Any` on compilers that predate `SendableMetatype` (before Swift 6.2).
  public typealias _SendableMetatype = Any
#endif
