import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { refreshTokens as refreshTokensTable } from "@/db/schema";
import { Role } from "@/lib/enums";
import { verifyAccessToken } from "./access-token";
import { issueTokens } from "./issue-tokens";
import { logout } from "./logout";
import { refreshTokens } from "./refresh-tokens";
import { createTestUser } from "./testing";

/**
 * Issue 19, item 5: one refresh token sent several times at once. One call wins, the others see a spent token and revoke
 * the family; the winner's new refresh token must not survive that (it did in 3 of 4 trials). Run on PGlite and on
 * Postgres (TEST_DATABASE_URL), where the calls really run in parallel on separate connections.
 */
describe("parallel refreshes of one token", () => {
  it.each([2, 4, 10])("leave no live member in the family (%i at once)", async (parallel) => {
    const db = await getDb();
    for (let trial = 0; trial < 4; trial++) {
      const user = await createTestUser(db);
      const first = await issueTokens({ db, userId: user.id, role: Role.reader });
      const familyId = (await verifyAccessToken(first.accessToken))!.sid!;
      const results = await Promise.allSettled(Array.from({ length: parallel }, () => refreshTokens({ db, refreshToken: first.refreshToken })));
      const winners = results.filter((r) => r.status === "fulfilled");
      const losers = results.filter((r) => r.status === "rejected");
      expect(winners.length).toBeLessThanOrEqual(1);
      for (const loser of losers) expect((loser as PromiseRejectedResult).reason).toMatchObject({ httpStatus: 401 });
      // Reuse was seen (parallel > 1), so the family is revoked whole: the winner's new token included.
      const live = await db
        .select({ id: refreshTokensTable.id })
        .from(refreshTokensTable)
        .where(and(eq(refreshTokensTable.familyId, familyId), isNull(refreshTokensTable.revokedAt)));
      expect({ trial, live: live.length }).toEqual({ trial, live: 0 });
      for (const winner of winners) {
        const next = (winner as PromiseFulfilledResult<Awaited<ReturnType<typeof refreshTokens>>>).value;
        await expect(refreshTokens({ db, refreshToken: next.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
      }
    }
  });

  it("leave no live member when the winner rotates again at once (while the others revoke)", async () => {
    const db = await getDb();
    let escaped = 0;
    for (let trial = 0; trial < 8; trial++) {
      const user = await createTestUser(db);
      const first = await issueTokens({ db, userId: user.id, role: Role.reader });
      const familyId = (await verifyAccessToken(first.accessToken))!.sid!;
      // Each caller that wins rotates its new token straight away, as a client that refreshes eagerly would.
      const chains = await Promise.allSettled(
        Array.from({ length: 6 }, async () => {
          const next = await refreshTokens({ db, refreshToken: first.refreshToken });
          return refreshTokens({ db, refreshToken: next.refreshToken });
        }),
      );
      const live = await db
        .select({ id: refreshTokensTable.id })
        .from(refreshTokensTable)
        .where(and(eq(refreshTokensTable.familyId, familyId), isNull(refreshTokensTable.revokedAt)));
      if (live.length > 0) escaped += 1;
      for (const chain of chains) {
        if (chain.status !== "fulfilled") continue;
        await expect(refreshTokens({ db, refreshToken: chain.value.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
      }
    }
    expect(escaped).toBe(0);
  });

  it("revoke a rotation that raced a logout of the same sign-in", async () => {
    const db = await getDb();
    for (let trial = 0; trial < 8; trial++) {
      const user = await createTestUser(db);
      const first = await issueTokens({ db, userId: user.id, role: Role.reader });
      const familyId = (await verifyAccessToken(first.accessToken))!.sid!;
      await Promise.allSettled([refreshTokens({ db, refreshToken: first.refreshToken }), logout({ db, userId: user.id, refreshToken: first.refreshToken })]);
      const live = await db
        .select({ id: refreshTokensTable.id })
        .from(refreshTokensTable)
        .where(and(eq(refreshTokensTable.familyId, familyId), isNull(refreshTokensTable.revokedAt)));
      expect({ trial, live: live.length }).toEqual({ trial, live: 0 });
    }
  });

  it("still rotates a token presented once", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const first = await issueTokens({ db, userId: user.id, role: Role.reader });
    const second = await refreshTokens({ db, refreshToken: first.refreshToken });
    const third = await refreshTokens({ db, refreshToken: second.refreshToken });
    expect((await verifyAccessToken(third.accessToken))?.sid).toBe((await verifyAccessToken(first.accessToken))?.sid);
  });
});
