import { describe, expect, it } from "vitest";
import { composerSchema, MESSAGE_MAX } from "./composer-form";

const texts = { recipientRequired: "Enter a username or user id", messageRequired: "Write a message", messageTooLong: "Too long" };
const errorsOf = (toUser: boolean, value: unknown) => {
  const result = composerSchema(toUser, texts).safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("the composer's form", () => {
  it("trims the message and turns the type into its number", () => {
    expect(composerSchema(true, texts).parse({ recipient: " aya ", message: "  Hello  ", type: "3" })).toEqual({ recipient: "aya", message: "Hello", type: 3 });
  });

  it("asks for a recipient only when writing to one user", () => {
    expect(errorsOf(true, { recipient: "  ", message: "Hi", type: "1" })).toEqual({ recipient: texts.recipientRequired });
    expect(errorsOf(false, { recipient: "", message: "Hi", type: "1" })).toEqual({});
  });

  it("refuses an empty message and one over 1000 characters, counted by code point as the server does", () => {
    expect(errorsOf(false, { recipient: "", message: "   ", type: "1" })).toEqual({ message: texts.messageRequired });
    expect(errorsOf(false, { recipient: "", message: "😀".repeat(MESSAGE_MAX), type: "1" })).toEqual({});
    expect(errorsOf(false, { recipient: "", message: "a".repeat(MESSAGE_MAX + 1), type: "1" })).toEqual({ message: texts.messageTooLong });
  });
});
