import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { forbidden, notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { type SignedInViewer, isRoot } from "@/server/core/viewer";

/**
 * Root marks a writer trusted (their chapters of accepted manga are accepted on upload) or takes it back
 * (docs/decisions/013). Audited as `user.trust` / `user.untrust`. Only writers can be trusted.
 */
export async function setWriterTrusted({ db, actor, userId, trusted }: { db: Db; actor: SignedInViewer; userId: number; trusted: boolean }): Promise<{ userId: number; trusted: boolean }> {
  if (!isRoot(actor)) throw forbidden();
  return runUnitOfWork(db, async (uow) => {
    const [row] = await uow.tx
      .update(users)
      .set({ trusted, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.role, Role.writer)))
      .returning({ id: users.id, trusted: users.trusted });
    if (!row) throw notFound("userNotFound");
    await audit(uow.tx, { actorId: actor.userId, action: trusted ? "user.trust" : "user.untrust", subject: { type: "user", id: userId } });
    return { userId: row.id, trusted: row.trusted };
  });
}
