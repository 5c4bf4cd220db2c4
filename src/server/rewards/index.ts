export { registerApprovalRoutes } from "./approval-routes";
export type { RewardOrders } from "./reward-orders";
export { orderRewardStep, ordersReward, refusedWhileOrdering, registerRewardStaffRoutes } from "./reward-routes";
export { monthSpend } from "./rewards-repository";
export { setUpRewards } from "./rewards-setup";
