export { workEmailRoutes } from "./work-email";
export { prepareCode, shownCode } from "./work-email-code-keys";
