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
export * from './university/index.js';
export * from './branch/index.js';
export * from './semester/index.js';
export * from './subject/index.js';
export * from './subject-offering/index.js';
export * from './syllabus/index.js';
export * from './loaders/academic.js';
