"use server";

import { getDb } from "@/db/client";
import type { Role } from "@/lib/enums";
import { AppError } from "@/server/core/errors";
import { getSessionUser } from "@/server/auth/session";
import { findRecipient, type Recipient } from "@/server/notifications/find-recipient";

export type FindRecipientResult = { ok: true; recipient: Recipient | null } | { ok: false; status: number };

/** Root's composer: the account a typed username (or id) names, for SendNotificationToUser. */
export async function findRecipientAction(query: string): Promise<FindRecipientResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, status: 401 };
  if (typeof query !== "string") return { ok: false, status: 400 };
  try {
    const recipient = await findRecipient({ db: await getDb(), viewer: { userId: user.id, role: user.role as Role }, query: query.slice(0, 200) });
    return { ok: true, recipient };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.httpStatus };
    throw error;
  }
}
