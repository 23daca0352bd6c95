import CBenchmarkSupport
import Verity

// Plain types (issue 37): most models in a user's tests are structs with no conformance and no
// macro. An order and its lines, plain (Verity learns their field layouts) and with the encoding
// `@Matchable` generates (written out below as the macro writes it), side by side in one run:
// diff, `hasNoDifference(options:)`, recording and verification. And a passing
// `hasNoDifference` on two equal `Equatable` orders against their `==`.

/// A line of an order: no conformance, so Verity reads it by its field layout.
struct PlainOrderLine: Equatable, Sendable {
  var sku: String
  var quantity: Int
  var unitPrice: Double
  var note: String?
  var tags: [String]
}

/// An order of ``PlainOrderLine``s.
struct PlainOrder: Equatable, Sendable {
  var id: Int
  var customer: String
  var lines: [PlainOrderLine]
  var total: Double
  var paid: Bool
}

/// ``PlainOrderLine`` with the encoding `@Matchable` generates.
struct MatchedOrderLine: Equatable, Sendable {
  var sku: String
  var quantity: Int
  var unitPrice: Double
  var note: String?
  var tags: [String]
}

extension MatchedOrderLine: Verity.StructurallyEncodable, Verity.Matchable {
  func encode(to encoder: inout Verity.StructureEncoder) {
    encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
      fields.field("sku", self.sku)
      fields.field("quantity", self.quantity)
      fields.field("unitPrice", self.unitPrice)
      fields.field("note", self.note)
      fields.field("tags", self.tags)
    }
  }
  static var structureDecidesEquality: Bool {
    false
  }
}

/// ``PlainOrder`` with the encoding `@Matchable` generates.
struct MatchedOrder: Equatable, Sendable {
  var id: Int
  var customer: String
  var lines: [MatchedOrderLine]
  var total: Double
  var paid: Bool
}

extension MatchedOrder: Verity.StructurallyEncodable, Verity.Matchable {
  func encode(to encoder: inout Verity.StructureEncoder) {
    encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
      fields.field("id", self.id)
      fields.field("customer", self.customer)
      fields.field("lines", self.lines)
      fields.field("total", self.total)
      fields.field("paid", self.paid)
    }
  }
  static var structureDecidesEquality: Bool {
    false
  }
}

/// Where a shipment stands: an enum with payloads (single values, labeled tuples, an optional),
/// and a payload-less case. No conformance, so Verity reads it by its learned layout.
enum PlainShipmentStatus: Equatable, Sendable {
  case pending
  case shipped(carrier: String, tracking: String)
  case delivered(Double)
  case returned(reason: String, refund: Double?)
}

/// How a shipment was paid: an enum whose every case has a payload.
enum PlainPayment: Equatable, Sendable {
  case card(last4: String, amount: Double)
  case cash(Double)
  case voucher(String)
}

/// A shipment: a struct of payload enums (one optional), with no conformance.
struct PlainShipment: Equatable, Sendable {
  var id: Int
  var status: PlainShipmentStatus
  var payment: PlainPayment?
  var weight: Double
}

/// ``PlainShipmentStatus`` with the encoding `@Matchable` generates.
enum MatchedShipmentStatus: Equatable, Sendable {
  case pending
  case shipped(carrier: String, tracking: String)
  case delivered(Double)
  case returned(reason: String, refund: Double?)
}

extension MatchedShipmentStatus: Verity.StructurallyEncodable, Verity.Matchable {
  func encode(to encoder: inout Verity.StructureEncoder) {
    switch self {
    case .pending:
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "pending")
    case let .shipped(v0, v1):
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "shipped") { fields in
        fields.field("carrier", v0)
        fields.field("tracking", v1)
      }
    case let .delivered(v0):
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "delivered") { fields in
        fields.field("", v0)
      }
    case let .returned(v0, v1):
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "returned") { fields in
        fields.field("reason", v0)
        fields.field("refund", v1)
      }
    }
  }
  static var structureDecidesEquality: Bool {
    false
  }
}

/// ``PlainPayment`` with the encoding `@Matchable` generates.
enum MatchedPayment: Equatable, Sendable {
  case card(last4: String, amount: Double)
  case cash(Double)
  case voucher(String)
}

