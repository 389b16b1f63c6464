import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/site-settings — root only; filled by the administration tools. */
const page = placeholderPage({ title: "siteSettings", text: "siteSettings", roles: PAGE_ROLES.siteSettings });
export const generateMetadata = page.generateMetadata;
export default page.Page;
