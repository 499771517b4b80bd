// node .ci/pg-database.mjs ping | create NAME | drop NAME — against PG_ADMIN_URL, so CI needs no psql.
import pg from 'pg';

const [command, name] = process.argv.slice(2);
const url = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (name !== undefined && !/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name: ${name}`);

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  if (command === 'ping') await client.query('select 1');
  else if (command === 'create') await client.query(`create database "${name}"`);
  else if (command === 'drop') await client.query(`drop database if exists "${name}" with (force)`);
  else throw new Error('usage: pg-database.mjs ping | create NAME | drop NAME');
  console.error(`postgres ${command}${name ? ` ${name}` : ''}: ok`);
} catch (error) {
  console.error(`postgres ${command} at ${url}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
