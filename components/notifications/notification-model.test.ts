import { describe, expect, it } from "vitest";
import { messageLanguage, toNotification } from "./notification-model";

describe("a notification's language on the page", () => {
  it("keeps the lang the server names, and ignores anything else", () => {
    expect(toNotification({ id: 1, message: "مرحبا", type: 1, isRead: false, createdAt: "2030-01-01T00:00:00Z", lang: "ar" })?.lang).toBe("ar");
    expect(toNotification({ Id: 2, Message: "Hi", Lang: "en" })?.lang).toBe("en");
    expect(toNotification({ id: 3, message: "Hi", lang: "fr" })).not.toHaveProperty("lang");
  });

  it("puts lang and dir on the message when known, else lets the text choose its direction", () => {
    expect(messageLanguage({ lang: "ar" })).toEqual({ lang: "ar", dir: "rtl" });
    expect(messageLanguage({ lang: "en" })).toEqual({ lang: "en", dir: "ltr" });
    expect(messageLanguage({ lang: null })).toEqual({ dir: "auto" });
    expect(messageLanguage({})).toEqual({ dir: "auto" });
  });
});
