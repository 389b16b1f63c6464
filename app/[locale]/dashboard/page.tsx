import { setRequestLocale } from "next-intl/server";
import { redirect } from "@/i18n/navigation";

/** Spec §2: /dashboard redirects to /dashboard/discovery. */
export default async function DashboardIndex({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  redirect({ href: "/dashboard/discovery", locale });
}
