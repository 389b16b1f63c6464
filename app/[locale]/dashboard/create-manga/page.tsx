import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/create-manga — writers and root; filled by the publishing tools. */
const page = placeholderPage({ title: "createManga", text: "createManga", roles: PAGE_ROLES.createManga });
export const generateMetadata = page.generateMetadata;
export default page.Page;