extension MatchedPayment: Verity.StructurallyEncodable, Verity.Matchable {
  func encode(to encoder: inout Verity.StructureEncoder) {
    switch self {
    case let .card(v0, v1):
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "card") { fields in
        fields.field("last4", v0)
        fields.field("amount", v1)
      }
    case let .cash(v0):
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "cash") { fields in
        fields.field("", v0)
      }
    case let .voucher(v0):
      encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "voucher") { fields in
        fields.field("", v0)
      }
    }
  }
  static var structureDecidesEquality: Bool {
    false
  }
}

/// ``PlainShipment`` with the encoding `@Matchable` generates.
struct MatchedShipment: Equatable, Sendable {
  var id: Int
  var status: MatchedShipmentStatus
  var payment: MatchedPayment?
  var weight: Double
}

extension MatchedShipment: Verity.StructurallyEncodable, Verity.Matchable {
  func encode(to encoder: inout Verity.StructureEncoder) {
    encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
      fields.field("id", self.id)
      fields.field("status", self.status)
      fields.field("payment", self.payment)
      fields.field("weight", self.weight)
    }
  }
  static var structureDecidesEquality: Bool {
    false
  }
}

/// A struct whose encoding is one integer (and which a log keeps, as it keeps an order line): what
/// recording a struct argument costs with almost no encoding.
struct TinyArgument: Equatable, Sendable, Verity.StructurallyEncodable {
  var value: Int
  func encode(to encoder: inout Verity.StructureEncoder) { encoder.encode(value) }
  static var structureDecidesEquality: Bool { false }
}

/// A hand-written mock that records order lines through `[Any?]`.
final class LineSink: Mock {
  let storage = MockStorage()

  func add(_ line: Any, quantity: Int) {
    recordCall(withIdentifier: "add", arguments: [line, quantity])
  }
}

enum PlainTypeBenchmarks {
  static func plainOrder(lines: Int, seed: Int = 0) -> PlainOrder {
    PlainOrder(
      id: 42 + seed, customer: "customer \(seed)",
      lines: (0..<lines).map { i in
        PlainOrderLine(
          sku: "SKU-\(i)", quantity: 1 + i % 5, unitPrice: Double(i) + 0.25,
          note: i % 3 == 0 ? "gift" : nil, tags: ["tag \(i % 4)", "batch"])
      },
      total: Double(lines) * 10, paid: true)
  }

  static func matched(_ order: PlainOrder) -> MatchedOrder {
    MatchedOrder(
      id: order.id, customer: order.customer,
      lines: order.lines.map {
        MatchedOrderLine(sku: $0.sku, quantity: $0.quantity, unitPrice: $0.unitPrice, note: $0.note, tags: $0.tags)
      },
      total: order.total, paid: order.paid)
  }

  static func matched(_ line: PlainOrderLine) -> MatchedOrderLine {
    MatchedOrderLine(sku: line.sku, quantity: line.quantity, unitPrice: line.unitPrice, note: line.note, tags: line.tags)
  }

  /// `count` shipments, every case of both enums represented, nil payments included.
  static func plainShipments(_ count: Int) -> [PlainShipment] {
    (0..<count).map { i in
      let status: PlainShipmentStatus
      switch i % 4 {
      case 0: status = .pending
      case 1: status = .shipped(carrier: "carrier \(i % 7)", tracking: "TRACK-\(i)")
      case 2: status = .delivered(Double(i) + 0.5)
      default: status = .returned(reason: "damaged", refund: i % 8 == 3 ? nil : Double(i))
      }
      let payment: PlainPayment?
      switch i % 5 {
      case 0: payment = nil
      case 1, 2: payment = .card(last4: "\(1000 + i % 9000)", amount: Double(i) * 2)
      case 3: payment = .cash(Double(i))
      default: payment = .voucher("V-\(i)")
      }
      return PlainShipment(id: i, status: status, payment: payment, weight: Double(i % 50) + 0.25)
    }
  }

  static func matched(_ shipment: PlainShipment) -> MatchedShipment {
    let status: MatchedShipmentStatus
    switch shipment.status {
    case .pending: status = .pending
    case let .shipped(carrier, tracking): status = .shipped(carrier: carrier, tracking: tracking)
    case let .delivered(weight): status = .delivered(weight)
    case let .returned(reason, refund): status = .returned(reason: reason, refund: refund)
    }
    let payment: MatchedPayment?
    switch shipment.payment {
    case nil: payment = nil
    case let .card(last4, amount)?: payment = .card(last4: last4, amount: amount)
    case let .cash(amount)?: payment = .cash(amount)
    case let .voucher(code)?: payment = .voucher(code)
    }
    return MatchedShipment(id: shipment.id, status: status, payment: payment, weight: shipment.weight)
  }

