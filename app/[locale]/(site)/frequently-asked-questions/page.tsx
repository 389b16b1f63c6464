import { staticPageRoute } from "@/components/static/static-route";

/** FAQ: static, prerendered for both languages. */
const route = staticPageRoute("faq", "/frequently-asked-questions");

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
