import Testing
import Verity

@Suite struct ApproximatelyMatcherTests {
  @Test func withinTolerance() {
    let matcher = approximately(1.0, tolerance: 0.01)
    #expect(matcher.description == "approximately(1.0, tolerance: 0.01)")
    #expect(matcher.matches(1.005) == .match)
    #expect(matcher.matches(0.995) == .match)
  }

  @Test func outsideTolerance() {
    let matcher = approximately(1.0, tolerance: 0.01)
    #expect(matcher.matches(1.5) == .mismatch("1.5 is not within 0.01 of 1.0"))
  }

  @Test func nanNeverMatches() {
    #expect(
      approximately(Double.nan, tolerance: 1).matches(.nan)
        == .mismatch("nan is not within 1.0 of nan"))
  }

  @Test func equalInfinitiesMatch() {
    #expect(approximately(Double.infinity, tolerance: 0).matches(.infinity) == .match)
  }
}
