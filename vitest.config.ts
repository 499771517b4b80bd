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
