import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { authModeOf } from "@/components/auth/auth-mode";
import { AuthScreen } from "@/components/auth/AuthScreen";
import { isLocale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function typeOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "auth.meta" });
  const mode = authModeOf(typeOf((await searchParams).type));
  return { title: t(mode === "register" ? "register" : "login"), alternates: alternatesFor(locale, "/auth") };
}

/** /auth?type=login|register|signup (spec §2). */
export default async function AuthPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  // Reading the query makes the page render per request, so the first HTML already shows the right mode.
  await searchParams;
  return <AuthScreen />;
}
