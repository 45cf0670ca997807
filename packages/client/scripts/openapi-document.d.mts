/** The document as JSON text, formatted as it is committed (two-space indent, final newline). */
export function openApiDocumentText(): string;
