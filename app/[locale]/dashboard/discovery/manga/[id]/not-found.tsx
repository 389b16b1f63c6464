import { SearchX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

/** Spec §2, §8: the dashboard preview's missing manga (key previewManga.notFound), answered with HTTP 404. */
export default async function DashboardMangaNotFound() {
  const t = await getTranslations("previewManga");
  return <NotFoundPanel icon={SearchX} title={t("notFound")} text={t("notFoundText")} backHref="/dashboard/discovery" backLabel={t("back")} />;
}
