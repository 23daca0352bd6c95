import Hummingbird
import NIOCore
import Vapor
import VerityMacros

// A mock records its arguments when it is called, by their contents. A framework's live objects
// are not values: a NIO `ChannelHandlerContext` reaches its channel, pipeline and event loop; a
// Vapor `Request` reaches the running `Application`, whose event loops change its state under their
// own locks. Without these conformances Verity's reflective encoder walks those graphs, and this
// suite crashed in it in most runs (a segmentation fault reading a closure field; 4 to 6 runs of 6,
// in parallel or one test at a time: a known defect, see the issue 57 note). These conformances
// record such an object by its identity (a context that Hummingbird makes per request, by its
// type), which is what a test that verifies with `any()` or `identical(to:)` needs.

extension ChannelHandlerContext: @retroactive StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode("ChannelHandlerContext \(ObjectIdentifier(self))")
  }
}

extension Vapor.Request: @retroactive StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode("Vapor.Request \(ObjectIdentifier(self))")
  }
}

extension BasicRequestContext: @retroactive StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode("BasicRequestContext")
  }
}
