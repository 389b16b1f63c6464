import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/monetization — writers and root; filled by creator payouts. */
const page = placeholderPage({ title: "monetization", text: "monetization", roles: PAGE_ROLES.monetization });
export const generateMetadata = page.generateMetadata;
export default page.Page;
