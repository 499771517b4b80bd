// Types of build-state.mjs for the TypeScript that imports it (bench/shared/processes.ts).
export const ROOT: string;
export const SERVER_ENTRY: string;
export function writeBuildStamp(which: 'api' | 'web', startedAt?: number): void;
/** The builds that are missing or older than their sources, each with why: [] when all are current. */
export function staleBuilds(): { which: 'api' | 'web'; reason: string }[];
/** Why a build is needed ('' when the built app is current). */
export function buildReason(): string;
