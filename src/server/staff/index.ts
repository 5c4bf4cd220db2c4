export { staffRoutes } from "./staff";
