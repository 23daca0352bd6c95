/*
 * vrt_test_probe.h — how the Swift core finds the test framework's probe, when it is linked.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_TEST_PROBE_H
#define VRT_TEST_PROBE_H

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* The test probe                                                                               */
/* ------------------------------------------------------------------------------------------- */

/**
 * The probe a test process links, or NULL.
 *
 * The engine defines this function weakly, returning NULL. VerityTesting, the module only a test
 * process links, defines it strongly (in Swift, with `@_cdecl`): when both are linked into one
 * image, the linker keeps VerityTesting's, which returns an unretained pointer to a Swift object
 * that lives as long as the process (the core's `_SwiftTestingProbe`). The caller owns nothing
 * and must not free or release it. Always safe to call; it has no state and takes no lock.
 *
 * This is how the core, which cannot import Swift Testing, asks it about the running test without
 * looking symbols up at run time: a process without VerityTesting (an app's own targets, which
 * use VerityMocking) gets NULL, and the core falls back to IssueReporting's `TestContext`.
 */
const void *vrt_swift_testing_probe(void);

#ifdef __cplusplus
}
#endif

#endif /* VRT_TEST_PROBE_H */
