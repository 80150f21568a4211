import type { ColumnDataType } from 'kysely';

/** Epoch milliseconds: BIGINT on PostgreSQL (INTEGER is 64-bit on SQLite anyway). */
export const millis: ColumnDataType = 'bigint';
/** JSON documents are TEXT on both engines, so one query path serves both. */
export const json: ColumnDataType = 'text';
export const real: ColumnDataType = 'double precision';
