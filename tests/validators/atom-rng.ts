/**
 * Validates Atom documents with `xmllint --relaxng` (Debian package libxml2-utils; `.ci/run` installs it) against
 * tests/xsd/atom.rng, RFC 4287's RELAX NG schema (docs/decisions/025). `--nonet`: nothing is fetched. A document that
 * is not well-formed fails too. Answers the errors (empty: valid).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const ATOM_RNG = path.join(process.cwd(), "tests", "xsd", "atom.rng");

export function validateAtom(xml: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "atom-rng-"));
  try {
    const file = path.join(dir, "feed.xml");
    writeFileSync(file, xml);
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--relaxng", ATOM_RNG, file], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    if (run.error) throw run.error;
    return run.status === 0 ? [] : run.stderr.split("\n").filter((line) => line.trim() && !line.endsWith("validates")).map((line) => line.replace(file, "feed"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
