import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { createTestUser } from "@/server/auth/testing";
import { findRecipient } from "./find-recipient";

describe("findRecipient (root's composer)", () => {
  it("finds an account by exact username in any case, or by id; root only", async () => {
    const db = await getDb();
    const root = await createTestUser(db, { role: Role.root });
    const reader = await createTestUser(db, { username: `Mixed_Case_${Date.now()}` });
    const viewer = { userId: root.id, role: Role.root } as const;

    expect(await findRecipient({ db, viewer, query: reader.username.toUpperCase() })).toMatchObject({ id: reader.id, username: reader.username });
    expect(await findRecipient({ db, viewer, query: ` @${reader.username.toLowerCase()} ` })).toMatchObject({ id: reader.id });
    expect(await findRecipient({ db, viewer, query: String(reader.id) })).toMatchObject({ id: reader.id });
    // Exact match only: a prefix finds nobody.
    expect(await findRecipient({ db, viewer, query: reader.username.slice(0, -1) })).toBeNull();
    expect(await findRecipient({ db, viewer, query: "" })).toBeNull();

    // A username of digits wins over the id it spells.
    const digits = await createTestUser(db, { username: String(reader.id) });
    expect(await findRecipient({ db, viewer, query: String(reader.id) })).toMatchObject({ id: digits.id });

    await expect(findRecipient({ db, viewer: { userId: reader.id, role: Role.reader }, query: root.username })).rejects.toMatchObject({ httpStatus: 403 });
    // The stored role decides: a session claiming root is not enough.
    await expect(findRecipient({ db, viewer: { userId: reader.id, role: Role.root }, query: root.username })).rejects.toMatchObject({ httpStatus: 403 });
    await expect(findRecipient({ db, viewer: null, query: root.username })).rejects.toMatchObject({ httpStatus: 403 });
  });
});
