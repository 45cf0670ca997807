export { seedSampleCatalog } from './load.js';
