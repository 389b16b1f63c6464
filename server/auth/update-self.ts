import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pick } from "@/db/columns";
import { users } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { userSearchTextFor } from "@/lib/search-fold";
import { ACCOUNT_LIMITS, type UpdateSelfPayload } from "@/lib/validation/auth";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { notFound, validation } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { MediaError } from "@/server/media/errors";
import { MediaKind } from "@/server/media/kind";
import { processImage } from "@/server/media/process-image";
import { mediaIdFor, storeMedia, type MediaToStore } from "@/server/media/store-media";
import { EmailTokenKind } from "@/lib/enums";
import { emailChangeRequestedMail, emailInUseMail } from "@/server/account/mails";
import { verifyOwnPassword } from "@/server/account/verify-own-password";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { confirmEmailChangeLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { accountLocale, confirmEmailChangeMail } from "@/server/mail/templates";
import { confusableUsernameError, duplicateAccountError } from "./conflicts";
import { createEmailToken } from "./email-tokens";
import { confusableWithAnother, isSkeletonViolation, isUniqueViolation, lowerEq, takenBy } from "./find-user";
import { getCurrentUser } from "./get-current-user";
import type { CurrentUser, ImageFormat } from "./types";
import { authorRenamed } from "@/server/manga/author-search";
import { validationTranslator } from "./validation";

/** Profile images are stored at most this wide (re-encoded JPEG). */
export const PROFILE_IMAGE_WIDTH = 512;

/**
 * POST /api/Authentication/UpdateSelf: the caller's own full name, username, e-mail, profile image, theme and payout e-mail
 * (issue 16: "system", "light" or "dark"), nothing else (role, balance and ban state are not in the schema, so a body
 * carrying them changes nothing). The image arrives as base64 and is sniffed, decoded with limits and re-encoded
 * (server/media); sending back the image the API returned keeps it as it is. 409 when the username is taken.
 *
 * A new e-mail address (issue 27, item 6) needs the current password (`currentPassword`: 422 on it when missing or
 * wrong, wrong ones counted per account) and is not applied here: a link goes to the new address (ConfirmEmailChange
 * applies it, server/auth/confirm-email-change.ts) and the old address is told of the request. The answer is the same
 * whether or not another account has the address; the mail to a taken address says so instead, and carries no link.
 * Limited per account (RATE_RULES.emailChangeUser) and per new address (mailTarget). A change of the username is
 * limited per account too (usernameChangeUser), so its 409 is no unlimited oracle. Only a change of the address's
 * letter case applies at once.
 */
export async function updateSelf(opts: {
  db: Db;
  userId: number;
  input: UpdateSelfPayload;
  locale: Locale;
  imageFormat?: ImageFormat;
  now?: Date;
}): Promise<{ user: CurrentUser; emailChangeRequested: string | null }> {
  const { db, userId, input, locale } = opts;
  const now = opts.now ?? new Date();
  const [current] = await db
    .select(pick(users, "username", "email", "fullName", "passwordHash", "profileImageId", "theme", "payoutEmail", "locale", "banned", "deletedAt"))
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current || current.banned || current.deletedAt) throw notFound("userNotFound");

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== undefined && input.fullName !== current.fullName) changes.fullName = input.fullName;
  if (input.username !== undefined && input.username !== current.username) {
    changes.username = input.username;
    changes.usernameSkeleton = usernameSkeleton(input.username);
  }
  // Another address is only requested here; the same address in another letter case is kept at once.
  const newEmail = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase() ? input.email : null;
  if (input.email !== undefined && !newEmail && input.email !== current.email) changes.email = input.email;
  if (input.theme !== undefined && input.theme !== current.theme) changes.theme = input.theme;
  if (input.payoutEmail !== undefined && (input.payoutEmail ?? null) !== current.payoutEmail) changes.payoutEmail = input.payoutEmail ?? null;
  if (changes.fullName !== undefined || changes.username !== undefined || changes.email !== undefined) {
    changes.searchText = userSearchTextFor(changes.username ?? current.username, changes.fullName ?? current.fullName, changes.email ?? current.email);
  }

  const subject = `user:${userId}`;
  if (newEmail) {
    if (!input.currentPassword) throw validation({ currentPassword: [validationTranslator(locale)("passwordRequired")] });
    await verifyOwnPassword({ db, userId, passwordHash: current.passwordHash, password: input.currentPassword, field: "currentPassword", locale, now });
    await enforceRateLimit({ db, rule: RATE_RULES.emailChangeUser, subject, now });
    await enforceRateLimit({ db, rule: RATE_RULES.mailTarget, subject: newEmail, now });
  }
  if (changes.username !== undefined) await enforceRateLimit({ db, rule: RATE_RULES.usernameChangeUser, subject, now });

  // The image is decoded and re-encoded before the transaction, so no transaction waits on it.
  const image = input.profileImage === undefined ? undefined : await profileImage(input.profileImage, current.profileImageId, locale);
  if (image && image.id !== current.profileImageId) changes.profileImageId = image.id;

  if (Object.keys(changes).length > 0 || newEmail) {
    const taken = await takenBy(db, {
      username: changes.username && changes.username.toLowerCase() !== current.username.toLowerCase() ? changes.username : undefined,
      exceptId: userId,
    });
    if (taken) throw duplicateAccountError(taken, locale);
    if (changes.username !== undefined && (await confusableWithAnother(db, changes.username, userId))) throw confusableUsernameError(locale);
    try {
      // The new image, the account's changes, the change link's token and the mail rows are one transaction; the mails
      // go after it commits.
      await runUnitOfWork(db, async (uow) => {
        if (image?.store && changes.profileImageId) await storeMedia(uow.tx, image.store);
        if (Object.keys(changes).length > 0) await uow.tx.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId));
        if (changes.username !== undefined) await authorRenamed(uow, userId, changes.username);
        if (newEmail) {
          const name = changes.fullName ?? current.fullName;
          // Mails are in the account's language (issue 28); a taken address's holder gets theirs.
          const mailLocale = accountLocale(current.locale, locale);
          // A token either way (the same work for a taken address as for a free one); the link goes only to a free one.
          const token = await createEmailToken({ db: uow.tx, userId, kind: EmailTokenKind.ChangeEmail, newEmail, now });
          const [holder] = await uow.tx
            .select({ id: users.id, locale: users.locale })
            .from(users)
            .where(and(lowerEq(users.email, newEmail), isNull(users.deletedAt)))
            .limit(1);
          if (holder && holder.id !== userId) {
            const mail = emailInUseMail({ locale: accountLocale(holder.locale, mailLocale) });
            await sendMailAfterCommit(uow, { db, to: newEmail, ...mail });
          } else {
            const link = confirmEmailChangeLink(mailLocale, token);
            await sendMailAfterCommit(uow, { db, to: newEmail, link, ...confirmEmailChangeMail({ locale: mailLocale, name, link }) });
          }
          // The old address is told (issue 16): if the request was not its owner's, they learn of it there.
          const notice = emailChangeRequestedMail({ locale: mailLocale, name: current.fullName, newEmail });
          await sendMailAfterCommit(uow, { db, to: current.email, ...notice });
        }
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (isSkeletonViolation(err)) throw confusableUsernameError(locale);
      throw duplicateAccountError(changes.username ? "username" : "email", locale);
    }
  }

  const user = await getCurrentUser({ db, userId, imageFormat: opts.imageFormat ?? "base64" });
  if (!user) throw notFound("userNotFound");
  return { user, emailChangeRequested: newEmail };
}

