/**
 * The serializer race: what every benchmark shares — the serializers under test, their settings, and the workload
 * they are raced on. Sub-packages hold the benchmarks, the size table, the flexibility matrix and the report.
 */
@NullMarked
package dev.sessiondata.bench;

import org.jspecify.annotations.NullMarked;
