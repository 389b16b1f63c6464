import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/manga-approval/[id] — one submission; filled by the publishing tools. */
const page = placeholderPage({ title: "mangaApproval", text: "mangaApprovalDetail", roles: PAGE_ROLES.mangaApproval, rootNote: "approveRootOnly" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
