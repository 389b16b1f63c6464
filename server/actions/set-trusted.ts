"use server";

import { getDb } from "@/db/client";
import { AppError } from "@/server/core/errors";
import { getSessionUser } from "@/server/auth/session";
import { setWriterTrusted } from "@/server/publishing/set-writer-trusted";
import { Role } from "@/lib/enums";

export type TrustResult = { ok: true; trusted: boolean } | { ok: false; status: number };

/**
 * Server actions that client components call (components may import nothing from app/, so the actions they call live
 * here). Root marks the author of a submission trusted (their chapters are accepted on upload) or takes it back.
 */
export async function setTrustedAction(userId: number, trusted: boolean): Promise<TrustResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, status: 401 };
  if (!Number.isSafeInteger(userId) || userId <= 0 || typeof trusted !== "boolean") return { ok: false, status: 400 };
  try {
    const result = await setWriterTrusted({ db: await getDb(), actor: { userId: user.id, role: user.role as Role }, userId, trusted });
    return { ok: true, trusted: result.trusted };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.httpStatus };
    throw error;
  }
}
