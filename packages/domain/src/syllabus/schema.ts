import { z } from 'zod';
import { asScalar, objectId, trimmedText } from '../common-schemas.js';

const title = trimmedText('title', 300);
const order = asScalar(
  z
    .number()
    .int()
    .min(0, 'order must be between 0 and 100000')
    .max(100_000, 'order must be between 0 and 100000'),
  'Position',
);

/** Body of POST /syllabus. */
export const initSyllabusInput = z.strictObject({
  subjectOfferingId: objectId.describe('Id of the subject offering (one syllabus per offering)'),
});

/** Body of POST /modules. */
export const createModuleInput = z
  .strictObject({
    subjectOfferingId: objectId.describe('Id of a subject offering whose syllabus exists'),
    title: title.describe('Title of the module (1 to 300 characters)'),
    order: order
      .optional()
      .describe('Position in the syllabus (0 to 100000); after the last module when absent'),
  })
  .describe('Fields of a new module');

/** Body of PATCH /modules/:id and PATCH /topics/:id (a topic never moves to another module). */
export const updateSyllabusItemInput = z
  .strictObject({
    title: title.optional().describe('New title (1 to 300 characters)'),
    order: order.optional().describe('New position among its siblings (0 to 100000)'),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'at least one field must be given',
  })
  .describe('Fields to change on a module or topic; at least one');

/** Body of POST /topics. */
export const createTopicInput = z
  .strictObject({
    moduleId: objectId.describe('Id of the module'),
    title: title.describe('Title of the topic (1 to 300 characters)'),
    order: order
      .optional()
      .describe('Position in the module (0 to 100000); after the last topic when absent'),
  })
  .describe('Fields of a new topic');

/** A syllabus without its modules (as the loaders return it). */
export const syllabusSchema = z
  .object({
    id: objectId.describe('Resource id'),
    subjectOfferingId: objectId.describe('Id of the subject offering (one syllabus per offering)'),
    universityId: objectId.describe('Id of the university it belongs to'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('The syllabus of a subject offering: its modules, each with topics');

/** A topic as the API returns it. */
export const topicSchema = z
  .object({
    id: objectId.describe('Resource id'),
    moduleId: objectId.describe('Id of the module'),
    syllabusId: objectId.describe('Id of the syllabus'),
    subjectOfferingId: objectId.describe('Id of the subject offering'),
    universityId: objectId.describe('Id of the university it belongs to'),
    title: z.string().describe('Title of the topic'),
    order: z.number().int().describe('Position in the module'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A topic of a module');

/** A module as the API returns it, without its topics. */
export const moduleSchema = z
  .object({
    id: objectId.describe('Resource id'),
    syllabusId: objectId.describe('Id of the syllabus'),
    subjectOfferingId: objectId.describe('Id of the subject offering'),
    universityId: objectId.describe('Id of the university it belongs to'),
    title: z.string().describe('Title of the module'),
    order: z.number().int().describe('Position in the syllabus'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A module of a syllabus');

/** A module with its topics, ordered by order, then creation. */
export const moduleWithTopicsSchema = moduleSchema.extend({
  topics: z.array(topicSchema).describe('Topics ordered by order, then creation'),
});

/** The full syllabus of a subject offering: modules and their topics, in order. */
export const syllabusWithModulesSchema = syllabusSchema.extend({
  modules: z.array(moduleWithTopicsSchema).describe('Modules ordered by order, then creation'),
});

export type Syllabus = z.infer<typeof syllabusSchema>;
export type Topic = z.infer<typeof topicSchema>;
export type Module = z.infer<typeof moduleSchema>;
export type ModuleWithTopics = z.infer<typeof moduleWithTopicsSchema>;
export type SyllabusWithModules = z.infer<typeof syllabusWithModulesSchema>;
export type InitSyllabusInput = z.input<typeof initSyllabusInput>;
export type CreateModuleInput = z.input<typeof createModuleInput>;
export type UpdateSyllabusItemInput = z.input<typeof updateSyllabusItemInput>;
export type CreateTopicInput = z.input<typeof createTopicInput>;
