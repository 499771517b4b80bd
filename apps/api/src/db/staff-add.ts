// npm run staff:add -- --login anna --name "Анна" --role operator --restos 1,2
// Adds a staff account of the configured brand, sets a new password (--reset-password) or disables one
// (--disable). The password comes from STAFF_PASSWORD or is asked on the terminal without echo.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  STAFF_LOGIN_PATTERN,
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
  STAFF_ROLES,
  type StaffRole,
} from '@storefront/domain';
import { asc, eq } from 'drizzle-orm';
import {
  createStaffAccount,
  disableStaffAccount,
  findStaffByLogin,
  hashStaffPassword,
  normalizeStaffLogin,
  resetStaffPassword,
} from '../modules/staff/index.ts';
import type { Database } from './client.ts';
import { restos } from './schema.ts';

const STAFF_ADD_USAGE = `Usage:
  npm run staff:add -- --login anna --name "Анна" --role operator --restos 1,2
  npm run staff:add -- --login boss --name "Борис" --role manager
  npm run staff:add -- --login vera --name "Вера" --role manager --restos 2
  npm run staff:add -- --login owner --name "Ольга" --role owner
  npm run staff:add -- --login anna --reset-password
  npm run staff:add -- --login anna --disable
The password is read from STAFF_PASSWORD, or asked on the terminal (${STAFF_PASSWORD_MIN}–${STAFF_PASSWORD_MAX} characters).
Roles: operator (the restaurants of --restos), manager (the restaurants of --restos; left out: every restaurant of
the brand), owner (everything a manager does, and the brand's staff and settings: the first owner comes from here).
--reset-password also lifts the login's sign-in block and turns its second factor (TOTP) off.`;

/** A wrong argument or state: the command prints the message (never a stack) and exits with 1. */
export class StaffAddError extends Error {}

export interface StaffAddDeps {
  db: Database;
  whiteLabel: string;
  /** STAFF_PASSWORD, when set. */
  password: string | undefined;
  /** Asks on the terminal without echo; undefined when there is no terminal to ask on. */
  askPassword: ((prompt: string) => Promise<string>) | undefined;
  now: () => Date;
}

const NAME_MAX = 100;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        login: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        restos: { type: 'string' },
        'reset-password': { type: 'boolean' },
        disable: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new StaffAddError(`${(error as Error).message}\n\n${STAFF_ADD_USAGE}`);
  }
}

function readLogin(input: string | undefined): string {
  if (input === undefined) throw new StaffAddError(`--login is required.\n\n${STAFF_ADD_USAGE}`);
  const login = normalizeStaffLogin(input);
  if (!STAFF_LOGIN_PATTERN.test(login))
    throw new StaffAddError(
      `--login '${input}': use 3 to 40 characters of a–z, 0–9, '.', '_' and '-' (it is stored lower-case).`,
    );
  return login;
}

function readName(input: string | undefined): string {
  const name = input?.trim() ?? '';
  if (name === '') throw new StaffAddError('--name is required for a new account: the name the board shows.');
  if (name.length > NAME_MAX) throw new StaffAddError(`--name: at most ${NAME_MAX} characters.`);
  return name;
}

/** 'operator, manager or owner'. */
const ROLE_CHOICE = `${STAFF_ROLES.slice(0, -1).join(', ')} or ${STAFF_ROLES.at(-1)}`;
const an = (role: StaffRole) => (role === 'owner' || role === 'operator' ? `an ${role}` : `a ${role}`);

function readRole(input: string | undefined): StaffRole {
  if (input === undefined) throw new StaffAddError(`--role is required for a new account: ${ROLE_CHOICE}.`);
  const role = STAFF_ROLES.find((r) => r === input.trim().toLowerCase());
  if (!role) throw new StaffAddError(`--role '${input}': use ${ROLE_CHOICE}.`);
  return role;
}

/** '1,2' → [1, 2], each a restaurant of this brand. */
async function readRestos(db: Database, whiteLabel: string, role: StaffRole, input: string | undefined) {
  if (role === 'owner') {
    if (input !== undefined)
      throw new StaffAddError(
        `--restos: ${an(role)} sees every restaurant of the brand; leave --restos out.`,
      );
    return [];
  }
  // A manager without --restos manages the whole brand; with them, those restaurants only (decision 57).
  if (role === 'manager' && input === undefined) return [];
  if (input === undefined || input.trim() === '')
    throw new StaffAddError('--restos is required for an operator: the restaurant ids, e.g. --restos 1,2.');
  const parts = input.split(',').map((part) => part.trim());
  const bad = parts.filter((part) => !/^[1-9]\d{0,8}$/.test(part));
  if (bad.length > 0)
    throw new StaffAddError(`--restos '${input}': give restaurant ids separated by commas, e.g. 1,2.`);
  const ids = [...new Set(parts.map(Number))];
  const known = (
    await db
      .select({ id: restos.id })
      .from(restos)
      .where(eq(restos.whiteLabelId, whiteLabel))
      .orderBy(asc(restos.id))
  ).map((r) => r.id);
  const missing = ids.filter((id) => !known.includes(id));
  if (missing.length > 0)
    throw new StaffAddError(
      `--restos: no restaurant ${missing.join(', ')} in brand '${whiteLabel}' (its restaurants: ${known.join(', ') || 'none'}).`,
    );
  return ids;
}

