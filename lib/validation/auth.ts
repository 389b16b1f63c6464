import { z } from "zod";
import { noControlCharacters } from "./text";
import { safeReturnPath } from "@/lib/return-path";
import { isReservedUsername, mixedScripts } from "./usernames";

/**
 * Account payloads (spec §3, §5, §7), shared by the forms (react-hook-form + zodResolver) and the
 * /api/Authentication and /api/Email routes. Every schema is a factory taking a translate function, so
 * the same rules produce the same texts in the visitor's language on both sides:
 *
 *   const t = useTranslations("validation");
 *   const schema = useMemo(() => registerSchema((key) => t(key)), [t]);   // client
 *   registerSchema(validationTranslator(locale))                           // server (server/auth/validation.ts)
 *
 * The texts live in messages/{en,ar}.json under `validation`, one entry per ValidationKey; the English
 * ones are spec §5's exact wording where the spec gives one.
 */
export const VALIDATION_KEYS = [
  "fullNameRequired", "fullNameTooLong", "usernameRequired", "usernameTooLong", "usernameInvalid", "emailRequired",
  "emailInvalid", "passwordRequired", "passwordMinLength", "passwordUppercase", "passwordSpecialChar",
  "passwordTooLong", "passwordsDoNotMatch", "roleRequired", "dateOfBirthRequired", "dateOfBirthFormat",
  "dateOfBirthRange", "tosRequired", "privacyRequired", "ageRequired", "contentSafetyRequired", "resetTokenRequired",
  "profileImageInvalid", "profileImageTooLarge", "controlCharacters", "usernameMixedScripts", "usernameReserved",
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
export type Translate = (key: ValidationKey) => string;

/** Limits the spec leaves open (recorded in docs/decisions). */
export const ACCOUNT_LIMITS = {
  fullNameMax: 100,
  usernameMax: 100,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  /** Decoded profile image bytes. */
  profileImageMaxBytes: 5 * 1024 * 1024,
  birthYearMin: 1920,
} as const;

/** Roles a visitor may choose (spec §3 selectable-role enum). */
export const SelectableRole = { reader: 0, writer: 1 } as const;
export type SelectableRole = (typeof SelectableRole)[keyof typeof SelectableRole];

/** Spec §5 (client rule, also applied by the server): a username with "@" and "." is an e-mail address. */
export function looksLikeEmail(value: string): boolean {
  return value.includes("@") && value.includes(".");
}

/** The forgot-password pattern of spec §5: text, at sign, text, dot, text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters and digits of any script, and . _ - @ (an e-mail address may serve as a username). */
const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N}._@-]+$/u;
const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * dd/MM/yyyy → ISO yyyy-MM-dd, or null when the text is not a real calendar date in that format.
 * (The birth-date picker assembles the value only when day, month and a 4-digit year are all set.)
 */
