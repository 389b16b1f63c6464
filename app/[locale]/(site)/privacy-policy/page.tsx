import { staticPageRoute } from "@/components/static/static-route";

/** Privacy policy: static, prerendered for both languages. */
const route = staticPageRoute("privacy", "/privacy-policy");

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
