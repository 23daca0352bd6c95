import Testing

@testable import VerityCore
import Verity

private protocol Shape {}
private enum Planet { case mercury, venus }
private enum Labelled: CustomStringConvertible {
  case plain
  var description: String { "custom text" }
}
private final class Crate { var value = 1 }

/// Issue "a package others can depend on", item 2: every runtime trick's assumption is checked,
/// and each public-API fallback answers as the trick does (RuntimeSupport.swift).
@Suite struct RuntimeSupportTests {
  /// If one of these fails after a Swift upgrade, Verity is still right (it uses the fallback),
  /// but slower or less exact: look at the trick.
  @Test func theRuntimeAssumptionsHoldOnThisToolchain() {
    #expect(_RuntimeSupport.metadataKindWordHolds)
    #expect(_RuntimeSupport.enumCaseNameHolds)
    #expect(_RuntimeSupport.builtinSample() != nil)
    #expect(_EnumCases.descriptorReadHolds)
    #expect(_EnumPayloads.recordsReadHolds)
    #expect(_EnumPayloads.holds)
    #expect(_AnyLayout.known != nil)
    #expect(MemoryLayout<String>.size == MemoryLayout<_RecentMethods.Words>.size)
  }

  /// The raw existential reads (`_AnyLayout`) write the bytes and note the types that the general
  /// path, their fallback, writes and notes for the same arguments (`_encodeCommonScalar`), and
  /// stop at the first argument that is not one of the common scalars.
  @Test func theExistentialReadsAgreeWithTheGeneralPath() throws {
    let layout = try #require(_AnyLayout.known)
    let arguments: [Any?] = [-42, Int.min, 2.5, -0.0, true, "", "a string that is longer than fifteen bytes", nil]
    var inPlace = StructureEncoder()
    var inPlaceTypes = _ArgumentTypes()
    let end = layout.encodeCommonScalars(in: arguments, from: 0, into: &inPlace, types: &inPlaceTypes)
    #expect(end == arguments.count)
    var general = StructureEncoder()
    var generalTypes = _ArgumentTypes()
    for argument in arguments {
      // As `CallLog.record(_:arguments:)` writes each argument when the layout is not known.
      if let present = argument {
        let wrote = general._encodeCommonScalar(present, type: ObjectIdentifier(type(of: present)))
        #expect(wrote)
      } else {
        general.encodeNil()
      }
      generalTypes.append(argument.map { type(of: $0) })
    }
    let inPlaceBytes = inPlace.writtenBytes, generalBytes = general.writtenBytes
    #expect(inPlaceBytes == generalBytes)
    #expect(inPlaceTypes == generalTypes)
    let mixed: [Any?] = [1, "é", Int8(3), 4]
    var stopped = StructureEncoder()
    var stoppedTypes = _ArgumentTypes()
    let first = layout.encodeCommonScalars(in: mixed, from: 0, into: &stopped, types: &stoppedTypes)
    #expect(first == 2)
    let rest = layout.encodeCommonScalars(in: mixed, from: 3, into: &stopped, types: &stoppedTypes)
    #expect(rest == 4)
    #expect(stoppedTypes.count == 3)
  }

  /// The enum field records and value witnesses read each probe as its mirror shows it (the check
  /// behind `_EnumPayloads.holds`, run again), and a case that is not the value's, or a payload
  /// that is not the case's, fails the check.
  @Test func theEnumPayloadReadsAgreeWithMirrors() {
    #expect(_EnumPayloads.checkRecords())
    #expect(_EnumPayloads.checkRead())
    #expect(!_EnumPayloads.observe(_EnumPayloadsProbeMulti.number(2.5), 0, 2.5))
    #expect(!_EnumPayloads.observe(_EnumPayloadsProbeMulti.number(2.5), 3, 2.0))
    #expect(!_EnumPayloads.observe(_EnumPayloadsProbeSingle.none, 2, ()))
    let generic = _EnumPayloads.read(_EnumPayloadsProbeGeneric<[String]>.self)
    #expect(generic?.map(\.name) == ["value", "nothing"])
    #expect(generic?.first?.payload == [String].self)
    #expect(_EnumPayloads.read(_EnumPayloadsProbeIndirect.self)?.allSatisfy(\.indirect) == true)
    #expect(_EnumPayloads.mangledNameLength("Si") == 2)
  }

  /// The descriptor's payload case counts agree with the mirrors of the cases' values.
  @Test func theEnumCaseCountsAgreeWithMirrors() {
    #expect(_EnumCases.payloadCases(of: Planet.self) == 0)
    #expect(_EnumCases.payloadCases(of: Labelled.self) == 0)
    let generic = _EnumCases.read(_EnumCasesProbeGeneric<Int>.self)
    #expect(generic.payload == 1 && generic.empty == 2)
    #expect(_enumCaseName(inPlace: Labelled.plain) == "plain")
    #expect(_enumCaseName(inPlace: Planet.venus) == _enumCaseName(Planet.venus as Any))
  }

  @Test func theMetadataKindFallbackAgreesWithTheKindWord() throws {
    let builtin = try #require(_RuntimeSupport.builtinSample())
    let values: [(String, Any)] = [
      ("Int", 1), ("String", "s"), ("struct", SIMD2<Double>(1, 2)), ("class", Crate()), ("enum", Planet.venus),
      ("tuple with a function", (1, { (x: Int) in x })), ("function", { (x: Int) in x }),
      ("async throwing function", { @Sendable () async throws -> Void in }), ("no-argument function", { () -> Int in 1 }),
      ("metatype", Int.self), ("existential metatype", (any Shape).self as Any.Type), ("class metatype", Crate.self),
      ("builtin", builtin), ("optional", Int?.none as Any), ("array of functions", [{ (x: Int) in x }]),
    ]
    for (name, value) in values {
      #expect(_MetadataKind.byPublicAPI(value) == _MetadataKind.byKindWord(type(of: value)), "\(name)")
    }
    #expect(_MetadataKind.byKindWord(type(of: builtin)) == .builtin)
    #expect(_MetadataKind.isFunctionTypeName("(Int) throws(MyError) -> ()"))
    #expect(!_MetadataKind.isFunctionTypeName("(Int, (Int) -> ())"))
    #expect(!_MetadataKind.isFunctionTypeName("Optional<(Int) -> ()>"))
  }

  /// The fallback names a case by its description: the same as the runtime's unless the enum
  /// describes itself otherwise.
  @Test func theEnumCaseNameFallbackAgreesUnlessTheEnumDescribesItself() {
    #expect(_runtimeEnumCaseName(Planet.venus) == "venus")
    #expect(String(describing: Planet.venus) == "venus")
    #expect(_runtimeEnumCaseName(Labelled.plain) == "plain")
    #expect(_enumCaseName(Labelled.plain) == "plain")
    #expect(_runtimeEnumCaseName(42) == nil)
  }
}
