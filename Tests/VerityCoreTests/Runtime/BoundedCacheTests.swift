import Testing

@testable import VerityCore

/// A struct of two fields, instantiated over a pool of types: as many distinct types as a test
/// needs, each with a layout, a qualified name and an argument shape of its own.
private struct Pair<A, B> {
  var first: A
  var second: B
}

/// `Pair<A, B>` for every `A` and `B` in the pool: 64 distinct types.
private let pairs: [Any.Type] = {
  let pool: [Any.Type] = [Int.self, String.self, Double.self, Bool.self, Int8.self, UInt16.self, [Int].self, Int?.self]
  func pair(_ a: Any.Type, _ b: Any.Type) -> Any.Type {
    func withFirst<A>(_: A.Type) -> Any.Type {
      func withSecond<B>(_: B.Type) -> Any.Type { Pair<A, B>.self }
      return _openExistential(b, do: withSecond)
    }
    return _openExistential(a, do: withFirst)
  }
  return pool.flatMap { a in pool.map { b in pair(a, b) } }
}()

/// Each locked cache keeps `_TypeMap`'s policy (first come, kept for good; a full cache keeps
/// nothing more): each test fills a small cache of its kind, through the code that fills the
/// process's, past its bound, and checks that the bound holds and every answer stays the one
/// the process's caches give.
@Suite struct BoundedCacheTests {
  /// Small caches live for the process, as the process's do (a `_TypeMap` keeps its values).
  static let layouts = _LayoutCache(records: 8, fast: 4)
  static let shapesFast = _TypeMap<_ArgumentShape>(capacity: 4)

  @Test func theProcesssCachesAreBounded() {
    #expect(_LayoutCache.shared.records.capacity == 8192)
    #expect(_ArgumentShape.cache.capacity == 4096)
    #expect(_TypeNames.cache.capacity == 4096)
  }

  @Test func aFullCacheKeepsWhatItHasAndNothingMore() {
    let cache = _BoundedCache<Int, String>(capacity: 3)
    for key in 0..<10 {
      let answer = cache.update(key) { entry in
        entry = entry ?? "\(key)"
        return entry ?? "\(key)"
      }
      #expect(answer == "\(key)")
    }
    #expect(cache.count == 3)
    #expect((0..<10).map { cache.value(for: $0) } == ["0", "1", "2", nil, nil, nil, nil, nil, nil, nil])
    // A kept entry may still change; a key past the bound is still not kept.
    cache.update(1) { $0 = "one" }
    cache.update(20) { $0 = "twenty" }
    #expect(cache.value(for: 1) == "one")
    #expect(cache.value(for: 20) == nil)
    #expect(cache.count == 3)
  }

  @Test func layoutsPastTheBoundAreBuiltAgainAlike() throws {
    let cache = Self.layouts
    for _ in 0..<2 {
      for type in pairs {
        var building = _LayoutBuilding(cache: cache)
        let layout = try #require(_TypeLayout._build(type, building: &building))
        let expected = try #require(_TypeLayout.of(type))
        #expect(layout.typeName == expected.typeName)
        #expect(layout.fields.map(\.label) == expected.fields.map(\.label))
        #expect(layout.fields.map(\.offset) == expected.fields.map(\.offset))
        #expect(layout.fields.map(\.access.kind) == expected.fields.map(\.access.kind))
        #expect(layout.isDirect == expected.isDirect)
        #expect(layout.depth == expected.depth)
      }
    }
    #expect(cache.records.count == 8)
    // What it kept it answers with, for good; the rest are built again.
    let kept = pairs.filter { cache.records.value(for: ObjectIdentifier($0)) != nil }
    #expect(kept.count <= 8)
    for type in pairs {
      var building = _LayoutBuilding(cache: cache)
      let again = _TypeLayout._build(type, building: &building)
      let record = cache.records.value(for: ObjectIdentifier(type))
      #expect((again === record ?? nil) == (record != nil))
    }
  }

  @Test func shapesPastTheBoundAreBuiltAgainAlike() {
    let cache = _BoundedCache<_ArgumentTypes, _ArgumentShape>(capacity: 5)
    for _ in 0..<2 {
      for type in pairs {
        for second in [Int.self, String.self] as [Any.Type?] + [nil] {
          var key = _ArgumentTypes()
          key.append(type)
          key.append(second)
          let shape = _ArgumentShape.shared(for: key, cache: cache, fast: Self.shapesFast)
          let expected = _ArgumentShape.shared(for: key)
          #expect(shape.key == key)
          #expect(shape.types.map { $0.map(ObjectIdentifier.init) } == expected.types.map { $0.map(ObjectIdentifier.init) })
          #expect(shape.canBePlain == expected.canBePlain)
        }
      }
    }
    #expect(cache.count == 5)
  }

  @Test func typeNamesPastTheBoundAreDemangledAgain() {
    let cache = _BoundedCache<ObjectIdentifier, String>(capacity: 4)
    for _ in 0..<2 {
      for type in pairs {
        #expect(_TypeNames.qualified(type, cache: cache) == _typeName(type, qualified: true))
      }
    }
    #expect(cache.count == 4)
    #expect(_TypeNames.qualified(pairs[0], cache: cache).hasSuffix("Pair<Swift.Int, Swift.Int>"))
  }

  /// Many tasks fill one small cache at once: it keeps its bound, and each answer is its key's.
  @Test func aCacheFilledFromManyTasksKeepsItsBound() async {
    let cache = _BoundedCache<Int, Int>(capacity: 16)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for round in 0..<200 {
            let key = (round * 7 + task) % 64
            let answer = cache.update(key) { entry in
              entry = entry ?? key * 2
              return entry ?? key * 2
            }
            #expect(answer == key * 2)
            #expect(cache.value(for: key).map { $0 == key * 2 } ?? true)
          }
        }
      }
    }
    #expect(cache.count == 16)
  }
}
