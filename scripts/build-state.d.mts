// Types of build-state.mjs for the TypeScript that imports it (bench/shared/processes.ts).
export const ROOT: string;
export const SERVER_ENTRY: string;
export function writeBuildStamp(which: 'api' | 'web'): void;
/** Why a build is needed ('' when the built app is current). */
export function buildReason(): string;
