import { config } from 'zod';

/**
 * The back office checks its forms with the domain's zod contracts in the browser. Zod 4 compiles object
 * schemas with `new Function` when it may, and probes for that once: under our Content-Security-Policy
 * (no 'unsafe-eval') even the caught probe is a reported violation. Its interpreter is fast enough for forms.
 * Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });
