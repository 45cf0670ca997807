export {
  createModuleInput,
  createTopicInput,
  initSyllabusInput,
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
  getTopicById,
  initSyllabus,
} from './service.js';
