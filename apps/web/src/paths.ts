// The page's URLs, built in one place (every dynamic segment encoded).

const seg = encodeURIComponent;

export const paths = {
  university: (slug: string) => `/u/${seg(slug)}`,
  semester: (slug: string, branchId: string, semesterId: string) =>
    `/u/${seg(slug)}/b/${seg(branchId)}/s/${seg(semesterId)}`,
  offering: (id: string) => `/o/${seg(id)}`,
  topic: (offeringId: string, topicId: string) => `/o/${seg(offeringId)}/t/${seg(topicId)}`,
  newPaper: (offeringId: string) => `/o/${seg(offeringId)}/new-paper`,
  question: (slug: string) => `/q/${seg(slug)}`,
  subject: (id: string) => `/subjects/${seg(id)}`,
  paper: (slug: string) => `/p/${seg(slug)}`,
  editPaper: (slug: string) => `/p/${seg(slug)}/edit`,
  /** Where editors review the draft questions read from the paper's PDF. */
  paperDrafts: (slug: string) => `/p/${seg(slug)}/drafts`,
  /** The paper's PDF, on the page's own origin (the web server forwards it to the REST API). */
  paperFile: (id: string) => `/api/v1/papers/${seg(id)}/file`,
  /** The same PDF, answered to be shown in the browser rather than saved. */
  paperFileInline: (id: string) => `/api/v1/papers/${seg(id)}/file?disposition=inline`,
  /** Makes a paper from the PDF in the body (the REST API, through the page's origin). */
  paperFromPdf: (query: Record<string, string>) =>
    `/api/v1/papers/from-pdf?${new URLSearchParams(query).toString()}`,
  /** Where the reading of a paper's drafts stands (the REST API, through the page's origin). */
  paperDraftsApi: (id: string) => `/api/v1/papers/${seg(id)}/drafts`,
  search: (params: Record<string, string>) => `/search?${new URLSearchParams(params).toString()}`,
};
