/** What the client's RFC 9530 digests cost per session body: {@link dev.sessiondata.bench.digest.DigestBenchmark}. */
@NullMarked
package dev.sessiondata.bench.digest;

import org.jspecify.annotations.NullMarked;
