import Synchronization
internal import CVerityEngine

/// A call log's reusable argument writer, lent to one recording at a time.
///
/// `@unchecked Sendable`: the writer's memory is only touched by the recording that won `inUse`
/// (acquire on taking, release on giving back), so access is synchronized by that flag.
final class _SpareWriter: @unchecked Sendable {
  let writer: UnsafeMutablePointer<vrt_writer>
  let inUse = Atomic<Bool>(false)

  init() {
    writer = UnsafeMutablePointer<vrt_writer>.allocate(capacity: 1)
    vrt_writer_init(writer)
  }

  deinit {
    vrt_writer_destroy(writer)
    writer.deallocate()
  }
}
