/** The outbox module's public face: the one writer of order events (see outbox.ts). */
export { latestEventId, type OutboxOrder, writeOrderEvent } from './outbox.ts';
export { brandDateSql, markReportDay } from './report-marks.ts';
