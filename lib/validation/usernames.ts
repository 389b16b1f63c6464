import unhomoglyph from "unhomoglyph";

/**
 * Confusable usernames (issue 19, item 8; Unicode TR39). `rооt` with Cyrillic `о` passed beside `root`, so anyone could
 * pose as the administrator in notifications and watermarks. Two rules:
 * - one script per username (mixedScripts): letters of one script, or the combinations TR39's "highly restrictive"
 *   level allows (Latin with Han and Japanese kana, with Han and Bopomofo, or with Han and Hangul); digits and . _ - @
 *   belong to every script;
 * - no two accounts share a confusable skeleton (usernameSkeleton), checked by the server against existing accounts.
 * Plain functions, no server imports: the forms use mixedScripts too.
 */
const SCRIPTS = [
  "Latin", "Cyrillic", "Greek", "Arabic", "Hebrew", "Armenian", "Georgian", "Han", "Hiragana", "Katakana", "Hangul",
  "Bopomofo", "Thai", "Devanagari", "Bengali", "Tamil", "Ethiopic", "Cherokee", "Syriac", "Thaana",
] as const;
type Script = (typeof SCRIPTS)[number] | "Other";
const SCRIPT_RES = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, "u")] as const);

/** Sets of scripts that may share one name (TR39 highly restrictive). */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<Script>> = [
  new Set<Script>(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set<Script>(["Latin", "Han", "Bopomofo"]),
  new Set<Script>(["Latin", "Han", "Hangul"]),
];

function scriptOf(char: string): Script | null {
  // Marks take their base letter's script; digits, punctuation and symbols are common to all.
  if (!/\p{L}/u.test(char)) return null;
  for (const [name, re] of SCRIPT_RES) if (re.test(char)) return name;
  return "Other";
}

/** The scripts of a name's letters. */
export function scriptsOf(name: string): Set<Script> {
  const scripts = new Set<Script>();
  for (const char of name) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  return scripts;
}

/** Whether a name mixes scripts in a way TR39's highly restrictive level refuses (`rооt`: Latin and Cyrillic). */
export function mixedScripts(name: string): boolean {
  const scripts = scriptsOf(name);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
}

/** Anything but letters, marks and digits at either end of a name. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;

/**
 * TR39's skeleton, case-insensitive (usernames are unique case-insensitively): NFKC first (issue 27, item 13: fullwidth
 * `ｒｏｏｔ` and other compatibility forms become plain letters), leading and trailing punctuation dropped (`Root.`,
 * `_root` and `root-` read as `root` in a notification; punctuation inside a name still counts), then NFD, each
 * character replaced by its prototype from Unicode's confusables.txt (the `unhomoglyph` package's table), NFD again,
 * lower case, mapped once more (lower case can make a new confusable). `root`, `rооt`, `r00t`, `ROOT`, `ｒｏｏｔ` and
 * `Root.` share one skeleton. The server stores it (users.username_skeleton, unique): change it only with a migration
 * path for the stored values (server/auth/username-skeletons.ts fills rows that have none).
 */
export function usernameSkeleton(name: string): string {
  const folded = name.normalize("NFKC").replace(EDGE_PUNCTUATION, "");
  const once = unhomoglyph(folded.normalize("NFD")).normalize("NFD").toLowerCase();
  return unhomoglyph(once).normalize("NFD").toLowerCase();
}

/**
 * The form of a deleted account's tombstone (`deleted-<id>`, server/users/delete-user.ts), which nobody may choose
 * (issue 27, item 5): compared after NFKC and lower case, so `Deleted-15` and fullwidth forms are refused as well.
 */
export function isReservedUsername(name: string): boolean {
  return /^deleted-[0-9]+$/.test(name.normalize("NFKC").trim().toLowerCase());
}
