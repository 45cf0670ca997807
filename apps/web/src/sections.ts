// Screens that appear once the gateway serves what they need. Search (`search(q, ...)`) and topic
// coverage (`SubjectOffering.coverage`) are not in the schema yet: when they are, their documents
// go to packages/client/src/documents/, their screens to src/views/, and one line here switches
// each on (see the README). Nothing is shown for them until then.
import type { Params } from './router.js';

/** A screen of its own, with a link in the top navigation (e.g. search with facets). */
export interface Section {
  title: string;
  path: string;
  render: (params: Params) => Promise<Node>;
}

/** A panel on a subject offering's page, below its syllabus (e.g. topic coverage). */
export interface OfferingPanel {
  title: string;
  render: (offeringId: string) => Promise<Node>;
}

export const sections: Section[] = [];

export const offeringPanels: OfferingPanel[] = [];
