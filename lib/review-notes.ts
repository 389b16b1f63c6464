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

/**
 * `note` in `locale`, line by line (the review desk joins the templates root picks with line breaks): a line that is one
 * review template, in either language, becomes that template in `locale`, as does a template that begins a line with
 * root's own words after it; anything else stays as written.
 */
export function reviewNoteIn(note: string, locale: "en" | "ar"): string {
  const whole = templateOf(note);
  if (whole !== null) return TEXTS[locale][whole];
  return note
    .split("\n")
    .map((line) => {
      const key = templateOf(line);
      if (key !== null) return TEXTS[locale][key];
      const start = line.trimStart();
      for (const k of KEYS) {
        for (const text of [TEXTS.en[k], TEXTS.ar[k]]) if (start.startsWith(text) && /^\s/.test(start.slice(text.length))) return `${TEXTS[locale][k]}${start.slice(text.length)}`;
      }
      return line;
    })
    .join("\n");
}
