// The schema's enum values, as people read them.
import type { Difficulty, ExamType, PaperStatus, QuestionType, Role } from '@qpc/client/graphql';

export const EXAM_TYPE: Record<ExamType, string> = {
  END_TERM: 'End-term',
  MID_TERM: 'Mid-term',
  SUPPLEMENTARY: 'Supplementary',
  QUIZ: 'Quiz',
};

export const QUESTION_TYPE: Record<QuestionType, string> = {
  MCQ: 'Multiple choice',
  SHORT: 'Short answer',
  LONG: 'Long answer',
  NUMERICAL: 'Numerical',
  CODING: 'Coding',
};

export const DIFFICULTY: Record<Difficulty, string> = {
  EASY: 'Easy',
  MEDIUM: 'Medium',
  HARD: 'Hard',
};

export const STATUS: Record<PaperStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const ROLE: Record<Role, string> = { ADMIN: 'admin', EDITOR: 'editor', NORMAL: 'student' };

/** "2 marks", "1 mark", or nothing. */
export function marks(value: number | null): string | null {
  if (value === null) return null;
  return `${value} ${value === 1 ? 'mark' : 'marks'}`;
}
