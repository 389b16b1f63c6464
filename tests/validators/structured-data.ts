/**
 * Validates a page's JSON-LD with @adobe/structured-data-validator (schema.org types and properties, and Google's
 * rich-result rules for the types it knows) against the schema.org vocabulary release 30.0, read from
 * ../shared/data/ (CI keeps ../shared beside the checkout; SCHEMAORG_JSONLD names another copy).
 * The JSON-LD blocks are extracted here in the shape the validator takes from @marbec/web-auto-extractor
 * (`{ jsonld: { [rootType]: items[] }, errors }`); a block that is not JSON is an error.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Validator from "@adobe/structured-data-validator";

const VOCABULARY_CANDIDATES = [
  process.env.SCHEMAORG_JSONLD,
  path.join(process.cwd(), "..", "shared", "data", "schemaorg-all-https-30.0.jsonld"),
  path.join(process.cwd(), "..", "..", "shared", "data", "schemaorg-all-https-30.0.jsonld"),
  "/work/shared/data/schemaorg-all-https-30.0.jsonld",
].filter((p): p is string => !!p);

/** Where the vocabulary file is; throws naming every place looked at when it is nowhere. */
export function vocabularyPath(): string {
  const found = VOCABULARY_CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error(`schema.org vocabulary (schemaorg-all-https-30.0.jsonld) not found; looked at: ${VOCABULARY_CANDIDATES.join(", ")}`);
  return found;
}

let validator: Validator | undefined;
function getValidator(): Validator {
  validator ??= new Validator(JSON.parse(readFileSync(vocabularyPath(), "utf8")));
  return validator;
}

type Item = Record<string, unknown>;

/** The JSON-LD items of a page (each script's object, array elements and @graph members), by type. */
export function extractJsonLd(html: string): { jsonld: Record<string, Item[]>; errors: { format: string; message: string }[] } {
  const jsonld: Record<string, Item[]> = {};
  const errors: { format: string; message: string }[] = [];
  const scripts = html.matchAll(/<script\b[^>]*\btype=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi);
  for (const [, text] of scripts) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text!);
    } catch (error) {
      errors.push({ format: "jsonld", message: `JSON-LD is not JSON: ${(error as Error).message}` });
      continue;
    }
    const items = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((item: Item) => (Array.isArray(item["@graph"]) ? (item["@graph"] as Item[]) : [item]));
    for (const item of items) {
      const type = Array.isArray(item["@type"]) ? String(item["@type"][0]) : String(item["@type"] ?? "(no @type)");
      (jsonld[type] ??= []).push(item);
    }
  }
  return { jsonld, errors };
}

export interface StructuredDataIssue {
  rootType: string;
  severity: string;
  issueMessage: string;
  fieldNames?: string[];
}

/** The page's JSON-LD types and the validator's issues (errors and warnings). */
export async function validateStructuredData(html: string): Promise<{ types: string[]; issues: StructuredDataIssue[] }> {
  const extracted = extractJsonLd(html);
  const types = Object.entries(extracted.jsonld).flatMap(([type, items]) => items.map(() => type));
  const issues = (await getValidator().validate(structuredClone(extracted))) as StructuredDataIssue[];
  return { types, issues };
}

/** One line per issue, for a failure message. */
export function describeIssue(issue: StructuredDataIssue): string {
  return `${issue.severity} ${issue.rootType}: ${issue.issueMessage}${issue.fieldNames?.length ? ` (${issue.fieldNames.join(", ")})` : ""}`;
}
