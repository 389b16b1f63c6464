import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/user-management — root only; filled by the administration tools. */
const page = placeholderPage({ title: "userManagement", text: "userManagement", roles: PAGE_ROLES.userManagement });
export const generateMetadata = page.generateMetadata;
export default page.Page;
