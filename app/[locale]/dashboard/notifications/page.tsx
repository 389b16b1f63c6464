import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/notifications — every signed-in user; filled by live notifications. */
const page = placeholderPage({ title: "notifications", text: "notifications" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
