import { tokenPage } from "@/components/auth/token-page";
import { ConfirmEmailChange } from "@/components/auth/ConfirmEmailChange";

/** /auth/confirm-email-change?token= (issue 27, item 6): the link UpdateSelf mails to a new address. */
const page = tokenPage("confirmEmailChange", (token) => <ConfirmEmailChange token={token} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
