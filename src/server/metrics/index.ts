export { Metrics } from "./metrics";
export { metricsRoutes } from "./metrics-routes";
