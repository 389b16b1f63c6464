import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import { validationTranslator } from "@/server/auth/validation";
import {
  forgotPasswordSchema, formatBirthDate, loginSchema, parseBirthDate, registerSchema, resetPasswordFormSchema,
  resetPasswordSchema, selectRoleSchema, updateSelfSchema, VALIDATION_KEYS, type RegisterInput, type RegisterPayload,
  type Translate, type ValidationKey,
} from "./auth";

const tEn = validationTranslator("en");
const tAr = validationTranslator("ar");

/** Field → messages of a failed parse (empty object on success). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join(".") || "_form"] ??= []).push(issue.message);
  return out;
}

const reader = {
  fullName: "Alex Morgan",
  username: "alex",
  email: "alex@example.com",
  password: "Secret#1",
  confirmPassword: "Secret#1",
  role: 0,
  dateOfBirth: "14/02/2000",
};
const writer = { ...reader, role: 1, tosConfirm: true, privacyConfirm: true, ageConfirm: true, contentSafetyConfirm: true };

describe("validation texts", () => {
  it("exist for every key in both languages, and nothing else", () => {
    expect(Object.keys(en.validation).sort()).toEqual([...VALIDATION_KEYS].sort());
    expect(Object.keys(ar.validation).sort()).toEqual([...VALIDATION_KEYS].sort());
    for (const key of VALIDATION_KEYS) {
      expect(tAr(key).trim()).not.toBe("");
      expect(tAr(key)).not.toBe(tEn(key));
      expect(tAr(key), key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("keep spec §5's exact English wording", () => {
    const spec: Partial<Record<ValidationKey, string>> = {
      fullNameRequired: "Name is required",
      usernameRequired: "Username is required",
      emailRequired: "Email is required",
      emailInvalid: "Invalid email format",
      passwordRequired: "Password is required",
      passwordMinLength: "Password must be at least 6 characters long",
      passwordsDoNotMatch: "Passwords do not match",
      roleRequired: "Role is required",
      dateOfBirthFormat: "Date of birth must be in the format dd/MM/yyyy",
      tosRequired: "You must accept the terms of service",
      privacyRequired: "You must accept the privacy policy",
      ageRequired: "You must confirm you meet the age requirement",
      contentSafetyRequired: "You must accept the content safety guidelines",
      resetTokenRequired: "Token is required to reset password",
    };
    for (const [key, text] of Object.entries(spec)) expect(tEn(key as ValidationKey)).toBe(text);
  });
});

describe.each([
  ["en", tEn],
  ["ar", tAr],
] as const)("registerSchema (%s)", (_locale, t: Translate) => {
  const schema = registerSchema(t);

  it("accepts a reader and a writer", () => {
    expect(errorsOf(schema, reader)).toEqual({});
    expect(errorsOf(schema, writer)).toEqual({});
    const parsed = schema.parse({ ...reader, fullName: "  Alex  " });
    expect(parsed.fullName).toBe("Alex");
  });

  it("answers every required field with its own text", () => {
    expect(errorsOf(schema, { role: 0 })).toEqual({
      fullName: [t("fullNameRequired")],
      username: [t("usernameRequired")],
      email: [t("emailRequired")],
      password: [t("passwordRequired")],
      confirmPassword: [t("passwordsDoNotMatch")],
      dateOfBirth: [t("dateOfBirthRequired")],
    });
    expect(errorsOf(schema, { ...reader, fullName: "   ", username: "", email: "" })).toEqual({
      fullName: [t("fullNameRequired")],
      username: [t("usernameRequired")],
      email: [t("emailRequired")],
    });
  });

  it("checks the e-mail format", () => {
    for (const email of ["alex", "alex@example", "a b@example.com", "@example.com"]) {
      expect(errorsOf(schema, { ...reader, email })).toEqual({ email: [t("emailInvalid")] });
    }
  });

  it("applies the password rules", () => {
    expect(errorsOf(schema, { ...reader, password: "Ab#1", confirmPassword: "Ab#1" })).toEqual({ password: [t("passwordMinLength")] });
    expect(errorsOf(schema, { ...reader, password: "secret#1", confirmPassword: "secret#1" })).toEqual({ password: [t("passwordUppercase")] });
    expect(errorsOf(schema, { ...reader, password: "Secret12", confirmPassword: "Secret12" })).toEqual({ password: [t("passwordSpecialChar")] });
    expect(errorsOf(schema, { ...reader, confirmPassword: "Secret#2" })).toEqual({ confirmPassword: [t("passwordsDoNotMatch")] });
    const long = `A#${"a".repeat(127)}`;
    expect(errorsOf(schema, { ...reader, password: long, confirmPassword: long })).toEqual({ password: [t("passwordTooLong")] });
  });

  it("reports a mismatch together with other field errors", () => {
    expect(errorsOf(schema, { ...reader, fullName: "", confirmPassword: "other" })).toEqual({
      fullName: [t("fullNameRequired")],
      confirmPassword: [t("passwordsDoNotMatch")],
    });
  });

  it("allows only the reader and writer roles", () => {
    for (const role of [2, 3, 4, -1, "0", null, undefined]) {
      expect(errorsOf(schema, { ...reader, role })).toEqual({ role: [t("roleRequired")] });
    }
  });

  it("wants the date of birth as a real dd/MM/yyyy date from 1920 to today", () => {
    for (const dateOfBirth of ["2000-02-14", "14/2/2000", "31/02/2000", "00/01/2000", "14/13/2000", "14/02/00"]) {
      expect(errorsOf(schema, { ...reader, dateOfBirth })).toEqual({ dateOfBirth: [t("dateOfBirthFormat")] });
    }
    expect(errorsOf(schema, { ...reader, dateOfBirth: "" })).toEqual({ dateOfBirth: [t("dateOfBirthRequired")] });
    expect(errorsOf(schema, { ...reader, dateOfBirth: "31/12/1919" })).toEqual({ dateOfBirth: [t("dateOfBirthRange")] });
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(errorsOf(schema, { ...reader, dateOfBirth: `01/01/${nextYear}` })).toEqual({ dateOfBirth: [t("dateOfBirthRange")] });
    expect(errorsOf(schema, { ...reader, dateOfBirth: "29/02/2000" })).toEqual({});
  });

  it("requires the writer's four consents, each with its own text", () => {
    expect(errorsOf(schema, { ...writer, tosConfirm: false, privacyConfirm: undefined, ageConfirm: false, contentSafetyConfirm: false })).toEqual({
      tosConfirm: [t("tosRequired")],
      privacyConfirm: [t("privacyRequired")],
      ageConfirm: [t("ageRequired")],
      contentSafetyConfirm: [t("contentSafetyRequired")],
    });
    expect(errorsOf(schema, { ...writer, ageConfirm: false })).toEqual({ ageConfirm: [t("ageRequired")] });
    // Readers are not asked.
    expect(errorsOf(schema, { ...reader, tosConfirm: false })).toEqual({});
  });

  it("has form-friendly input and output types", () => {
    expectTypeOf<RegisterInput["username"]>().toEqualTypeOf<string>();
    expectTypeOf<RegisterInput["email"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RegisterInput["role"]>().toEqualTypeOf<0 | 1>();
    expectTypeOf<RegisterPayload["email"]>().toEqualTypeOf<string>();
  });

  it("uses a username with @ and . as the e-mail address (spec §5)", () => {
    const parsed = schema.parse({ ...reader, username: "alex@example.org", email: "" });
    expect(parsed.email).toBe("alex@example.org");
    expect(schema.parse({ ...reader, username: "alex@example.org", email: "other@example.com" }).email).toBe("alex@example.org");
  });

  it("refuses usernames with spaces or symbols", () => {
    expect(errorsOf(schema, { ...reader, username: "alex morgan" })).toEqual({ username: [t("usernameInvalid")] });
    expect(errorsOf(schema, { ...reader, username: "<script>" })).toEqual({ username: [t("usernameInvalid")] });
    expect(errorsOf(schema, { ...reader, username: "ريم_العلي" })).toEqual({});
  });
});

describe.each([
  ["en", tEn],
  ["ar", tAr],
] as const)("the other account schemas (%s)", (_locale, t: Translate) => {
  it("login: username and password required", () => {
    expect(errorsOf(loginSchema(t), {})).toEqual({ username: [t("usernameRequired")], password: [t("passwordRequired")] });
    expect(errorsOf(loginSchema(t), { username: "  ", password: "" })).toEqual({ username: [t("usernameRequired")], password: [t("passwordRequired")] });
    expect(errorsOf(loginSchema(t), { email: "a@b.co", password: "x" })).toEqual({});
    expect(errorsOf(loginSchema(t), { username: "alex", password: "x", firebaseToken: "", turnstileToken: null })).toEqual({});
  });

  it("forgot password: toemail required and text@text.text", () => {
    expect(errorsOf(forgotPasswordSchema(t), {})).toEqual({ toemail: [t("emailRequired")] });
    expect(errorsOf(forgotPasswordSchema(t), { toemail: "alex@example" })).toEqual({ toemail: [t("emailInvalid")] });
    expect(forgotPasswordSchema(t).parse({ toemail: " alex@example.com " })).toEqual({ toemail: "alex@example.com" });
  });

  it("reset password (reading B): the register rules and a matching confirmation", () => {
    expect(errorsOf(resetPasswordSchema(t), { password: "Secret#1", confirmPassword: "Secret#1" })).toEqual({ token: [t("resetTokenRequired")] });
    expect(errorsOf(resetPasswordSchema(t), { token: "x", password: "short", confirmPassword: "other" })).toEqual({
      password: [t("passwordMinLength"), t("passwordUppercase"), t("passwordSpecialChar")],
      confirmPassword: [t("passwordsDoNotMatch")],
    });
    expect(errorsOf(resetPasswordFormSchema(t), { password: "Secret#1", confirmPassword: "Secret#1" })).toEqual({});
  });

  it("select role: reader or writer and a date of birth", () => {
    expect(errorsOf(selectRoleSchema(t), {})).toEqual({ userRoleType: [t("roleRequired")], dateOfBirth: [t("dateOfBirthRequired")] });
    expect(errorsOf(selectRoleSchema(t), { userRoleType: 4, dateOfBirth: "1/1/2000" })).toEqual({
      userRoleType: [t("roleRequired")],
      dateOfBirth: [t("dateOfBirthFormat")],
    });
    expect(errorsOf(selectRoleSchema(t), { userRoleType: 1, dateOfBirth: "05/06/1990" })).toEqual({});
  });

  it("update self: only the four fields survive, each validated when present", () => {
    const parsed = updateSelfSchema(t).parse({ fullName: "New", role: 4, balance: 1000, banned: false, emailVerified: true });
    expect(parsed).toEqual({ fullName: "New" });
    expect(errorsOf(updateSelfSchema(t), { username: "", email: "x" })).toEqual({
      username: [t("usernameRequired")],
      email: [t("emailInvalid")],
    });
    expect(errorsOf(updateSelfSchema(t), { profileImage: "not base64 !" })).toEqual({ profileImage: [t("profileImageInvalid")] });
    expect(errorsOf(updateSelfSchema(t), { profileImage: null })).toEqual({});
  });
});

describe("birth dates", () => {
  it("convert between the spec's dd/MM/yyyy and ISO", () => {
    expect(parseBirthDate("05/06/1990")).toBe("1990-06-05");
    expect(parseBirthDate("31/04/1990")).toBeNull();
    expect(formatBirthDate("1990-06-05")).toBe("05/06/1990");
  });
});