export function parseBirthDate(value: string): string | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [, dd = "", mm = "", yyyy = ""] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** ISO yyyy-MM-dd (as stored) → the spec's dd/MM/yyyy. */
export function formatBirthDate(iso: string): string {
  const [y = "", m = "", d = ""] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** Single-line text: control characters (tab, line break, NUL…) are refused first (lib/validation/text.ts). */
function singleLine(t: Translate, error: string) {
  return noControlCharacters(z.string({ error }), t("controlCharacters"));
}

function requiredText(t: Translate, required: ValidationKey, tooLong: ValidationKey, max: number) {
  return singleLine(t, t(required))
    .trim()
    .min(1, { error: t(required) })
    .max(max, { error: t(tooLong) });
}

function fullNameField(t: Translate) {
  return requiredText(t, "fullNameRequired", "fullNameTooLong", ACCOUNT_LIMITS.fullNameMax);
}

function usernameField(t: Translate) {
  return requiredText(t, "usernameRequired", "usernameTooLong", ACCOUNT_LIMITS.usernameMax)
    .refine((v) => v === "" || USERNAME_PATTERN.test(v), { error: t("usernameInvalid"), abort: true })
    // One script per name (TR39), so `rооt` with Cyrillic letters cannot pass for `root` (issue 19, item 8).
    .refine((v) => !mixedScripts(v), { error: t("usernameMixedScripts"), abort: true })
    // A deleted account's tombstone name (`deleted-<id>`) is nobody's to take (issue 27, item 5).
    .refine((v) => !isReservedUsername(v), { error: t("usernameReserved") });
}

function emailField(t: Translate) {
  return singleLine(t, t("emailRequired"))
    .trim()
    .min(1, { error: t("emailRequired") })
    .refine((v) => v === "" || (v.length <= ACCOUNT_LIMITS.emailMax && EMAIL_PATTERN.test(v)), { error: t("emailInvalid") });
}

/** Register and reset (reading B): at least 6 characters, one uppercase letter, one non-alphanumeric. */
function newPasswordField(t: Translate) {
  return z
    .string({ error: t("passwordRequired") })
    .min(1, { error: t("passwordRequired") })
    .refine((v) => v === "" || v.length >= ACCOUNT_LIMITS.passwordMin, { error: t("passwordMinLength") })
    .max(ACCOUNT_LIMITS.passwordMax, { error: t("passwordTooLong") })
    .refine((v) => v === "" || /\p{Lu}/u.test(v), { error: t("passwordUppercase") })
    .refine((v) => v === "" || /[^\p{L}\p{N}]/u.test(v), { error: t("passwordSpecialChar") });
}

function roleField(t: Translate) {
  return z.union([z.literal(SelectableRole.reader), z.literal(SelectableRole.writer)], { error: t("roleRequired") });
}

function dateOfBirthField(t: Translate) {
  return z
    .string({ error: t("dateOfBirthRequired") })
    .trim()
    .min(1, { error: t("dateOfBirthRequired") })
    .refine((v) => v === "" || parseBirthDate(v) !== null, { error: t("dateOfBirthFormat") })
    .refine(
      (v) => {
        const iso = parseBirthDate(v);
        if (iso === null) return true; // empty or malformed: reported above
        const today = new Date().toISOString().slice(0, 10);
        return Number(iso.slice(0, 4)) >= ACCOUNT_LIMITS.birthYearMin && iso <= today;
      },
      { error: t("dateOfBirthRange") },
    );
}

/** Runs object-level rules even when some field already failed, so a form shows every error at once. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

function mustMatch(ctx: z.core.$RefinementCtx<unknown>, data: Record<string, unknown>, t: Translate): void {
  if (typeof data.password === "string" && data.confirmPassword !== data.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("passwordsDoNotMatch") });
  }
}

const WRITER_CONSENTS = [
  ["tosConfirm", "tosRequired"],
  ["privacyConfirm", "privacyRequired"],
  ["ageConfirm", "ageRequired"],
  ["contentSafetyConfirm", "contentSafetyRequired"],
] as const satisfies ReadonlyArray<readonly [string, ValidationKey]>;

/**
 * POST /api/Authentication/Register and the register form. A username containing "@" and "." is also
 * the e-mail address (spec §5): then `email` may be left empty and the output's `email` is the username.
 */
export function registerSchema(t: Translate) {
  const email = emailField(t);
  return z
    .object({
      fullName: fullNameField(t),
      username: usernameField(t),
      /** Checked below, since a username that is an e-mail address stands in for it. */
      email: singleLine(t, t("emailRequired")).trim().optional(),
      password: newPasswordField(t),
      confirmPassword: z.string({ error: t("passwordsDoNotMatch") }),
      role: roleField(t),
      dateOfBirth: dateOfBirthField(t),
      tosConfirm: z.boolean().optional(),
      privacyConfirm: z.boolean().optional(),
      ageConfirm: z.boolean().optional(),
      contentSafetyConfirm: z.boolean().optional(),
      /**
       * Where the visitor was going when sent to register (`?next=`, lib/return-path.ts): the verification mail's link
       * carries it on to the login after verifying. Only this site's return paths are kept; anything else is dropped.
       */
      next: z.string().optional().transform((v) => safeReturnPath(v)),
    })
    .superRefine((raw, ctx) => {
      const data = raw as Record<string, unknown>;
      if (!usernameIsEmail(data.username) && (data.email === undefined || typeof data.email === "string")) {
        const result = email.safeParse(data.email ?? "");
        for (const issue of result.error?.issues ?? []) ctx.addIssue({ code: "custom", path: ["email"], message: issue.message });
      }
      mustMatch(ctx, data, t);
      if (data.role !== SelectableRole.writer) return;
      for (const [field, key] of WRITER_CONSENTS) {
        if (data[field] !== true) ctx.addIssue({ code: "custom", path: [field], message: t(key) });
      }
    }, always)
    .transform(({ email: typed, ...data }) => ({ ...data, email: usernameIsEmail(data.username) ? data.username : (typed ?? "") }));
}

function usernameIsEmail(username: unknown): username is string {
  return typeof username === "string" && looksLikeEmail(username);
}
export type RegisterInput = z.input<ReturnType<typeof registerSchema>>;
export type RegisterPayload = z.output<ReturnType<typeof registerSchema>>;

/**
 * POST /api/Authentication/Login and the login form: `username` (or `email`) and `password`. The form's
 * single "username or e-mail" field is `username`; optional provider tokens are accepted and ignored.
 */
export function loginSchema(t: Translate) {
  return z
    .object({
      username: noControlCharacters(z.string(), t("controlCharacters")).trim().max(ACCOUNT_LIMITS.emailMax, { error: t("usernameTooLong") }).optional(),
      email: noControlCharacters(z.string(), t("controlCharacters")).trim().max(ACCOUNT_LIMITS.emailMax, { error: t("emailInvalid") }).optional(),
      password: z
        .string({ error: t("passwordRequired") })
        .min(1, { error: t("passwordRequired") })
        .max(1024, { error: t("passwordTooLong") }),
      firebaseToken: z.string().max(8192).nullish(),
      turnstileToken: z.string().max(8192).nullish(),
    })
    .superRefine((data, ctx) => {
      if (!data.username && !data.email) {
        ctx.addIssue({ code: "custom", path: ["username"], message: t("usernameRequired") });
      }
    }, always);
}
export type LoginInput = z.input<ReturnType<typeof loginSchema>>;
export type LoginPayload = z.output<ReturnType<typeof loginSchema>>;

/**
 * POST /api/Email/SendResetPasswordEmail (and SendVerifyEmail), body `toemail`; also the forgot-password
 * form (field `toemail`). Required, then text@text.text (spec §5).
 */
export function forgotPasswordSchema(t: Translate) {
  return z.object({ toemail: emailField(t) });
}
export const sendVerifyEmailSchema = forgotPasswordSchema;
export type ForgotPasswordPayload = z.output<ReturnType<typeof forgotPasswordSchema>>;

/**
 * Reset password, reading B of spec §5 (the register rules: 6+ characters, an uppercase letter and a
 * non-alphanumeric character; the confirmation must match). One password policy everywhere: a password
 * accepted at registration is accepted at reset and the other way round.
 * The form uses `resetPasswordFormSchema` (password, confirmPassword; the token comes from the URL); the
 * API body is `{ token, Password, ConfirmPassword }` (names match case-insensitively).
 */
export function resetPasswordFormSchema(t: Translate) {
  return z
    .object({ password: newPasswordField(t), confirmPassword: z.string({ error: t("passwordsDoNotMatch") }) })
    .superRefine((data, ctx) => mustMatch(ctx, data, t), always);
}
export function resetPasswordSchema(t: Translate) {
  return z
    .object({
      token: singleLine(t, t("resetTokenRequired")).trim().min(1, { error: t("resetTokenRequired") }).max(512, {
        error: t("resetTokenRequired"),
      }),
      password: newPasswordField(t),
      confirmPassword: z.string({ error: t("passwordsDoNotMatch") }),
    })
    .superRefine((data, ctx) => mustMatch(ctx, data, t), always);
}
export type ResetPasswordPayload = z.output<ReturnType<typeof resetPasswordSchema>>;

/** POST /api/Authentication/FirebaseMigration and the must-select-role screen. */
export function selectRoleSchema(t: Translate) {
  return z.object({ userRoleType: roleField(t), dateOfBirth: dateOfBirthField(t) });
}
export type SelectRolePayload = z.output<ReturnType<typeof selectRoleSchema>>;

/**
 * POST /api/Authentication/UpdateSelf: any of full name, username, e-mail and profile image (base64,
 * optionally as a data: URL; null or "" removes it). Anything else in the body (role, balance, banned…)
 * is dropped here and never reaches the database.
 */
export function updateSelfSchema(t: Translate) {
  const maxBase64 = Math.ceil((ACCOUNT_LIMITS.profileImageMaxBytes * 4) / 3) + 128;
  return z.object({
    fullName: fullNameField(t).optional(),
    username: usernameField(t).optional(),
    email: emailField(t).optional(),
    profileImage: z
      .string({ error: t("profileImageInvalid") })
      .max(maxBase64, { error: t("profileImageTooLarge") })
      .regex(/^(data:image\/[a-z+.-]+;base64,)?[A-Za-z0-9+/=\s_-]*$/, { error: t("profileImageInvalid") })
      .nullish(),
    /** The theme kept on the account (issue 16): the dashboard applies it on sign-in and when it changes. */
    theme: z.enum(ACCOUNT_THEMES).optional(),
    /**
     * The account's current password: needed when `email` changes (issue 27, item 6; whether it is given and right is
     * the server's 422 on this field, since only it knows the current address).
     */
    currentPassword: z.string({ error: t("passwordRequired") }).max(1024, { error: t("passwordTooLong") }).optional(),
    /** Where a writer's payouts are sent (issue 16 §3); null or "" removes it. */
    payoutEmail: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), emailField(t).nullish()),
  });
}
export type UpdateSelfPayload = z.output<ReturnType<typeof updateSelfSchema>>;

