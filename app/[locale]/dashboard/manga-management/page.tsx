import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/manga-management — writers and root; filled by the publishing tools. */
const page = placeholderPage({ title: "mangaManagement", text: "mangaManagement", roles: PAGE_ROLES.mangaManagement });
export const generateMetadata = page.generateMetadata;
export default page.Page;
