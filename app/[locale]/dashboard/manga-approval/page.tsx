import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/manga-approval — writers see their submissions; approving is root's. Filled by the publishing tools. */
const page = placeholderPage({ title: "mangaApproval", text: "mangaApproval", roles: PAGE_ROLES.mangaApproval, rootNote: "approveRootOnly" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
