export { workEmailRoutes } from "./work-email";
export { prepareCode, shownCode } from "./work-email-code-keys";

export { codeHashOf, codeOfNonce, linkHashOf, linkTokenOfNonce } from "./work-email-code-keys";
