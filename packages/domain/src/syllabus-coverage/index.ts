export {
  coverageSchema,
  coverageStatsSchema,
  coverageModuleSchema,
  coverageTopicSchema,
  sittingSchema,
  RECENT_SITTINGS,
} from './schema.js';
export type { Coverage, CoverageStats, CoverageModule, CoverageTopic, Sitting } from './schema.js';
export { getSubjectOfferingCoverage } from './service.js';
