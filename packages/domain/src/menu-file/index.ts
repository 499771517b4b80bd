export * from './dishes-csv.ts';
export * from './menu-file-check.ts';
export * from './menu-file-diff.ts';
export * from './menu-file-schema.ts';
