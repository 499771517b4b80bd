import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.ts';
import { CONFIG_DOCS_PATH, renderConfigDocs } from './config-docs.ts';

describe('docs/configuration.md', () => {
  it('is what npm run docs:config writes from the schema (run it after changing config.ts)', () => {
    expect(readFileSync(CONFIG_DOCS_PATH, 'utf8')).toBe(renderConfigDocs());
  });

  it('has a row for every key of the schema', () => {
    const page = renderConfigDocs();
    for (const name of Object.keys(envSchema.shape)) expect(page).toContain(`| \`${name}\` |`);
  });
});
