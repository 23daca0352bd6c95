import WeatherKit

/// The real source: a fixed table, standing in for a network service.
struct TableWeather: Weather {
  func temperature(in city: String) async throws -> Double {
    ["Oslo": -3.5, "Lisbon": 17][city] ?? 10
  }
}

let report = WeatherReport(weather: TableWeather())
for city in CommandLine.arguments.dropFirst().isEmpty ? ["Oslo"] : Array(CommandLine.arguments.dropFirst()) {
  print(try await report.headline(for: city))
}
