import ar from "@/messages/ar.json";
import en from "@/messages/en.json";

/**
 * Review notes written from the review desk's templates (DecisionDialog, messages `approval.decision.templateText.*`)
 * are stored in the language root wrote them in. Shown to their author, a note that is exactly one template, in either
 * language, is that template in the reader's language; any other note (root's own words, a template with more
 * written around it) stays as written. Server code only: it reads both message files.
 */
type TemplateKey = keyof typeof en.approval.decision.templateText;

const TEXTS = {
  en: en.approval.decision.templateText,
  ar: ar.approval.decision.templateText,
} as const satisfies Record<"en" | "ar", Record<TemplateKey, string>>;

const KEYS = Object.keys(TEXTS.en) as TemplateKey[];

/** The template a note is, by its trimmed text in either language; null for anything else. */
function templateOf(note: string): TemplateKey | null {
  const text = note.trim();
  if (text === "") return null;
  return KEYS.find((key) => TEXTS.en[key] === text || TEXTS.ar[key] === text) ?? null;
}

/** `note` in `locale` when it is exactly one review template (in either language); otherwise `note` unchanged. */
export function reviewNoteIn(note: string, locale: "en" | "ar"): string {
  const key = templateOf(note);
  return key === null ? note : TEXTS[locale][key];
}
