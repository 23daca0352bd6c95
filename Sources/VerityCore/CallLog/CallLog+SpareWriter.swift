import Synchronization
internal import CVerityEngine

/// A call log's reusable argument writer, lent to one recording at a time.
///
/// `@unchecked Sendable`: the writer's memory is only touched by the recording that won `inUse`
/// (acquire on taking, release on giving back), so access is synchronized by that flag.
final class _SpareWriter: @unchecked Sendable {
  let writer: UnsafeMutablePointer<vrt_writer>
  let inUse = Atomic<Bool>(false)

  /// Bytes the writer starts in, in the same allocation as the writer: a test's calls (a few
  /// small arguments each) write no memory of the writer's own.
  static var initialBytes: Int { 256 }

  init() {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<vrt_writer>.stride + Self.initialBytes, alignment: MemoryLayout<vrt_writer>.alignment)
    writer = memory.bindMemory(to: vrt_writer.self, capacity: 1)
    let bytes = (memory + MemoryLayout<vrt_writer>.stride).bindMemory(to: UInt8.self, capacity: Self.initialBytes)
    vrt_writer_init_buffer(writer, bytes, Self.initialBytes)
  }

  deinit {
    vrt_writer_destroy(writer)
    UnsafeMutableRawPointer(writer).deallocate()
  }
}
