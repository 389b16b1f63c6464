import { z } from "zod";
import { userSearchTextFor } from "@/lib/search-fold";
import { users } from "@/db/schema";
import { defineRoute } from "@/server/http/route";
import { hashPassword } from "@/server/auth/password";
import { assertTestRoutesEnabled } from "../enabled";

const Body = z.object({
  username: z.string().trim().min(3).max(50),
  password: z.string().min(6).max(100),
  fullName: z.string().trim().min(1).max(100).default("Test User"),
  role: z.union([z.literal(0), z.literal(1)]).default(0),
  /** How old the account looks (ratings count only from a day old, docs/decisions/028). */
  ageDays: z.number().int().min(0).max(3650).default(0),
});

/**
 * POST /api/test/create-user { username, password, fullName?, role?, ageDays? } — a verified reader or writer for a browser test,
 * without the registration route's per-address limit (every test runs from 127.0.0.1, and a full run with retries
 * would meet it). Test-only, see ../enabled.ts. Answers the account's id.
 */
export const POST = defineRoute({
  key: "POST /api/test/create-user",
  guard: assertTestRoutesEnabled,
  body: Body,
  handler: async ({ body: input, ctx }) => {
    const db = await ctx.db;
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: `${input.username.toLowerCase()}@example.com`,
        fullName: input.fullName,
        searchText: userSearchTextFor(input.username, input.fullName, `${input.username.toLowerCase()}@example.com`),
        passwordHash: await hashPassword(input.password),
        role: input.role,
        dateOfBirth: "1999-11-05",
        emailVerified: true,
        emailVerifiedAt: new Date(),
        createdAt: new Date(Date.now() - input.ageDays * 24 * 60 * 60 * 1000),
      })
      .returning({ id: users.id, username: users.username });
    return row;
  },
});
