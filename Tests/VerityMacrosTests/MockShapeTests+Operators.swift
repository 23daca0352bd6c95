import Testing
import VerityMacros

// Operator requirements (issue 35): recorded in the mock type's static storage, answered from
// stubs, with handles whose names spell the operator. Each protocol here is used by one test only:
// the static storage is shared by the whole process.

infix operator <>: AdditionPrecedence

/// `==` restated from `Equatable`: unstubbed, a mock equals itself (identity).
@Mock
protocol Amount: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool
}

@Mock
protocol Money {
  static func + (lhs: Self, rhs: Self) -> Self
  static func < (lhs: Self, rhs: Self) -> Bool
  static prefix func - (value: Self) -> Self
  static func += (lhs: inout Self, rhs: Self)
  static func <> (lhs: Self, rhs: Int) -> Int
  static func * <Factor: BinaryInteger>(lhs: Self, rhs: Factor) -> Int
}

/// A child of a protocol with an operator restates it: an operator is written in the mock class,
/// which a child's mock does not inherit (the parent's handles it does get are the child's too).
@Mock
protocol Ledger: Amount {
  static func == (lhs: Self, rhs: Self) -> Bool
  func total() -> Int
}

/// A method named like an operator's handle: the operator's handle is spelled out instead.
@Mock
protocol Vector {
  static func == (lhs: Self, rhs: Self) -> Bool
  static func equals(_ lhs: Self, _ rhs: Self) -> Bool
}

@Suite struct MockOperatorShapeTests {
  @Test func equalityIsIdentityUntilStubbed() async {
    let a = AmountMock()
    let b = AmountMock()
    #expect(a == a)
    #expect(a != b)
    #expect([b, a].firstIndex(of: a) == 1)
    when(AmountMock.$equals(a, b)).thenReturn(true)
    #expect(a == b)
    #expect(b != a)
    verify(AmountMock.$equals(a, b), .times(2))
    verify(AmountMock.$equals(identical(to: a), any()), .times(4))
    let messages = await issueMessages { verify(AmountMock.$equals(a, b), .never) }
    #expect(
      messages == [
        "verify failed - expected no calls to "
          + "==(identical(to: VerityMacrosTests.AmountMock), identical(to: VerityMacrosTests.AmountMock)), got 2"
      ])
  }

  @Test func arithmeticComparisonPrefixCompoundCustomAndGenericOperators() async {
    let a = MoneyMock()
    let b = MoneyMock()
    let sum = MoneyMock()
    when(MoneyMock.$plus(a, b)).thenReturn(sum)
    when(MoneyMock.$lessThan(identical(to: a), any())).thenReturn(true)
    when(MoneyMock.$prefixMinus(a)).thenReturn(b)
    when(MoneyMock.$operatorLessGreater(identical(to: a), any())).thenAnswer { _, count in count * 2 }
    when(MoneyMock.$times(identical(to: a), any(Int.self))).thenReturn(6)
    #expect(a + b === sum)
    #expect(a < b)
    #expect(!(b < a))
    #expect(-a === b)
    var total = a
    total += b
    #expect(total === a)
    #expect(a <> 3 == 6)
    #expect(a * 2 == 6)
    verify(MoneyMock.$plus(a, b))
    verify(MoneyMock.$lessThan(any(), identical(to: a)))
    verify(MoneyMock.$prefixMinus(a))
    verify(MoneyMock.$plusAssign(a, b))
    verify(MoneyMock.$operatorLessGreater(a, 3))
    verify(MoneyMock.$times(a, 2))
    let messages = await issueMessages { verify(MoneyMock.$prefixMinus(a), .times(2)) }
    #expect(
      messages == ["verify failed - expected 2 calls to prefix -(identical(to: VerityMacrosTests.MoneyMock)), got 1"])
  }

  @Test func aChildRestatesItsParentsOperator() async {
    let a = LedgerMock()
    let b = LedgerMock()
    when(a.$total()).thenReturn(3)
    #expect(a.total() == 3)
    #expect(a == a)
    #expect(a != b)
    verify(LedgerMock.$equals(identical(to: a), any()), .times(2))
    let messages = await issueMessages { verify(LedgerMock.$equals(identical(to: a), any()), .never) }
    #expect(messages == ["verify failed - expected no calls to ==(identical(to: VerityMacrosTests.LedgerMock), any()), got 2"])
  }

  @Test func aMethodNamedLikeTheHandleKeepsItsName() async {
    let a = VectorMock()
    let b = VectorMock()
    when(VectorMock.$equals(a, b)).thenReturn(true)
    #expect(VectorMock.equals(a, b))
    #expect(!(a == b))
    verify(VectorMock.$operatorEqualEqual(a, b))
    verify(VectorMock.$equals(a, b))
    let messages = await issueMessages { verify(VectorMock.$operatorEqualEqual(a, b), .times(2)) }
    #expect(
      messages == [
        "verify failed - expected 2 calls to "
          + "==(identical(to: VerityMacrosTests.VectorMock), identical(to: VerityMacrosTests.VectorMock)), got 1"
      ])
  }
}
