export {
  FERRETDB_VERSION,
  FerretDBUnavailableError,
  defaultBinaryPath,
  ensureFerretDB,
  workspaceRoot,
} from './binary.js';
export { findRunningFerretDB, freePort, startFerretDB, waitForPing } from './server.js';
export type { FerretDBServer, StartOptions } from './server.js';
