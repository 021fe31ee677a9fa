/**
 * The report of the race: {@link dev.sessiondata.bench.report.ReportCommand} runs every part with a profile and
 * writes docs/bench (the Markdown summary, PNG charts, the run's machine and settings, and the raw JMH JSON).
 */
@NullMarked
package dev.sessiondata.bench.report;

import org.jspecify.annotations.NullMarked;
