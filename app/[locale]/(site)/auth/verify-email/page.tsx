import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { VerifyEmail } from "@/components/auth/VerifyEmail";
import { isLocale } from "@/i18n/routing";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "auth.meta" });
  return { title: t("verify"), referrer: "no-referrer" };
}

/** /auth/verify-email?token= (spec §2). The link's token is spent by the browser, so a mail scanner's GET of the HTML does not use it. */
export default async function VerifyEmailPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || null;
  return <VerifyEmail token={token} />;
}
