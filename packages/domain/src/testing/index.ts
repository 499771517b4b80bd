/**
 * Fixtures for tests on both sides (`@storefront/domain/testing`): restaurants, zones and places built
 * from the contracts' types. Production code never imports it (biome.json).
 */
export * from './location-fixtures.ts';
export * from './pricing-fixtures.ts';
