import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale } from "@/i18n/routing";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A page opened from a mailed link carrying `?token=` (verify the address, reset the password, confirm a new address):
 * its title from auth.meta, no Referer (the token never leaves in one), and the token (trimmed, the first if repeated,
 * null if missing) handed to the screen, which spends it from the browser so a mail scanner's GET does not.
 */
export function tokenPage(titleKey: "verify" | "reset" | "confirmEmailChange", screen: (token: string | null) => ReactNode) {
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "auth.meta" });
      return { title: t(titleKey), referrer: "no-referrer" };
    },
    async Page({ params, searchParams }: Props) {
      setRequestLocale((await params).locale);
      const raw = (await searchParams).token;
      return screen((Array.isArray(raw) ? raw[0] : raw)?.trim() || null);
    },
  };
}
