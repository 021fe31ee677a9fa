/**
 * The small classes the flexibility matrix round-trips, one per criterion: collections, final fields, missing
 * constructors, enums, inheritance, graphs, java.time, records, serialization hooks, interfaces, polymorphism.
 */
@NullMarked
package dev.sessiondata.bench.flex.model;

import org.jspecify.annotations.NullMarked;
