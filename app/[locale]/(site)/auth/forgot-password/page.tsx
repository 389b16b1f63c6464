import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { isLocale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "auth.meta" });
  return { title: t("forgot"), alternates: alternatesFor(locale, "/auth/forgot-password") };
}

export default async function ForgotPasswordPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ForgotPasswordForm />;
}
