import { tokenPage } from "@/components/auth/token-page";
import { VerifyEmail } from "@/components/auth/VerifyEmail";

/** /auth/verify-email?token= (spec §2). */
const page = tokenPage("verify", (token) => <VerifyEmail token={token} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
