// Every model, registered on import so that prepareDatabase() builds all indexes.
export { UniversityModel } from './university/model.js';
export { BranchModel } from './branch/model.js';
export { SemesterModel } from './semester/model.js';
export { SubjectModel } from './subject/model.js';
export { SubjectOfferingModel } from './subject-offering/model.js';
export { ModuleModel, SyllabusModel, TopicModel } from './syllabus/model.js';
export { PaperModel } from './paper/model.js';
export { QuestionModel } from './question/model.js';
export { SolutionModel, VoteModel } from './solution/model.js';
export { UserModel } from './user/model.js';
export { DraftClaimModel, PaperDraftsModel } from './drafts/model.js';
export { SearchEntryModel } from './search/entries.js';
