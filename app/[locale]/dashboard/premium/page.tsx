import { placeholderPage } from "@/components/dashboard/placeholder-page";

/** /dashboard/premium — every signed-in user; filled by premium plans. */
const page = placeholderPage({ title: "premium", text: "premium" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
