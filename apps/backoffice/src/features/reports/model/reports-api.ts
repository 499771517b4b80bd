import { LOW_RATING_MAX } from '@storefront/domain';
import type { Report, StaffRating } from '@storefront/domain/contracts';
import { apiUrl } from '@storefront/web/src/shared/api-base.ts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { queryOptions } from '@tanstack/react-query';
import { freshStaffToken, staffFetch } from '../../../entities/staff-session/staff-session.ts';
import { apiQueryOf, type ReportFilter } from './report-period.ts';

/** How many low ratings the report's comments table lists, newest first. */
export const LOW_RATINGS_LIMIT = 50;

const filterKey = (filter: ReportFilter) => [filter.from, filter.to, filter.restoIds.join(',')] as const;

/** GET /api/v1/admin/reports: the whole report of a period and restaurants. */
export const reportQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'report', ...filterKey(filter)],
    queryFn: () => staffFetch<Report>(`/api/v1/admin/reports?${apiQueryOf(filter)}`),
    staleTime: 60_000,
  });

/** GET /api/v1/admin/reports/ratings: the period's low ratings, for their comments. */
export const lowRatingsQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'low-ratings', ...filterKey(filter)],
    queryFn: async () =>
      (
        await staffFetch<{ content: StaffRating[] }>(
          `/api/v1/admin/reports/ratings?${apiQueryOf(filter, {
            maxStars: String(LOW_RATING_MAX),
            limit: String(LOW_RATINGS_LIMIT),
          })}`,
        )
      ).content,
    staleTime: 60_000,
  });

export type ExportFormat = 'csv' | 'xlsx';

/** The export's address for a filter: the same period and restaurants, the file's language the screen's. */
export const exportPath = (filter: ReportFilter, format: ExportFormat, locale: string) =>
  `/api/v1/admin/reports/export?${apiQueryOf(filter, { format, locale })}`;

/**
 * The exported file as bytes: the client's JSON reader would spoil an XLSX, so this call reads the answer as a blob
 * itself, with the staff bearer (a refused one is an ApiError like any call's).
 */
export async function fetchReportFile(path: string, locale: string): Promise<Blob> {
  const token = await freshStaffToken();
  if (!token) throw new ApiError('Staff session ended', 401, 'Unauthorized', 'staff.signed-out', null);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      mode: 'cors',
      headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
    });
  } catch {
    throw new ApiError('network', 0, '', null, null);
  }
  if (!response.ok) {
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // Not JSON: the status says enough.
    }
    const first = (data as { errors?: { code?: string; message?: string }[] } | null)?.errors?.[0];
    throw new ApiError(
      first?.message ?? response.statusText,
      response.status,
      response.statusText,
      first?.code ?? null,
      data,
    );
  }
  return response.blob();
}

/** Hands the file to the browser as a download. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob over (Safari reads it asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
