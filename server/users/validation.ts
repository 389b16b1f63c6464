import type { Locale } from "@/i18n/routing";
import type { ValidationKey } from "@/lib/validation/auth";
import { SUBSCRIPTION_MAX_DAYS, type UserOnlyValidationKey, type UserTranslate } from "@/lib/validation/users";
import { validationTranslator } from "@/server/auth/validation";
import { apiMessage, type MessageKey } from "@/server/core/messages";

/** lib/validation/users.ts's own keys → the API's messages (server/core/messages.ts), in both languages. */
const USER_KEYS: Record<UserOnlyValidationKey, MessageKey> = {
  roleInvalid: "userRoleInvalid",
  userIdInvalid: "userIdInvalid",
  booleanExpected: "userBooleanExpected",
  subscriptionTypeInvalid: "userSubscriptionTypeInvalid",
  subscriptionDurationRange: "userSubscriptionDurationRange",
  controlCharacters: "userControlCharacters",
  pageInvalid: "userPageInvalid",
  sortInvalid: "userSortInvalid",
  directionInvalid: "userDirectionInvalid",
};

/** The user schemas' texts in the request's language (the account keys from messages/{en,ar}.json `validation`). */
export function userTranslator(locale: Locale): UserTranslate {
  const account = validationTranslator(locale);
  return (key) => {
    const own = (USER_KEYS as Record<string, MessageKey | undefined>)[key];
    return own ? apiMessage(locale, own, { max: SUBSCRIPTION_MAX_DAYS }) : account(key as ValidationKey);
  };
}
