import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/overview — root only; the site's figures arrive with the administration tools. */
const page = placeholderPage({ title: "overview", text: "overview", roles: PAGE_ROLES.overview });
export const generateMetadata = page.generateMetadata;
export default page.Page;