/**
 * The media id for the submitted image (null removes it; the current image's own bytes keep it) and, for a new image,
 * the re-encoded bytes to store with the account's change.
 */
async function profileImage(
  value: string | null,
  currentId: string | null,
  locale: Locale,
): Promise<{ id: string | null; store?: MediaToStore }> {
  if (value === null) return { id: null };
  const base64 = value.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (base64 === "") return { id: null };
  const t = validationTranslator(locale);
  const bytes = Buffer.from(base64, base64.includes("-") || base64.includes("_") ? "base64url" : "base64");
  if (bytes.byteLength === 0) throw validation({ profileImage: [t("profileImageInvalid")] });
  if (bytes.byteLength > ACCOUNT_LIMITS.profileImageMaxBytes) throw validation({ profileImage: [t("profileImageTooLarge")] });
  if (currentId && mediaIdFor(bytes) === currentId) return { id: currentId };
  try {
    const encoded = await processImage({ input: bytes, maxWidth: PROFILE_IMAGE_WIDTH, maxBytes: ACCOUNT_LIMITS.profileImageMaxBytes });
    return { id: mediaIdFor(encoded.bytes), store: { ...encoded, kind: MediaKind.Avatar } };
  } catch (err) {
    if (!(err instanceof MediaError)) throw err;
    const key = err.code === "TOO_LARGE" || err.code === "TOO_MANY_PIXELS" ? "profileImageTooLarge" : "profileImageInvalid";
    throw validation({ profileImage: [t(key)] });
  }
}
