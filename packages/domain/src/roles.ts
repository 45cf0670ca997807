// The roles a user may have (no imports: the schemas entry reads it without loading mongoose).

/** Every role, most powerful first. */
export const ROLES = ['admin', 'editor', 'normal'] as const;
export type Role = (typeof ROLES)[number];
