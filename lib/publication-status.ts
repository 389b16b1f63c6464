/**
 * Whether a manga is still coming out (docs/decisions/008, "Publication status"): ongoing, completed, on hiatus or
 * cancelled. Set by the writer; a new manga is ongoing. Not the review status (manga.status: pending, accepted,
 * rejected).
 */
export const PUBLICATION_STATUSES = ["ongoing", "completed", "hiatus", "cancelled"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export function isPublicationStatus(value: unknown): value is PublicationStatus {
  return typeof value === "string" && (PUBLICATION_STATUSES as readonly string[]).includes(value);
}
