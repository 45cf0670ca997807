// What other modules write of solutions, named for its use, so that the solution model stays
// this module's own (import-graph.test.ts keeps it so).
import { SolutionModel } from './model.js';

/** Sets the `visible` copy of the solutions matching `filter`: no edit of theirs (updatedAt stays). */
export function setSolutionsVisible(filter: Record<string, unknown>, visible: boolean) {
  return SolutionModel.updateMany(filter, { $set: { visible } }, { timestamps: false });
}
