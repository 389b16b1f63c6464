import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/profile-management — every signed-in user; filled by profile management. */
const page = placeholderPage({ title: "profile", text: "profileManagement" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
