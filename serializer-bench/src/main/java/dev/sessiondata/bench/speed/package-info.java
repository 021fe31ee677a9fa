/**
 * Speed of every serializer id over the payload sizes of the race: serialize, deserialize and round-trip
 * throughput, and the single-shot time of the first round trip in a fresh JVM.
 */
@NullMarked
package dev.sessiondata.bench.speed;

import org.jspecify.annotations.NullMarked;
