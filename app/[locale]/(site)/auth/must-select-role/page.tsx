import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { MustSelectRole } from "@/components/auth/MustSelectRole";
import { redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "auth.meta" });
  return { title: t("selectRole") };
}

/** Only for a signed-in account that still has to choose a role (spec §4); anyone else is sent on. */
export default async function MustSelectRolePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) redirect({ href: "/auth", locale });
  else if (!user.mustSelectRole) redirect({ href: "/dashboard", locale });
  return <MustSelectRole />;
}
