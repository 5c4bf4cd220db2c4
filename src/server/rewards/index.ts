/**
 * Rewards (decisions 0017, 0026, 0040): the door. `setUpRewards` decorates the app with its orders and
 * registers the provider's webhook; the console's routes (rewards, approvals) go inside the staff
 * scope; the lead page orders a step's reward through `orderRewardStep`; verification reads the
 * month's spend and orders through `RewardOrders`.
 */

export type { RewardOrders } from "./reward-orders";
export { orderRewardStep, ordersReward, refusedWhileOrdering } from "./reward-routes";
export { rewardsStaffRoutes } from "./rewards-staff-routes";
export { monthSpend } from "./rewards-repository";
export { setUpRewards } from "./rewards-setup";