/** Themes an account may keep (users.theme): "system" follows the device. */
export const ACCOUNT_THEMES = ["system", "light", "dark"] as const;
export type AccountTheme = (typeof ACCOUNT_THEMES)[number];

/**
 * POST /api/Authentication/ChangePassword and the profile page's password form (issue 16): the current password, and a
 * new one under register's rules and texts, confirmed. Whether the current one is right is the server's 422.
 */
export function changePasswordSchema(t: Translate) {
  return z
    .object({
      currentPassword: z
        .string({ error: t("passwordRequired") })
        .min(1, { error: t("passwordRequired") })
        .max(1024, { error: t("passwordTooLong") }),
      newPassword: newPasswordField(t),
      confirmPassword: z.string({ error: t("passwordsDoNotMatch") }),
    })
    .superRefine((data, ctx) => {
      if (typeof data.newPassword === "string" && data.confirmPassword !== data.newPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("passwordsDoNotMatch") });
      }
    }, always);
}
export type ChangePasswordPayload = z.output<ReturnType<typeof changePasswordSchema>>;

/** POST /api/Authentication/DeleteMe and the profile page's deletion dialog: the account's password, confirmed. */
export function deleteMeSchema(t: Translate) {
  return z.object({
    password: z
      .string({ error: t("passwordRequired") })
      .min(1, { error: t("passwordRequired") })
      .max(1024, { error: t("passwordTooLong") }),
  });
}
export type DeleteMePayload = z.output<ReturnType<typeof deleteMeSchema>>;
