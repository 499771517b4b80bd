import { MENU_ARCHIVE_MAX_BYTES, MENU_FILE_MAX_BYTES, type MenuFile } from '@storefront/domain';
import type { AdminMenuFileImportResult } from '@storefront/domain/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/**
 * The menu file calls (decision 47, docs/menu-file.md): the brand's menu as one JSON file, its dishes as CSV,
 * and the import of either (or of a .zip with the file and its photos) as a dry run, then applied.
 */

/** What the import takes, told apart by the file's extension (else its type when it has none). */
export type ImportKind = 'json' | 'zip' | 'csv';

const KIND_OF_EXTENSION: Record<string, ImportKind> = { json: 'json', zip: 'zip', csv: 'csv' };
const KIND_OF_TYPE: Record<string, ImportKind> = {
  'application/json': 'json',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'text/csv': 'csv',
};

/** The content type each kind is sent with: the ones the API's parsers take. */
const CONTENT_TYPE: Record<ImportKind, string> = {
  json: 'application/json',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
};

/** The API's limits: an archive's 100 MB, a file's or a sheet's 5 MB (their parsers' body limits). */
export const MAX_BYTES: Record<ImportKind, number> = {
  json: MENU_FILE_MAX_BYTES,
  zip: MENU_ARCHIVE_MAX_BYTES,
  csv: MENU_FILE_MAX_BYTES,
};

/**
 * The kind of a chosen file, or null when the import takes no such file. A known extension decides (Windows
 * reports a .csv as application/vnd.ms-excel, which an .xls is too); a name without one falls back on the type.
 */
export function importKindOf(file: { name: string; type: string }): ImportKind | null {
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1];
  if (extension !== undefined) return KIND_OF_EXTENSION[extension.toLowerCase()] ?? null;
  return KIND_OF_TYPE[file.type.split(';')[0]?.trim().toLowerCase() ?? ''] ?? null;
}

export type FileRefusal =
  | { reason: 'wrongType' }
  | { reason: 'tooLarge'; max: number }
  | { reason: 'emptyFile' };

/** The browser's own check before anything is sent: the kind, or why the file is refused. */
export function checkImportFile(file: File): { kind: ImportKind } | FileRefusal {
  const kind = importKindOf(file);
  if (!kind) return { reason: 'wrongType' };
  if (file.size === 0) return { reason: 'emptyFile' };
  if (file.size > MAX_BYTES[kind]) return { reason: 'tooLarge', max: MAX_BYTES[kind] };
  return { kind };
}

/** GET /api/v1/admin/menu-file: today's menu; also names the rows a diff lists by key. */
export const menuFileQuery = () =>
  queryOptions({
    queryKey: ['admin', 'menu-file'] as const,
    queryFn: () => staffFetch<MenuFile>('/api/v1/admin/menu-file'),
  });

/** GET /api/v1/admin/dishes.csv, with the byte order mark the API writes (a Russian Excel reads UTF-8 by it). */
export async function fetchDishesCsv(): Promise<string> {
  const text = await staffFetch<unknown>('/api/v1/admin/dishes.csv');
  // The client reads answers as JSON when they parse as JSON and as text otherwise; decoding drops the mark.
  const csv = typeof text === 'string' ? text : JSON.stringify(text);
  return csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
}

/** POST the file as it is: its bytes, the content type of its kind; dryRun=true only checks and answers the diff. */
export function importMenuFile(kind: ImportKind, file: Blob, dryRun: boolean) {
  const path = kind === 'csv' ? '/api/v1/admin/dishes.csv' : '/api/v1/admin/menu-file';
  return staffFetch<AdminMenuFileImportResult>(`${path}?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'content-type': CONTENT_TYPE[kind] },
    body: file,
  });
}

/** After an applied import every menu screen reads again: the admin lists and the storefront's positions. */
function refreshMenuScreens(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'admin' || query.queryKey[0] === 'public',
  });
}

export function useImportMenuFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, dryRun }: { kind: ImportKind; file: Blob; dryRun: boolean }) =>
      importMenuFile(kind, file, dryRun),
    onSuccess: (result) => {
      if (result.applied) void refreshMenuScreens(client);
    },
  });
}
