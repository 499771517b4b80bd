import {
  ERROR_MESSAGES,
  type Locale,
  MENU_ARCHIVE_MAX_BYTES,
  MENU_FILE_MAX_BYTES,
  PHOTO_MAX_BYTES,
  pickText,
  uploadedPhotoUrl,
} from '@storefront/domain';
import type { AdminMenuFileImportResult } from '@storefront/domain/contracts';
import { type UnzipFileFilter, type Unzipped, unzip } from 'fflate';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import { checkPhoto, storePhotoVariants } from '../../media/photo-pipeline.ts';
import {
  importMenuFile,
  type MenuFileActor,
  type MenuFileError,
  MenuFileInvalid,
} from './admin-menu-file.ts';

/**
 * A menu file with its photos beside it, as one .zip (decision 47, docs/menu-file.md): `menu.json` at the top of the archive
 * (or in its one folder, as a "compress this folder" makes it), and a group's or dish's photo given as the picture's
 * path in the archive relative to menu.json (`photos/philadelphia.jpg`) instead of a URL. Each such picture goes
 * through the upload's own checks and sizes (decision 46) and the file is imported with its served address in its
 * place, so a chain moves its menu and its pictures in one step. Pictures are stored only when the import is
 * applied, after the file passed its dry run; the same picture named twice is made once.
 */

const TEXTS = {
  notZip: { ru: 'это не архив .zip', en: 'this is not a .zip archive' },
  tooLarge: {
    ru: `архив больше ${MENU_ARCHIVE_MAX_BYTES / 1024 / 1024} МБ в распакованном виде`,
    en: `the archive is over ${MENU_ARCHIVE_MAX_BYTES / 1024 / 1024} MB unpacked`,
  },
  noMenu: {
    ru: 'в архиве нет menu.json (положите его в корень архива)',
    en: 'the archive has no menu.json (put it at the top of the archive)',
  },
  menuTooLarge: {
    ru: `menu.json больше ${MENU_FILE_MAX_BYTES / 1024 / 1024} МБ`,
    en: `menu.json is over ${MENU_FILE_MAX_BYTES / 1024 / 1024} MB`,
  },
  notJson: { ru: 'menu.json — не JSON', en: 'menu.json is not JSON' },
  missing: { ru: 'такого файла нет в архиве', en: 'there is no such file in the archive' },
  outside: {
    ru: 'путь выходит за пределы архива',
    en: 'the path leads outside the archive',
  },
} satisfies Record<string, Record<Locale, string>>;

/** An address a photo may have without the archive: a URL or a path this server serves. */
const ADDRESS = /^(https?:\/\/|\/)/;

interface MenuArchive {
  file: unknown;
  /** The archive's files by their path relative to menu.json's folder. */
  files: Map<string, Uint8Array>;
  /** Files left packed for being over the upload's limit, by the same paths. */
  oversized: Set<string>;
}

const invalid = (field: string, message: string) => new MenuFileInvalid([{ field, message }]);

/** A path inside the archive without `./`, repeated slashes or a leading slash; null if it climbs out with `..`. */
function normalize(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.replaceAll('\\', '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return null;
    parts.push(part);
  }
  return parts.join('/');
}

/** fflate's unzip as a promise: it inflates the larger files on worker threads, off the event loop. */
function unzipped(bytes: Uint8Array, filter: UnzipFileFilter): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    unzip(bytes, { filter }, (error, files) => (error ? reject(error) : resolve(files)));
  });
}

/**
 * Unpacks the archive in memory, inflating off the event loop (customers' requests go on meanwhile). Sizes are
 * judged from the archive's directory before anything is inflated: the whole at most MENU_ARCHIVE_MAX_BYTES
 * unpacked, menu.json at most MENU_FILE_MAX_BYTES; a picture over the upload's limit is left packed and refused by
 * name when the file names it.
 */
