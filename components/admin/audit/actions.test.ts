import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";

/**
 * Every action a use case writes to the audit log has its name in both languages (issue 31, 6f: the log showed raw keys
 * such as `monetization.payout.paid`). The actions are read from the sources that call `audit(`: each quoted
 * `area.verb` literal there, plus the ones built from a template.
 */
const AREAS = "auth|user|manga|chapter|monetization|notification|settings|report";
const TEMPLATED = [
  ...["grant", "extend", "end"].map((s) => `user.subscription.${s}`), // server/users/change-subscription.ts
  ...["landing", "discovery"].map((k) => `settings.${k}.save`), // server/settings/save-page-settings.ts
  ...["dismiss", "hide", "delete"].map((a) => `report.${a}`), // server/reports/resolve-reports.ts
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

function writtenActions(): string[] {
  const found = new Set(TEMPLATED);
  const literal = new RegExp(`["'](?:${AREAS})\\.[a-z_-]+(?:\\.[a-z_-]+)*["']`, "g");
  for (const file of sources(join(process.cwd(), "server"))) {
    const text = readFileSync(file, "utf8");
    if (!/\baudit\(/.test(text) || file.endsWith(join("core", "audit.ts"))) continue;
    for (const m of text.matchAll(literal)) found.add(m[0].slice(1, -1));
  }
  return [...found].sort();
}

describe("audit action names", () => {
  const actions = writtenActions();

  it("finds the actions the use cases write", () => {
    expect(actions).toEqual(expect.arrayContaining(["monetization.payout.paid", "user.role", "manga.accept", "auth.session.revoke_others"]));
  });

  it.each([["en", en], ["ar", ar]] as const)("each has a name in %s", (_, messages) => {
    const names = messages.admin.audit.actions as Record<string, string>;
    const missing = actions.filter((a) => !names[a.replace(/\./g, "_")]);
    expect(missing).toEqual([]);
  });
});
