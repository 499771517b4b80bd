import { createHash } from 'node:crypto';
import { photoSrcSets, uploadedPhotoKey, uploadedPhotoUrl } from '@storefront/domain';
import type { AdminPhoto, AdminPhotoList } from '@storefront/domain/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { menus, positionGroups, positions, restos } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { versionOfIfMatch } from './admin-dishes.ts';

/**
 * A dish's, a group's or a restaurant's photos in the back office (decision 46): the row's `photos` list of URLs, the first the
 * main one. Adding or removing one is a change of that list under If-Match, bumping the row's version, with an
 * audit entry of the dish (group) holding the list before and after; the existing revert restores it by compare.
 * The stored variants are never deleted here: they are content-addressed, another row or a revert may need them.
 */

export type PhotoOwner = 'dish' | 'group' | 'resto';

interface PhotoRow {
  id: number;
  version: number;
  photos: string[];
}

/** The row's photos and version, locked when `lock`; 404 when the brand has no such dish (group). */
export async function photosOrNotFound(
  db: Executor,
  whiteLabel: string,
  owner: PhotoOwner,
  id: number,
  lock = false,
): Promise<PhotoRow> {
  if (owner === 'dish') {
    const query = db
      .select({ id: positions.id, version: positions.version, photos: positions.photos })
      .from(positions)
      .innerJoin(menus, eq(menus.id, positions.menuId))
      .where(and(eq(positions.id, id), eq(menus.whiteLabelId, whiteLabel)));
    const [row] = lock ? await query.for('update', { of: positions }) : await query;
    if (!row) throw new ApiError(404, 'position.not-found', 'positionId');
    return row;
  }
  if (owner === 'resto') {
    const query = db
      .select({ id: restos.id, version: restos.version, photos: restos.photos })
      .from(restos)
      .where(and(eq(restos.id, id), eq(restos.whiteLabelId, whiteLabel)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new ApiError(404, 'resto.not-found', 'restoId');
    return row;
  }
  const query = db
    .select({ id: positionGroups.id, version: positionGroups.version, photos: positionGroups.photos })
    .from(positionGroups)
    .innerJoin(menus, eq(menus.id, positionGroups.menuId))
    .where(and(eq(positionGroups.id, id), eq(menus.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update', { of: positionGroups }) : await query;
  if (!row) throw new ApiError(404, 'position-group.not-found', 'groupId');
  return row;
}

/** The row's photo URLs (the revert's current state of the field). */
export async function photoUrlsOf(db: Executor, whiteLabel: string, owner: PhotoOwner, id: number) {
  return (await photosOrNotFound(db, whiteLabel, owner, id, true)).photos;
}

/** Writes the row's photo list and bumps its version. */
export async function writePhotoUrls(tx: Executor, owner: PhotoOwner, id: number, photos: string[]) {
  if (owner === 'dish')
    await tx
      .update(positions)
      .set({ photos, version: sql`${positions.version} + 1` })
      .where(eq(positions.id, id));
  else if (owner === 'resto')
    await tx
      .update(restos)
      .set({ photos, version: sql`${restos.version} + 1` })
      .where(eq(restos.id, id));
  else
    await tx
      .update(positionGroups)
      .set({ photos, version: sql`${positionGroups.version} + 1` })
      .where(eq(positionGroups.id, id));
}

/** A photo's id: an upload's key, else the first 32 hex digits of the SHA-256 of its URL (the seed's). */
export function photoIdOf(url: string): string {
  return uploadedPhotoKey(url) ?? createHash('sha256').update(url).digest('hex').slice(0, 32);
}

const photoOf = (url: string): AdminPhoto => ({ id: photoIdOf(url), src: url, srcSets: photoSrcSets(url) });

export const photoListOf = (row: PhotoRow): AdminPhotoList => ({
  id: row.id,
  version: row.version,
  photos: row.photos.map(photoOf),
});

/** 412 with the photos as they are now (the route answers them in the body beside the error). */
export class StalePhotos extends Error {
  constructor(readonly current: AdminPhotoList) {
    super('admin.version-stale');
  }
}

/** 428 without If-Match, 412 when it names another version than the row's. */
export function assertVersion(row: PhotoRow, ifMatch: string | undefined) {
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  if (versionOfIfMatch(ifMatch) !== row.version) throw new StalePhotos(photoListOf(row));
}

async function changePhotos(
  tx: Executor,
  access: StaffAccess,
  owner: PhotoOwner,
  row: PhotoRow,
  photos: string[],
  action: 'photo-add' | 'photo-remove',
  at: Date,
): Promise<AdminPhotoList> {
  await writePhotoUrls(tx, owner, row.id, photos);
  await writeAuditEntry(tx, access, at, {
    entity: owner,
    entityId: row.id,
    action,
    before: { photos: row.photos },
    after: { photos },
  });
  return photoListOf({ id: row.id, version: row.version + 1, photos });
}

/**
 * Adds a stored upload (its variants already written) at the end of the row's photos, under If-Match. The same
 * upload twice changes nothing: the list answered as it is.
 */
export async function addPhoto(
  tx: Executor,
  access: StaffAccess,
  owner: PhotoOwner,
  id: number,
  ifMatch: string | undefined,
  key: string,
  at: Date,
): Promise<AdminPhotoList> {
  const row = await photosOrNotFound(tx, access.whiteLabel, owner, id, true);
  assertVersion(row, ifMatch);
  const url = uploadedPhotoUrl(key);
  if (row.photos.includes(url)) return photoListOf(row);
  return changePhotos(tx, access, owner, row, [...row.photos, url], 'photo-add', at);
}

/** Takes one photo off the row's list, under If-Match; 404 admin.photo-not-found when it has none such. */
export async function removePhoto(
  tx: Executor,
  access: StaffAccess,
  owner: PhotoOwner,
  id: number,
  ifMatch: string | undefined,
  photoId: string,
  at: Date,
): Promise<AdminPhotoList> {
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  const row = await photosOrNotFound(tx, access.whiteLabel, owner, id, true);
  assertVersion(row, ifMatch);
  const photos = row.photos.filter((url) => photoIdOf(url) !== photoId);
  if (photos.length === row.photos.length) throw new ApiError(404, 'admin.photo-not-found', 'photoId');
  return changePhotos(tx, access, owner, row, photos, 'photo-remove', at);
}
