// The one list of REST routes: Express mounts it (index.ts) and the OpenAPI document describes it
// (../openapi/document.ts). Order matters where paths overlap: `/questions/slug/:slug` before
// `/questions/:id`, `/users/me` before `/users/:externalId`.
import { branchRoutes } from './branches.js';
import { draftRoutes, similarRoutes } from './drafts.js';
import { paperFileRoutes } from './paper-files.js';
import { paperRoutes } from './papers.js';
import { questionRoutes } from './questions.js';
import type { RouteDefinition } from './route.js';
import { searchRoutes } from './search.js';
import { semesterRoutes } from './semesters.js';
import { solutionRoutes } from './solutions.js';
import { subjectOfferingRoutes } from './subject-offerings.js';
import { subjectRoutes } from './subjects.js';
import { syllabusRoutes } from './syllabus.js';
import { universityRoutes } from './universities.js';
import { userRoutes } from './users.js';

export const routeTable: readonly RouteDefinition[] = [
  ...universityRoutes,
  ...branchRoutes,
  ...semesterRoutes,
  ...subjectRoutes,
  ...subjectOfferingRoutes,
  ...searchRoutes,
  ...syllabusRoutes,
  ...paperRoutes,
  ...paperFileRoutes,
  ...draftRoutes,
  ...questionRoutes,
  ...similarRoutes,
  ...solutionRoutes,
  ...userRoutes,
];
