import Stores
import VerityMacros

/// Where temperatures come from. `@Mock` generates `WeatherMock` here, in the app's own module;
/// it is compiled only in debug builds (or with `-D VERITY_MOCKS`), so a release build of the app
/// holds no mock.
@Mock
public protocol Weather: Sendable {
  func temperature(in city: String) async throws -> Double
}

/// A day's forecast. `@Matchable` gives it a fast structural encoding, which the app keeps in
/// every configuration (it is a conformance, not a mock).
@Matchable
public struct Forecast: Equatable, Sendable {
  public var city: String
  public var high: Double

  public init(city: String, high: Double) {
    self.city = city
    self.high = high
  }
}

/// What the app shows: a headline for a city.
public struct WeatherReport: Sendable {
  let weather: any Weather

  public init(weather: any Weather) {
    self.weather = weather
  }

  public func forecast(for city: String) async throws -> Forecast {
    Forecast(city: city, high: try await weather.temperature(in: city))
  }

  public func headline(for city: String) async throws -> String {
    let forecast = try await forecast(for: city)
    return forecast.high < 0 ? "\(city): freezing, \(forecast.high) °C" : "\(city): \(forecast.high) °C"
  }
}

/// Forecasts kept by city: a `Store` (ParentKit, another package) whose requirements, and those of
/// its parent `Named` (NamingKit, a third package), the VerityMocks plug-in writes for
/// `ForecastCacheMock` in this module.
@Mock
public protocol ForecastCache: Store where Key == String, Value == Forecast {
  func evictAll() async
}
