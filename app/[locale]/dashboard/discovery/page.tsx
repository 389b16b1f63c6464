import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getDb } from "@/db/client";
import { redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";
import { listFavoriteIds } from "@/server/favorites/list-favorites";
import { DiscoveryView } from "@/components/discovery/DiscoveryView";
import { FavoritesSeed } from "@/components/manga/FavoritesSeed";
import { ContinueReading } from "@/components/continue-reading/ContinueReading";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "discovery" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * The signed-in catalogue (spec §2): "Continue reading" first (issue 16 §5; hidden when empty), then the discovery
 * page, with previews opening in the dashboard.
 */
export default async function DashboardDiscoveryPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) return redirect({ href: "/auth", locale });
  const [favorites, query] = await Promise.all([listFavoriteIds({ db: await getDb(), userId: user.id }), searchParams]);
  return (
    <>
      <FavoritesSeed userId={user.id} ids={favorites} />
      <ContinueReading userId={user.id} />
      <DiscoveryView searchParams={query} signedIn />
    </>
  );
}