  /// Times `first` and `second` alternately, `runs` times each (after one warm-up of each), so a
  /// change of the machine's speed during the run touches both alike.
  static func interleaved(
    runs: Int, operations: Int = 1, _ first: () -> Void, _ second: () -> Void
  ) -> (Timing, Timing) {
    first()
    second()
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<max(runs, 1) {
      var start = bench_now_ns()
      first()
      a.append(Double(bench_now_ns() &- start) / Double(operations))
      start = bench_now_ns()
      second()
      b.append(Double(bench_now_ns() &- start) / Double(operations))
    }
    a.sort()
    b.sort()
    return (
      Timing(best: a[0], median: a[a.count / 2], runs: a.count),
      Timing(best: b[0], median: b[b.count / 2], runs: b.count)
    )
  }

  static func run(runs: Int, quick: Bool, report: inout Report) {
    let runs = max(runs, 5)
    // A passing hasNoDifference on two equal Equatable 50-line orders, against their ==.
    let order = plainOrder(lines: 50)
    let same = plainOrder(lines: 50)
    precondition(order == same && Verity.diff(order, same) == nil)
    let repeats = 2_000
    let (assertTiming, equalsTiming) = interleaved(
      runs: runs, operations: repeats,
      { for _ in 0..<repeats { blackHole(Assert(that: order).hasNoDifference(from: same)) } },
      { for _ in 0..<repeats { blackHole(order == same) } })
    report.add(ReportRow(
      work: "hasNoDifference(from:) passing, two equal Equatable 50-line orders, default options",
      verity: formatDuration(nanoseconds: assertTiming.best),
      alternative: "== \(formatDuration(nanoseconds: equalsTiming.best))",
      ratio: equalsTiming.best / assertTiming.best,
      target: "≤ 10× ==",
      meetsTarget: assertTiming.best <= 10 * equalsTiming.best, summary: true))

    // Plain against @Matchable: a diff of a 2,000-line order with one change.
    let bigLines = quick ? 500 : 2_000
    let big = plainOrder(lines: bigLines)
    var bigChanged = big
    bigChanged.lines[bigLines / 2].quantity += 1
    let (matchedBig, matchedBigChanged) = (matched(big), matched(bigChanged))
    precondition(Verity.diff(big, bigChanged)?.count == 1 && Verity.diff(matchedBig, matchedBigChanged)?.count == 1)
    let (plainDiff, matchedDiff) = interleaved(
      runs: runs,
      { blackHole(Verity.diff(big, bigChanged)) },
      { blackHole(Verity.diff(matchedBig, matchedBigChanged)) })
    // Nodes: the order and its 4 scalars and lines array (6), per line the line, 4 fields and
    // 2 tags (7), and a note in a third of the lines.
    let nodes = 6 + bigLines * 7 + (bigLines + 2) / 3
    addPair(
      "diff of a \(bigLines)-line order, one change", plainDiff, matchedDiff, nodes: nodes, report: &report)

    // Plain against @Matchable, with payload enums: a diff of 2,000 shipments (a struct of two
    // enums with payloads, one optional) with one change.
    let shipmentCount = quick ? 500 : 2_000
    let shipments = plainShipments(shipmentCount)
    var shipmentsChanged = shipments
    shipmentsChanged[shipmentCount / 2 + 1].status = .shipped(carrier: "carrier 0", tracking: "TRACK-changed")
    let (matchedShipments, matchedShipmentsChanged) = (shipments.map(matched), shipmentsChanged.map(matched))
    precondition(
      Verity.diff(shipments, shipmentsChanged)?.count == 1
        && Verity.diff(matchedShipments, matchedShipmentsChanged)?.count == 1)
    let (plainEnumDiff, matchedEnumDiff) = interleaved(
      runs: runs,
      { blackHole(Verity.diff(shipments, shipmentsChanged)) },
      { blackHole(Verity.diff(matchedShipments, matchedShipmentsChanged)) })
    addPair(
      "diff of \(shipmentCount) shipments with payload enums, one change", plainEnumDiff, matchedEnumDiff,
      report: &report)

    // hasNoDifference(options:) ignoring a field, on two equal 50-line orders: structural.
    let options = DiffOptions(ignoredFields: ["note"])
    let (matchedOrder, matchedSame) = (matched(order), matched(same))
    let optionRepeats = 20
    let (plainOptions, matchedOptions) = interleaved(
      runs: runs, operations: optionRepeats,
      { for _ in 0..<optionRepeats { blackHole(Assert(that: order).hasNoDifference(from: same, options: options)) } },
      { for _ in 0..<optionRepeats { blackHole(Assert(that: matchedOrder).hasNoDifference(from: matchedSame, options: options)) } })
    addPair("hasNoDifference(options:) ignoring a field, equal 50-line orders", plainOptions, matchedOptions, report: &report)

    // Recording 1,000 calls with a line argument, then the first verification of eq(line).
    let calls = quick ? 200 : 1_000
    let plainLines = (0..<calls).map { plainOrder(lines: 1, seed: $0).lines[0] }
    let matchedLines = plainLines.map(matched)
    let (plainRecord, matchedRecord) = interleaved(
      runs: runs, operations: calls,
      {
        let sink = LineSink()
        for (i, line) in plainLines.enumerated() { sink.add(line, quantity: i) }
        blackHole(sink)
      },
      {
        let sink = LineSink()
        for (i, line) in matchedLines.enumerated() { sink.add(line, quantity: i) }
        blackHole(sink)
      })
    addPair("record \(calls) calls with an order line (per call)", plainRecord, matchedRecord, report: &report)

    // What encoding an argument costs in a recorded call (issue 37's third item: would a small
    // log gain by keeping value arguments unencoded until a query needs bytes?): the @Matchable
    // line against a kept struct whose encoding is one integer.
    let tinies = (0..<calls).map { TinyArgument(value: $0) }
    let (tinyRecord, lineRecord) = interleaved(
      runs: runs, operations: calls,
      {
        let sink = LineSink()
        for (i, tiny) in tinies.enumerated() { sink.add(tiny, quantity: i) }
        blackHole(sink)
      },
      {
        let sink = LineSink()
        for (i, line) in matchedLines.enumerated() { sink.add(line, quantity: i) }
        blackHole(sink)
      })
    report.add(ReportRow(
      work: "record \(calls) calls (per call): a kept struct encoded as one integer, against the @Matchable line (the line's encoding is the difference)",
      verity: formatDuration(nanoseconds: tinyRecord.best),
      alternative: "@Matchable line \(formatDuration(nanoseconds: lineRecord.best))",
      ratio: lineRecord.best / tinyRecord.best,
      target: "–", meetsTarget: nil))

    let plainSink = LineSink()
    let matchedSink = LineSink()
    for i in 0..<calls {
      plainSink.add(plainLines[i], quantity: i)
      matchedSink.add(matchedLines[i], quantity: i)
    }
    let wantedPlain = plainLines[calls / 2]
    let wantedMatched = matchedLines[calls / 2]
    let verifications = 20
    let (plainVerify, matchedVerify) = interleaved(
      runs: runs, operations: verifications,
      {
        for _ in 0..<verifications {
          plainSink.verifyCall(withIdentifier: "add", arguments: [eq(wantedPlain), any()], mode: .atLeastOnce)
        }
      },
      {
        for _ in 0..<verifications {
          matchedSink.verifyCall(withIdentifier: "add", arguments: [eq(wantedMatched), any()], mode: .atLeastOnce)
        }
      })
    addPair("verify eq(line), any() among \(calls) calls", plainVerify, matchedVerify, report: &report)
  }

  /// A row of the plain form against the `@Matchable` form (target: within 2×).
  static func addPair(_ work: String, _ plain: Timing, _ matched: Timing, nodes: Int? = nil, report: inout Report) {
    let perNode = nodes.map { " (\(formatDuration(nanoseconds: plain.best / Double($0)))/node)" } ?? ""
    report.add(ReportRow(
      work: work + ": plain struct against its @Matchable form",
      verity: formatDuration(nanoseconds: plain.best) + perNode,
      alternative: "@Matchable \(formatDuration(nanoseconds: matched.best))",
      ratio: matched.best / plain.best,
      target: "plain ≤ 2× @Matchable",
      meetsTarget: plain.best <= 2 * matched.best))
  }
}
