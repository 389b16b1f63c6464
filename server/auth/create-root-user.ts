import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { userSearchTextFor } from "@/lib/search-fold";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { registerSchema } from "@/lib/validation/auth";
import { findUserByEmail, takenBy } from "./find-user";
import { hashPassword } from "./password";
import { validationTranslator } from "./validation";

/** Root passwords must be longer than the registration minimum. */
export const ROOT_PASSWORD_MIN = 10;

export class CreateRootError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "CreateRootError";
  }
}

/**
 * `npm run user:create-root`: a verified root (role 4) account on whatever database is configured, since
 * no account with a known password exists outside the demo. The registration rules apply to the fields
 * (English texts), plus at least ROOT_PASSWORD_MIN characters; a taken username or e-mail is refused.
 */
export async function createRootUser(opts: {
  db: Db;
  username: string;
  email: string;
  fullName: string;
  password: string;
}): Promise<{ id: number; username: string; email: string }> {
  const { db } = opts;
  const schema = registerSchema(validationTranslator("en"));
  const parsed = schema.safeParse({
    fullName: opts.fullName,
    username: opts.username,
    email: opts.email,
    password: opts.password,
    confirmPassword: opts.password,
    role: 0,
    dateOfBirth: "01/01/2000",
  });
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (opts.password.length < ROOT_PASSWORD_MIN) problems.push(`password: Root passwords need at least ${ROOT_PASSWORD_MIN} characters`);
  if (!parsed.success || problems.length > 0) throw new CreateRootError(problems);
  const input = parsed.data;

  const taken = await takenBy(db, { username: input.username, email: input.email });
  if (taken === "username") throw new CreateRootError([`username: "${input.username}" is already taken`]);
  if (taken === "email" || (await findUserByEmail(db, input.email))) {
    throw new CreateRootError([`email: "${input.email}" is already registered`]);
  }

  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email,
      fullName: input.fullName,
      searchText: userSearchTextFor(input.username, input.fullName, input.email),
      usernameSkeleton: usernameSkeleton(input.username),
      passwordHash: await hashPassword(input.password),
      role: Role.root,
      emailVerified: true,
      emailVerifiedAt: now,
      mustSelectRole: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id, username: users.username, email: users.email });
  if (!row) throw new Error("users insert returned no row");
  return row;
}
