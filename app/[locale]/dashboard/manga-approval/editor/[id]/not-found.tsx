import { SearchX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

/** The editor of a manga that does not exist or that the signed-in writer does not own, answered with HTTP 404. */
export default async function MangaEditorNotFound() {
  const t = await getTranslations("management.editor");
  return <NotFoundPanel icon={SearchX} title={t("notFound")} text={t("notFoundText")} backHref="/dashboard/manga-management" backLabel={t("back")} />;
}
