import type { AdminPhotoList } from '@storefront/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { staffFetch } from '../staff-session/staff-session.ts';

/**
 * A dish's, a group's or a restaurant's photos (decision 46; docs/api.md, Admin, Photos): read, upload the raw file, remove one.
 * Both rows keep their photos the same way under their own version, so the dishes' editor and the Groups tab share
 * these calls and PhotoList; features never import each other.
 */

export type { AdminPhotoList };
export type PhotoOwner = 'dish' | 'group' | 'resto';

const PATHS: Record<PhotoOwner, string> = { dish: 'dishes', group: 'groups', resto: 'restos' };
const photosPath = (owner: PhotoOwner, id: number) => `/api/v1/admin/${PATHS[owner]}/${id}/photos`;
const ifMatch = (version: number) => `"${version}"`;

export const photoKeys = {
  of: (owner: PhotoOwner, id: number) => ['admin', 'photos', owner, id] as const,
};

export const photosQuery = (owner: PhotoOwner, id: number) =>
  queryOptions({
    queryKey: photoKeys.of(owner, id),
    queryFn: () => staffFetch<AdminPhotoList>(photosPath(owner, id)),
    staleTime: 60_000,
  });

/** The raw image as the body; the row's version as If-Match (a photo change moves the row's version). */
export const uploadPhoto = (owner: PhotoOwner, id: number, version: number, file: File) =>
  staffFetch<AdminPhotoList>(photosPath(owner, id), {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream', 'if-match': ifMatch(version) },
    body: file,
  });

export const removePhoto = (owner: PhotoOwner, id: number, version: number, photoId: string) =>
  staffFetch<AdminPhotoList>(`${photosPath(owner, id)}/${photoId}`, {
    method: 'DELETE',
    headers: { 'if-match': ifMatch(version) },
  });
