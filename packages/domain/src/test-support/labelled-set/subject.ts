// A subject of the labelled set: its syllabus (modules and their topics) and a bank of questions,
// each labelled with the topic it is about. A question is one draft, or parts printed with
// their question's number ("4 (a)", "(b)"), each a draft of its own.

/** A module of a subject's syllabus and its topics' titles. */
export interface SetModule {
  title: string;
  topics: readonly string[];
}

/** A part of a question: a draft of its own. */
export interface SetPart {
  text: string;
  marks: number;
}

/** A question of a bank: its text (or its parts), marks, options and topic. */
export interface SetQuestion {
  topic: string;
  text: string;
  marks: number;
  options?: readonly string[];
  parts?: readonly SetPart[];
}

/** A subject: its name, syllabus and question bank. */
export interface SetSubject {
  name: string;
  modules: readonly SetModule[];
  bank: readonly SetQuestion[];
}

/** A short question. */
export const q = (topic: string, text: string, marks: number): SetQuestion => ({
  topic,
  text,
  marks,
});

/** A multiple-choice question. */
export const mcq = (
  topic: string,
  text: string,
  options: readonly string[],
  marks = 1,
): SetQuestion => ({ topic, text, marks, options });

/** A question printed as parts: its marks are theirs added up. */
export const parts = (topic: string, ...list: [string, number][]): SetQuestion => ({
  topic,
  text: '',
  marks: list.reduce((sum, [, m]) => sum + m, 0),
  parts: list.map(([text, marks]) => ({ text, marks })),
});
