import { z } from 'zod';
import { MENU_FILE_ROW_KINDS } from '../menu-file/menu-file-diff.ts';

/**
 * The back office's menu file calls (decision 47, docs/menu-file.md): a brand's whole menu exported as one JSON file
 * (packages/domain/src/menu-file, docs/menu-file.md), imported after a dry run, and its dishes as CSV.
 */

/** ?dryRun=true (the default) only checks and answers the diff; false applies it. */
export const adminImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
});

const rowKind = z.enum(MENU_FILE_ROW_KINDS);

/** What an import changes (or would change, in a dry run). */
export const adminMenuFileDiff = z.object({
  counts: z.object({ added: z.number().int(), changed: z.number().int(), hidden: z.number().int() }),
  added: z.array(z.object({ kind: rowKind, key: z.string() })),
  changed: z.array(
    z.object({
      kind: rowKind,
      key: z.string(),
      fields: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
  hidden: z.array(z.object({ kind: z.enum(['group', 'dish']), key: z.string() })),
});

export const adminMenuFileImportResult = z.object({
  /** false: a dry run, nothing changed. */
  applied: z.boolean(),
  diff: adminMenuFileDiff,
});
export type AdminMenuFileImportResult = z.infer<typeof adminMenuFileImportResult>;
