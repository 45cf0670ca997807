export {
  createModuleInput,
  createTopicInput,
  initSyllabusInput,
  updateSyllabusItemInput,
  moduleSchema,
  moduleWithTopicsSchema,
  syllabusSchema,
  syllabusWithModulesSchema,
  topicSchema,
} from './schema.js';
export type {
  CreateModuleInput,
  CreateTopicInput,
  InitSyllabusInput,
  UpdateSyllabusItemInput,
  Module,
  ModuleWithTopics,
  Syllabus,
  SyllabusWithModules,
  Topic,
} from './schema.js';
export {
  createModule,
  createTopic,
  getModuleById,
  getSyllabus,
  findSyllabus,
  getTopicById,
  initSyllabus,
  updateModule,
  updateTopic,
  deleteModule,
  deleteTopic,
  deleteSyllabus,
} from './service.js';
export {
  loadSyllabiBySubjectOfferingIds,
  loadModulesBySyllabusIds,
  loadTopicsBySyllabusIds,
  SYLLABUS_ITEM_ORDER,
} from './loaders.js';
