/**
 * Validates sitemap documents (the index and its children) with `xmllint --schema` (Debian package libxml2-utils;
 * `.ci/run` installs it) against tests/xsd/sitemaps.xsd: the npm package `sitemap`'s sitemap.xsd and the index and
 * extension declarations beside it. `--nonet`: nothing is fetched.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const SITEMAP_XSD = path.join(process.cwd(), "tests", "xsd", "sitemaps.xsd");

/** Whether xmllint is on the PATH. */
export function hasXmllint(): boolean {
  return spawnSync("xmllint", ["--version"]).status === 0;
}

/** The schema errors of each document, by its name (empty lists: valid). One xmllint run for all of them. */
export function validateSitemaps(documents: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "sitemap-xsd-"));
  try {
    const files = Object.entries(documents).map(([name, xml], i) => {
      const file = path.join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return { name, file };
    });
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", SITEMAP_XSD, ...files.map((f) => f.file)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (run.error) throw run.error;
    const out: Record<string, string[]> = {};
    for (const { name, file } of files) {
      out[name] = run.stderr
        .split("\n")
        .filter((line) => line.startsWith(`${file}:`) || line.startsWith(`${file} fails`))
        .map((line) => line.replace(file, name));
    }
    if (run.status !== 0 && Object.values(out).every((e) => e.length === 0)) throw new Error(`xmllint failed: ${run.stderr}`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
