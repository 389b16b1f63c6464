import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { notFound } from "@/server/core/errors";
import type { SignedInViewer } from "@/server/core/viewer";
import { tombstoneAccount } from "./tombstone";
import { verifyOwnPassword } from "./verify-own-password";

/**
 * POST /api/Authentication/DeleteMe `{ password }` (issue 16): a signed-in user deletes their own account, confirmed by
 * their password (a wrong one: 422 on `password`, counted per account like ChangePassword's). The account becomes the
 * administration's tombstone (docs/decisions/015): a writer's manga and chapters stay under "Deleted user", money
 * records keep their owner; favourites, progress, notifications, sessions and tokens go; every socket closes after the
 * commit. The last root that can act cannot delete itself (422 lastRootProtected). Audited as `user.delete` by the user.
 */
export async function deleteMyAccount(opts: { db: Db; viewer: SignedInViewer; password: string; locale: Locale; now?: Date }): Promise<{ id: number; deletedAt: string }> {
  const { db, viewer } = opts;
  const now = opts.now ?? new Date();
  const [user] = await db.select({ passwordHash: users.passwordHash, deletedAt: users.deletedAt }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!user || user.deletedAt) throw notFound("userNotFound");
  await verifyOwnPassword({ db, userId: viewer.userId, passwordHash: user.passwordHash, password: opts.password, field: "password", locale: opts.locale, now });
  return tombstoneAccount({ db, actorId: viewer.userId, userId: viewer.userId, now });
}
