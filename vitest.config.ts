import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        extends: './apps/backoffice/vite.config.ts',
        test: {
          name: 'backoffice',
          include: ['apps/backoffice/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/backoffice/src/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        test: {
          // The chaos run's checks on made-up records (npm run chaos itself is not part of npm test).
          name: 'chaos',
          include: ['chaos/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Each file opens its own database copy; PGlite starts in about a second.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
