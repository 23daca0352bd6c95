import Testing
import VerityMacros
import WeatherKit
import XCTest

/// The app's mock, used from its tests: stubbed, called, verified, and a failing verification
/// that must fail the test (it reaches Swift Testing only when IssueReportingTestSupport is
/// linked into the test process, which the product `VerityMacros` does).
@Suite struct WeatherReportTests {
  @Test func theHeadlineSaysFreezingBelowZero() async throws {
    let weather = WeatherMock()
    when(weather.$temperature(in: eq("Oslo"))).thenReturn(-3.5)

    let headline = try await WeatherReport(weather: weather).headline(for: "Oslo")

    #expect(headline == "Oslo: freezing, -3.5 °C")
    verify(weather.$temperature(in: "Oslo"))
  }

  @Test func aForecastMatchesStructurally() async throws {
    let weather = WeatherMock()
    when(weather.$temperature(in: any())).thenReturn(17)

    let forecast = try await WeatherReport(weather: weather).forecast(for: "Lisbon")

    try Forecast(city: "Lisbon", high: 17).assertMatches(forecast)
  }

  @Test func aFailedVerificationFailsTheTest() async throws {
    let weather = WeatherMock()
    when(weather.$temperature(in: any())).thenReturn(5)
    _ = try await weather.temperature(in: "Oslo")

    let line = #line + 2
    withKnownIssue {
      verify(weather.$temperature(in: "Bergen"))
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          verify failed - expected 1 call to temperature(in: "Bergen"), got 0
          1 call to temperature(in:) had other arguments:
            #1 temperature(in: "Oslo")
               argument 1: expected "Bergen", got "Oslo"
          """
        ]
    }
  }
}

/// The same mock from XCTest.
final class WeatherReportXCTests: XCTestCase {
  func testTheHeadlineShowsTheTemperature() async throws {
    let weather = WeatherMock()
    when(weather.$temperature(in: any())).thenReturn(17)

    let headline = try await WeatherReport(weather: weather).headline(for: "Lisbon")

    XCTAssertEqual(headline, "Lisbon: 17.0 °C")
    verify(weather.$temperature(in: "Lisbon"))
  }
}
