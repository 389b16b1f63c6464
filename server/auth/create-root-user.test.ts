import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { CreateRootError, createRootUser } from "./create-root-user";
import { login } from "./login";

describe("createRootUser (npm run user:create-root)", () => {
  it("creates a verified root account that can sign in", async () => {
    const db = await getDb();
    const created = await createRootUser({ db, username: "owner", email: "owner@example.com", fullName: "Site Owner", password: "Owner#Pass2025" });
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ role: Role.root, emailVerified: true, mustSelectRole: false, banned: false });
    const { user } = await login({ db, username: "owner", password: "Owner#Pass2025", ip: "10.9.9.9" });
    expect(user.role).toBe(Role.root);
  });

  it("refuses weak passwords, bad fields and taken names with readable reasons", async () => {
    const db = await getDb();
    const weak = await createRootUser({ db, username: "owner2", email: "owner2@example.com", fullName: "X", password: "Short#1" }).catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(CreateRootError);
    expect((weak as CreateRootError).problems).toEqual(["password: Root passwords need at least 10 characters"]);
    const bad = await createRootUser({ db, username: "", email: "nope", fullName: "", password: "Owner#Pass2025" }).catch((e: unknown) => e);
    expect((bad as CreateRootError).problems).toEqual(["fullName: Name is required", "username: Username is required", "email: Invalid email format"]);
    await createRootUser({ db, username: "taken", email: "taken@example.com", fullName: "T", password: "Owner#Pass2025" });
    const dupName = await createRootUser({ db, username: "TAKEN", email: "t2@example.com", fullName: "T", password: "Owner#Pass2025" }).catch((e: unknown) => e);
    expect((dupName as CreateRootError).problems[0]).toMatch(/username: "TAKEN" is already taken/);
    const dupMail = await createRootUser({ db, username: "t3", email: "Taken@Example.com", fullName: "T", password: "Owner#Pass2025" }).catch((e: unknown) => e);
    expect((dupMail as CreateRootError).problems[0]).toMatch(/already registered/);
  });
});
