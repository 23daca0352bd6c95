import Stores
import Testing
import VerityMacros
import WeatherKit

/// Cities by name: it refines `ClearableStore` (ParentKit), which refines `Store`, which refines
/// `Named` (NamingKit). The VerityMocks plug-in generates all three parents' requirements for
/// `CityDirectoryMock`.
@Mock
protocol CityDirectory: ClearableStore where Key == String, Value == Int {
  func refresh() async
}

/// An initializer requirement inherited from another package.
@Mock
protocol SizedStoreFactory: StoreFactory {}

/// Requirements a `@Mock` protocol inherits from protocols of other packages: stubbed, called
/// through the protocol, verified, as the protocol's own are.
@Suite struct InheritedRequirementsTests {
  @Test func aParentsAsyncThrowingRequirement() async throws {
    let directory = CityDirectoryMock()
    when(directory.$value(for: "Oslo")).thenReturn(709_000)

    let store: any Store<String> = directory
    let population = try await lookUp("Oslo", in: directory)

    #expect(population == 709_000)
    #expect(store.name.isEmpty)
    verify(directory.$value(for: "Oslo"))
    verify(directory.$value(for: any()), .times(1))
  }

  @Test func aParentsGenericRequirementAndAGrandparentsProperty() {
    let directory = CityDirectoryMock()
    when(directory.$keys(among: any([String].self))).thenReturn(["Oslo"])
    when(directory.$name()).thenReturn("cities")

    #expect(directory.keys(among: ["Oslo", "Bergen"]) == ["Oslo"])
    #expect(directory.name == "cities")
    verify(directory.$keys(among: ["Oslo", "Bergen"]))
    verify(directory.$name())
  }

  @Test func aGrandparentsStaticMember() {
    when(CityDirectoryMock.$kind()).thenReturn("directory")

    #expect(CityDirectoryMock.kind == "directory")
    verify(CityDirectoryMock.$kind())
  }

  @Test func inheritedAndOwnRequirementsInOrder() async throws {
    let directory = CityDirectoryMock()
    await directory.refresh()
    try directory.save(3, for: "Tromsø")
    await directory.clear()

    let inOrder = InOrder()
    inOrder.verify(directory.$refresh())
    inOrder.verify(directory.$save(3, for: "Tromsø"))
    inOrder.verify(directory.$clear())
  }

  @Test func aFailedVerificationOfAnInheritedRequirementFailsTheTest() async {
    let directory = CityDirectoryMock()
    await directory.clear()

    withKnownIssue {
      verify(directory.$clear(), .times(2))
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["verify failed - expected 2 calls to clear(), got 1"]
    }
  }

  @Test func anInheritedInitializer() {
    let factory = SizedStoreFactoryMock(capacity: 16)
    when(factory.$capacity()).thenReturn(16)

    #expect(factory.capacity == 16)
    verify(factory.$init(capacity: 16))
  }

  @Test func theAppModulesMockOfAnInheritedStore() async throws {
    let cache = ForecastCacheMock()
    when(cache.$value(for: "Lisbon")).thenReturn(Forecast(city: "Lisbon", high: 21))

    let forecast = try await cache.value(for: "Lisbon")
    await cache.evictAll()

    #expect(forecast == Forecast(city: "Lisbon", high: 21))
    verify(cache.$value(for: "Lisbon"))
    verify(cache.$evictAll())
  }

  func lookUp(_ city: String, in store: some Store<String>) async throws -> Int? {
    try await store.value(for: city) as? Int
  }
}
