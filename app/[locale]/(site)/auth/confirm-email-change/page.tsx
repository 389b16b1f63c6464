import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ConfirmEmailChange } from "@/components/auth/ConfirmEmailChange";
import { isLocale } from "@/i18n/routing";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "auth.meta" });
  return { title: t("confirmEmailChange"), referrer: "no-referrer" };
}

/**
 * /auth/confirm-email-change?token= (issue 27, item 6): the link UpdateSelf mails to a new address. As with
 * /auth/verify-email, the browser spends the token, so a mail scanner's GET of the HTML does not use it.
 */
export default async function ConfirmEmailChangePage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || null;
  return <ConfirmEmailChange token={token} />;
}
