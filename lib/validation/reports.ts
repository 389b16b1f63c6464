import { z } from "zod";
import { decimalInteger, MAX_ID } from "./numbers";
import { hasControlCharacters } from "./text";
import { REPORT_REASON_NAMES, ReportReason } from "@/lib/report-enums";

/**
 * Content reports (issue 15, beyond the spec), shared by the report dialog (react-hook-form + zodResolver), the
 * reports queue's resolve dialogs and the /api/Report routes. Like lib/validation/publishing.ts, each schema is a
 * factory taking a translate function, so both sides produce the same texts in the page's / request's language:
 *
 *   const t = useTexts("reports");  reportFormSchema((key) => t(`errors.${key}`))   // client
 *   reportFormSchema(reportsTranslator(locale))                                      // server (server/reports/input.ts)
 *
 * The texts live in messages/{en,ar}.json under `reports.errors`, one entry per ReportValidationKey.
 */
export const REPORT_VALIDATION_KEYS = [
  "reasonInvalid", "detailsRequired", "detailsTooLong", "controlCharacters", "targetInvalid", "actionInvalid",
  "noteRequired", "noteTooLong",
] as const;
export type ReportValidationKey = (typeof REPORT_VALIDATION_KEYS)[number];
export type ReportsTranslate = (key: ReportValidationKey) => string;

export const REPORT_LIMITS = {
  /** A report's free text, in characters (code points) after trimming. */
  detailsMax: 1000,
  /** Root's note when resolving (the author reads it when the content is hidden). */
  noteMax: 1000,
} as const;

export const RESOLVE_ACTIONS = ["dismiss", "hide", "delete"] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];


/** The length a person sees (code points, so an emoji is one), as the dialog's counter shows it. */
export const textLength = (text: string): number => [...text].length;

/** A whole number, also as digits in a string; nothing else. */
const wholeNumber = decimalInteger;

function idField(t: ReportsTranslate) {
  const message = t("targetInvalid");
  return z.preprocess(wholeNumber, z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }));
}

/** An id, or null / absent (answered as null). */
function optionalId(t: ReportsTranslate) {
  return z.preprocess((v) => (v === null || v === "" ? undefined : v), idField(t).optional()).transform((v) => v ?? null);
}

/** 0–3, or the reason's name in any case ("copyright", "wrongContent"). */
function reasonField(t: ReportsTranslate) {
  const message = t("reasonInvalid");
  return z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const byName = REPORT_REASON_NAMES.findIndex((n) => n.toLowerCase() === v.trim().toLowerCase());
      return byName >= 0 ? byName : wholeNumber(v);
    },
    z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(3, { error: message }),
  );
}

/** Optional free text: trimmed, at most `max` characters, no control characters; "" when absent. */
function textField(t: ReportsTranslate, max: number, tooLong: ReportValidationKey) {
  return z
    .string({ error: t("controlCharacters") })
    .nullish()
    .transform((s) => (s ?? "").trim())
    .pipe(
      z
        .string()
        .refine((s) => !hasControlCharacters(s, "multiLine"), { error: t("controlCharacters") })
        .refine((s) => textLength(s) <= max, { error: t(tooLong) }),
    );
}

/** The dialog's fields: the reason and the details, which "other" requires. */
function formShape(t: ReportsTranslate) {
  return { reason: reasonField(t), details: textField(t, REPORT_LIMITS.detailsMax, "detailsTooLong") };
}

function requireDetailsForOther(t: ReportsTranslate) {
  return (value: { reason: number; details: string }, ctx: z.RefinementCtx) => {
    if (value.reason === ReportReason.Other && value.details === "") ctx.addIssue({ code: "custom", path: ["details"], message: t("detailsRequired") });
  };
}

/** The report dialog's form. */
export function reportFormSchema(t: ReportsTranslate) {
  return z.object(formShape(t)).superRefine(requireDetailsForOther(t));
}
export type ReportFormInput = z.input<ReturnType<typeof reportFormSchema>>;

/** POST /api/Report/Submit: `{ mangaId, chapterId?, reason, details? }` (chapterId null or absent: the manga itself). */
export function reportSubmitSchema(t: ReportsTranslate) {
  return z
    .object({ mangaId: idField(t), chapterId: optionalId(t), ...formShape(t) })
    .superRefine(requireDetailsForOther(t));
}
export type ReportSubmitValues = z.output<ReturnType<typeof reportSubmitSchema>>;

/** The resolve dialogs' note: required to hide (the author is told why), optional otherwise. */
export function resolveNoteSchema(action: ResolveAction, t: ReportsTranslate) {
  return z
    .object({ note: textField(t, REPORT_LIMITS.noteMax, "noteTooLong") })
    .superRefine((value, ctx) => {
      if (action === "hide" && value.note === "") ctx.addIssue({ code: "custom", path: ["note"], message: t("noteRequired") });
    });
}

/** POST /api/Report/Resolve: `{ mangaId, chapterId?, action: "dismiss" | "hide" | "delete", note? }`. */
export function resolveSchema(t: ReportsTranslate) {
  const invalid = t("actionInvalid");
  return z
    .object({
      mangaId: idField(t),
      chapterId: optionalId(t),
      action: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(RESOLVE_ACTIONS, { error: invalid })),
      note: textField(t, REPORT_LIMITS.noteMax, "noteTooLong"),
    })
    .superRefine((value, ctx) => {
      if (value.action === "hide" && value.note === "") ctx.addIssue({ code: "custom", path: ["note"], message: t("noteRequired") });
    });
}
export type ResolveValues = z.output<ReturnType<typeof resolveSchema>>;

/** GET /api/Report/PaginatedReport's filter: the open queue (default) or what was resolved. */
export const REPORT_QUEUE_STATES = ["open", "resolved"] as const;
export type ReportQueueState = (typeof REPORT_QUEUE_STATES)[number];
