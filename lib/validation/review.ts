import { z } from "zod";
import { noControlCharacters } from "./text";

/** A review note's longest length (docs/decisions/013: a rejection needs a note of 1–1,000 characters). */
export const NOTE_MAX = 1000;

export type DecisionKind = "approve" | "reject";

/**
 * The note of a review decision (StatusManga, StatusChapter), shared by the review dialog and the routes
 * (server/http/publishing-input.ts): optional when approving, required when rejecting, at most NOTE_MAX characters
 * after trimming. The texts are `approval.decision.reasonRequired` / `reasonTooLong` in the page's or request's language.
 */
export function decisionSchema(kind: DecisionKind, t: (key: "reasonRequired" | "reasonTooLong" | "controlCharacters") => string) {
  const note = noControlCharacters(z.string(), t("controlCharacters"), "multiLine").trim().max(NOTE_MAX, t("reasonTooLong"));
  return z.object({ note: kind === "reject" ? note.min(1, t("reasonRequired")) : note });
}

export type DecisionValues = z.output<ReturnType<typeof decisionSchema>>;