async function readPassword(deps: StaffAddDeps): Promise<string> {
  let password = deps.password;
  if (password === undefined) {
    if (!deps.askPassword)
      throw new StaffAddError(
        'No password: set STAFF_PASSWORD, or run the command in a terminal to be asked.',
      );
    password = await deps.askPassword('Password: ');
    if ((await deps.askPassword('Password again: ')) !== password)
      throw new StaffAddError('The two passwords differ; nothing was changed.');
  }
  if (password.length < STAFF_PASSWORD_MIN)
    throw new StaffAddError(`The password is too short: at least ${STAFF_PASSWORD_MIN} characters.`);
  if (password.length > STAFF_PASSWORD_MAX)
    throw new StaffAddError(`The password is too long: at most ${STAFF_PASSWORD_MAX} characters.`);
  return password;
}

/**
 * Runs the command on already parsed arguments (argv without node and the script) and answers what it did,
 * in one line. Throws StaffAddError for anything wrong; nothing is written then.
 */
export async function runStaffAdd(argv: string[], deps: StaffAddDeps): Promise<string> {
  const args = parse(argv);
  if (args.help) return STAFF_ADD_USAGE;
  const login = readLogin(args.login);
  const { db, whiteLabel } = deps;

  if (args['reset-password'] || args.disable) {
    const mode = args.disable ? '--disable' : '--reset-password';
    if (args['reset-password'] && args.disable)
      throw new StaffAddError('Give --reset-password or --disable, not both.');
    const extra = (['name', 'role', 'restos'] as const).filter((key) => args[key] !== undefined);
    if (extra.length > 0)
      throw new StaffAddError(
        `${mode} takes only --login; leave out ${extra.map((key) => `--${key}`).join(', ')}.`,
      );
    const existing = await findStaffByLogin(db, whiteLabel, login);
    if (!existing) throw new StaffAddError(`No staff account '${login}' in brand '${whiteLabel}'.`);
    if (args.disable) {
      if (existing.disabledAt) return `Staff account '${login}' was disabled already.`;
      await db.transaction((tx) => disableStaffAccount(tx, existing.id, deps.now()));
      return `Disabled staff account '${login}': its sessions ended.`;
    }
    const passwordHash = await hashStaffPassword(await readPassword(deps));
    await db.transaction((tx) => resetStaffPassword(tx, existing.id, passwordHash, deps.now()));
    return `New password set for '${login}'; its sessions ended, its sign-in block is lifted and its second factor is off.${existing.disabledAt ? ' The account stays disabled.' : ''}`;
  }

  const name = readName(args.name);
  const role = readRole(args.role);
  const restoIds = await readRestos(db, whiteLabel, role, args.restos);
  if (await findStaffByLogin(db, whiteLabel, login))
    throw new StaffAddError(
      `Staff account '${login}' exists already: use --reset-password to set a new password, or --disable.`,
    );
  const passwordHash = await hashStaffPassword(await readPassword(deps));
  const id = await db.transaction((tx) =>
    createStaffAccount(tx, { whiteLabel, login, name, role, passwordHash, restoIds }, deps.now()),
  );
  const where = restoIds.length === 0 ? 'every restaurant' : `restaurants ${restoIds.join(', ')}`;
  return `Added ${role} '${login}' (id ${id}) of brand '${whiteLabel}': ${where}.`;
}

/** Reads a line from the terminal without echoing it (raw mode: each key is ours to handle). */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((done, fail) => {
    let typed = '';
    stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (error) fail(error);
      else done(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new StaffAddError('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  // Imported here so that tests importing runStaffAdd do not read the environment.
  const { loadConfig } = await import('../config.ts');
  const { openConfiguredDatabase, prepareDatabase } = await import('./prepare-database.ts');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, config);
    const message = await runStaffAdd(process.argv.slice(2), {
      db: database.db,
      whiteLabel: config.brand.whiteLabel,
      password: process.env.STAFF_PASSWORD,
      askPassword: process.stdin.isTTY ? askHidden : undefined,
      now: () => new Date(),
    });
    console.error(message);
  } catch (error) {
    if (!(error instanceof StaffAddError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
