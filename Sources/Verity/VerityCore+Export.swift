// Users import one module: `Verity` re-exports the core's public API (structures, the encoder,
// the call log, `VerityEngineError`), so `import Verity` is all a test file needs.
@_exported public import VerityCore
