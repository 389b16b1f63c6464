import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";

function flatten(obj: object, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(obj)) {
    if (value && typeof value === "object") for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

/** ICU placeholders such as {count} or {brand}; both languages must use the same ones. */
function placeholders(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!))].sort();
}

describe("messages", () => {
  const enKeys = flatten(en);
  const arKeys = flatten(ar);

  it("English and Arabic have exactly the same keys", () => {
    expect([...arKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys.keys()].filter((k) => !arKeys.has(k))).toEqual([]);
  });

  it("no message is empty and both languages use the same placeholders", () => {
    for (const [key, value] of enKeys) {
      expect(value, key).not.toBe("");
      expect(arKeys.get(key), key).not.toBe("");
      expect(placeholders(arKeys.get(key)), key).toEqual(placeholders(value));
    }
  });

  it("Arabic messages are written in Arabic", () => {
    // Latin words with no Arabic at all (placeholders such as {title} aside) mean an untranslated text.
    const untranslated = (v: string) => {
      const text = v.replace(/\{\w+\}/g, "");
      if (/^\s*\S+@\S+\.\S+\s*$/.test(text)) return false; // an example e-mail address reads the same in both
      return /[A-Za-z]/.test(text) && !/[\u0600-\u06FF]/.test(text);
    };
    const latinOnly = [...arKeys].filter(([key, v]) => typeof v === "string" && untranslated(v) && !/^language\.(en|switchTo)$/.test(key));
    expect(latinOnly.map(([k]) => k)).toEqual([]);
  });

  it("Arabic messages write digits 0–9, as every number the site formats does (ar-u-nu-latn)", () => {
    const indic = [...arKeys].filter(([, v]) => typeof v === "string" && /[\u0660-\u0669\u06F0-\u06F9]/.test(v));
    expect(indic.map(([k]) => k)).toEqual([]);
  });
});