export async function readMenuArchive(bytes: Uint8Array, locale: Locale): Promise<MenuArchive> {
  let total = 0;
  const oversized = new Set<string>();
  let files: Unzipped;
  try {
    files = await unzipped(bytes, (entry) => {
      total += entry.originalSize;
      if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/')) return false;
      if (entry.originalSize > Math.max(PHOTO_MAX_BYTES, MENU_FILE_MAX_BYTES)) {
        oversized.add(entry.name);
        return false;
      }
      return total <= MENU_ARCHIVE_MAX_BYTES;
    });
  } catch {
    throw invalid('archive', pickText(TEXTS.notZip, locale));
  }
  if (total > MENU_ARCHIVE_MAX_BYTES) throw invalid('archive', pickText(TEXTS.tooLarge, locale));
  const names = [...Object.keys(files), ...oversized];
  const menuPaths = names.filter((name) => name === 'menu.json' || /^[^/]+\/menu\.json$/.test(name));
  // menu.json at the top wins; else the one folder's.
  const menuPath = menuPaths.includes('menu.json')
    ? 'menu.json'
    : menuPaths.length === 1
      ? menuPaths[0]
      : null;
  if (!menuPath) throw invalid('archive', pickText(TEXTS.noMenu, locale));
  const menuBytes = files[menuPath];
  if (!menuBytes) throw invalid('archive', pickText(TEXTS.menuTooLarge, locale));
  let file: unknown;
  try {
    file = JSON.parse(
      Buffer.from(menuBytes)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (error) {
    throw invalid('archive', `${pickText(TEXTS.notJson, locale)}: ${(error as Error).message}`);
  }
  const folder = menuPath.slice(0, -'menu.json'.length);
  const inFolder = (name: string) => (name.startsWith(folder) ? normalize(name.slice(folder.length)) : null);
  const byPath = new Map<string, Uint8Array>();
  for (const [name, content] of Object.entries(files)) {
    const path = inFolder(name);
    if (path) byPath.set(path, content);
  }
  const packed = new Set<string>();
  for (const name of oversized) {
    const path = inFolder(name);
    if (path) packed.add(path);
  }
  return { file, files: byPath, oversized: packed };
}

/** Where a photo list is in the file: its JSON path, and the list itself (the file is checked by its schema later). */
function photoLists(file: unknown): { path: string; photos: unknown[] }[] {
  const lists: { path: string; photos: unknown[] }[] = [];
  const menus = (file as { menus?: unknown })?.menus;
  if (!Array.isArray(menus)) return lists;
  menus.forEach((menu, m) => {
    for (const kind of ['groups', 'dishes'] as const) {
      const rows = (menu as Record<string, unknown> | null)?.[kind];
      if (!Array.isArray(rows)) continue;
      rows.forEach((row, r) => {
        const photos = (row as { photos?: unknown } | null)?.photos;
        if (Array.isArray(photos)) lists.push({ path: `menus.${m}.${kind}.${r}.photos`, photos });
      });
    }
  });
  return lists;
}

interface ArchivePhoto {
  bytes: Buffer;
  key: string;
}

/**
 * Puts each photo named by its path in the archive through the upload's checks and replaces it, in the file, by the
 * address its variants will have. Answers the problems (missing, not a picture, too large), each at its JSON path.
 */
async function resolvePhotos(archive: MenuArchive, locale: Locale) {
  const errors: MenuFileError[] = [];
  const pictures = new Map<string, ArchivePhoto>();
  for (const list of photoLists(archive.file)) {
    for (const [index, photo] of list.photos.entries()) {
      if (typeof photo !== 'string' || ADDRESS.test(photo)) continue;
      const field = `${list.path}.${index}`;
      const path = normalize(photo);
      if (path === null) {
        errors.push({ field, message: `${pickText(TEXTS.outside, locale)}: ${photo}` });
        continue;
      }
      const content = archive.files.get(path);
      if (content === undefined && !archive.oversized.has(path)) {
        errors.push({ field, message: `${pickText(TEXTS.missing, locale)}: ${photo}` });
        continue;
      }
      try {
        if (content === undefined) throw new ApiError(413, 'admin.photo-too-large');
        const bytes = Buffer.from(content);
        const { key } = await checkPhoto(bytes);
        pictures.set(key, { bytes, key });
        list.photos[index] = uploadedPhotoUrl(key);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors.push({ field, message: `${pickText(ERROR_MESSAGES[error.code], locale)}: ${photo}` });
      }
    }
  }
  return { errors, pictures: [...pictures.values()] };
}

/**
 * Imports a menu archive: every problem of the archive, its pictures and its file answered together (422, nothing
 * changed); a dry run answers the difference; otherwise the file is checked, the pictures' sizes are written to the
 * media store, and the file is applied in one transaction as importMenuFile does.
 */
export async function importMenuArchive(
  db: Database,
  access: MenuFileActor,
  bytes: Uint8Array,
  options: { dryRun: boolean; locale: Locale; at: Date; mediaStore: MediaStore },
): Promise<AdminMenuFileImportResult> {
  const archive = await readMenuArchive(bytes, options.locale);
  const { errors, pictures } = await resolvePhotos(archive, options.locale);
  const check = { dryRun: true, locale: options.locale, at: options.at };
  if (errors.length > 0) {
    let fileErrors: MenuFileError[] = [];
    try {
      await importMenuFile(db, access, archive.file, check);
    } catch (error) {
      if (!(error instanceof MenuFileInvalid)) throw error;
      // A photo refused above is also not an address to the file's own check: name it once.
      const named = new Set(errors.map((e) => e.field));
      fileErrors = error.errors.filter((e) => !named.has(e.field));
    }
    throw new MenuFileInvalid([...errors, ...fileErrors]);
  }
  if (options.dryRun) return importMenuFile(db, access, archive.file, check);
  await importMenuFile(db, access, archive.file, check);
  for (const picture of pictures) await storePhotoVariants(options.mediaStore, picture.bytes, picture.key);
  return importMenuFile(db, access, archive.file, options);
}
