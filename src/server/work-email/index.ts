/**
 * The work e-mail code (decision 0031): the door. Its API as a plugin (mail's code
 * e-mail passed in by app.ts), and the code's derivations: `prepareCode` for a new lead,
 * `shownCode` for the e-mail that shows it (mail), the hashes for tests that read the table.
 */

export { workEmailPublicRoutes } from "./work-email-routes";
export { prepareCode, shownCode } from "./work-email-code-keys";
export { codeHashOf, codeOfNonce, linkHashOf, linkTokenOfNonce } from "./work-email-code-keys";
