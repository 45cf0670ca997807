// Public API of @qpc/domain. See README.md for a usage example.
export * from './errors.js';
export * from './access.js';
export * from './pagination.js';
export * from './serialize.js';
export * from './slug.js';
export * from './search.js';
export * from './common-schemas.js';
export * from './db.js';
export * from './unique.js';
export * from './models.js';
