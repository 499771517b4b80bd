import type { Database } from '../db/client.ts';

/** The database or an open transaction on it: helpers that must join a caller's transaction take this. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
