import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What signs tokens and quotes when the environment names no secret (outside production only). */
export interface GeneratedSecrets {
  authToken: string;
  quote: string;
}

/** Kept beside PGlite's files in DATA_DIR, readable by the server's own user only. */
export const SECRETS_FILE = 'secrets.json';

const fresh = (): GeneratedSecrets => ({
  authToken: randomBytes(32).toString('base64url'),
  quote: randomBytes(32).toString('base64url'),
});

const valid = (value: unknown): value is GeneratedSecrets =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as GeneratedSecrets).authToken === 'string' &&
  typeof (value as GeneratedSecrets).quote === 'string' &&
  (value as GeneratedSecrets).authToken.length >= 32 &&
  (value as GeneratedSecrets).quote.length >= 32;

export class DevelopmentSecretsError extends Error {}

function readSecrets(file: string): GeneratedSecrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DevelopmentSecretsError(
      `${file}: ${(error as Error).message} (delete it to have new secrets made)`,
    );
  }
  if (!valid(parsed))
    throw new DevelopmentSecretsError(
      `${file}: not the secrets this server writes (delete it to have new secrets made)`,
    );
  // A copy restored or unpacked with wider permissions is narrowed again: the secrets sign sessions.
  chmodSync(file, 0o600);
  return parsed;
}

/**
 * A development start's secrets: random ones made on the first start and kept in DATA_DIR/secrets.json
 * (mode 0600), read again by every later start on the same DATA_DIR, so sessions survive a restart and
 * instances sharing the folder agree. Nothing published in the repository ever signs a token. Two
 * processes starting together on a fresh folder agree too: the file appears whole (a hard link of a
 * finished temporary file) or not at all, and the one that loses the race reads the winner's.
 */
export function developmentSecrets(dataDir: string): GeneratedSecrets {
  const file = join(dataDir, SECRETS_FILE);
  if (existsSync(file)) return readSecrets(file);
  mkdirSync(dataDir, { recursive: true });
  const temporary = join(dataDir, `.${SECRETS_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temporary, `${JSON.stringify(fresh(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readSecrets(file);
}

let processSecrets: GeneratedSecrets | undefined;

/** NODE_ENV=test without secrets: random ones for this process only, never written anywhere. */
export function testProcessSecrets(): GeneratedSecrets {
  processSecrets ??= fresh();
  return processSecrets;
}
