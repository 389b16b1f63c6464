import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/manga-approval/editor/[id] — the submission editor; filled by the publishing tools. */
const page = placeholderPage({ title: "mangaApproval", text: "mangaApprovalEditor", roles: PAGE_ROLES.mangaApproval });
export const generateMetadata = page.generateMetadata;
export default page.Page;
