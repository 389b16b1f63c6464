import { SearchX } from "@/components/icons/content";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

export default async function MangaNotFound() {
  const t = await getTranslations("preview");
  return <NotFoundPanel icon={SearchX} title={t("notFoundTitle")} text={t("notFoundText")} backHref="/discovery" backLabel={t("back")} />;
}
