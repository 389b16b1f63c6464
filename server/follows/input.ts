import { z } from "zod";
import { id } from "@/lib/validation/numbers";
import { ACCOUNT_LIMITS } from "@/lib/validation/auth";

/** POST /api/Follow/Follow and /Unfollow: `{ writerId }`, a row id (else 422 with the field's error, nothing stored). */
export const followBody = z.object({ writerId: id() });

/** GET /api/Follow/Writer: `?username=` (a name of at most the registration's length). */
export const writerQuery = z.object({ username: z.string().trim().min(1).max(ACCOUNT_LIMITS.usernameMax) });
