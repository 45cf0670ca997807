// The gateway's public entry for tools that generate inputs (the reliability suite's Schemathesis
// hooks): what each custom scalar accepts, as data. Published as `@qpc/graphql-gateway/scalar-rules`.
export { SCALAR_RULES } from './schema/scalars.js';
export type { ScalarRule } from './schema/scalars.js';
