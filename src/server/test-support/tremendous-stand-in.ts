import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fraudReviewDesk } from "./tremendous-fraud-reviews";
import { orderProblem, type OrderBody, type StandInOrder } from "./tremendous-stand-in-orders";

/**
 * TEST SUPPORT: a stand-in for Tremendous's REST API v2 (a real HTTP server on 127.0.0.1), built
 * from its published reference: POST /orders with external_id idempotency (a repeated id answers
 * 201 with the first order), GET /orders?external_id=, GET /orders/{id}, GET /rewards/{id},
 * POST /rewards/{id}/resend ({updated_email}), fraud reviews (tremendous-fraud-reviews.ts), Bearer
 * auth, errors as {errors: {message}}, and signed delivery and REWARDS.FLAGGED webhooks (Tremendous-Webhook-Signature: sha256=<hex HMAC of the raw body>).
 * Failures are set from tests (`failNext`) or over HTTP (POST /__stand-in/fail) when it runs as
 * its own process (`npm run rewards:stand-in`, for `npm run dev` and the browser tests).
 */

type StandInFailure =
  | { kind: "status"; status: number; message?: string }
  /** Creates the order, then answers nothing for `holdMs` and drops the connection. */
  | { kind: "timeout-after-create"; holdMs?: number }
  /** The order waits for approval at the provider. */
  | { kind: "pending-approval" };

export interface StandInOptions {
  port?: number;
  apiKey?: string;
  /** Where signed webhooks go (the product's POST /api/rewards/tremendous/webhook). */
  webhookUrl?: string;
  webhookKey?: string;
  /** Sends REWARDS.DELIVERY.SUCCEEDED this long after each order (npm run dev); off when unset. */
  autoDeliverMs?: number;
}

export interface TremendousStandIn {
  /** The API's base URL, for TREMENDOUS_API_URL. */
  url: string;
  orders: StandInOrder[];
  /** POST /orders received (idempotent repeats included). */
  createCalls: () => number;
  failNext(failure: StandInFailure): void;
  /** Sets a reward's delivery status and sends the signed webhook; answers the product's status code. */
  deliver(rewardId: string, outcome: "SUCCEEDED" | "FAILED", options?: { uuid?: string }): Promise<number>;
  /** Opens a fraud review of the reward and sends REWARDS.FLAGGED; answers the product's status code. */
  flag(rewardId: string, reasons: string[], options?: { uuid?: string }): Promise<number>;
  fraudReviews: ReturnType<typeof fraudReviewDesk>;
  /** Sends one webhook body as it is, signed with the key (or with `signature` when given). */
  sendWebhook(body: object, options?: { signature?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const id = () => randomBytes(6).toString("hex").toUpperCase();

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });

const send = (response: ServerResponse, status: number, body: object) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};
const error = (response: ServerResponse, status: number, message: string) =>
  send(response, status, { errors: { message, payload: {} } });

export async function startTremendousStandIn(options: StandInOptions = {}): Promise<TremendousStandIn> {
  const orders: StandInOrder[] = [];
  const failures: StandInFailure[] = [];
  const held = new Set<ServerResponse>();
  let createCalls = 0;

  const sendWebhook = async (body: object, opts: { signature?: string } = {}) => {
    if (!options.webhookUrl) throw new Error("the stand-in has no webhookUrl");
    const raw = JSON.stringify(body);
    const signature =
      opts.signature ??
      `sha256=${createHmac("sha256", options.webhookKey ?? "")
        .update(raw)
        .digest("hex")}`;
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "tremendous-webhook-signature": signature },
      body: raw,
    });
    return { status: response.status, body: await response.text() };
  };

  const findReward = (rewardId: string) => orders.flatMap((o) => o.rewards).find((r) => r.id === rewardId);
  const fraudReviews = fraudReviewDesk();
  const flag = async (rewardId: string, reasons: string[], opts: { uuid?: string } = {}) => {
    if (!findReward(rewardId)) throw new Error(`no reward ${rewardId}`);
    fraudReviews.flag(rewardId, reasons);
    const resource = { id: rewardId, type: "rewards" };
    const uuid = opts.uuid ?? randomUUID();
    return (
      await sendWebhook({
        event: "REWARDS.FLAGGED",
        uuid,
        created_utc: new Date().toISOString(),
        payload: { resource },
      })
    ).status;
  };

  const deliver = async (rewardId: string, outcome: "SUCCEEDED" | "FAILED", opts: { uuid?: string } = {}) => {
    const reward = findReward(rewardId);
    if (!reward) throw new Error(`no reward ${rewardId}`);
    reward.delivery.status = outcome;
    const event = {
      event: `REWARDS.DELIVERY.${outcome}`,
      uuid: opts.uuid ?? randomUUID(),
      created_utc: new Date().toISOString(),
      payload: { resource: { id: rewardId, type: "rewards" }, meta: {} },
    };
    return (await sendWebhook(event)).status;
  };

  const createOrder = async (body: OrderBody, response: ServerResponse) => {
    createCalls++;
    const existing = body.external_id ? orders.find((o) => o.external_id === body.external_id) : undefined;
    const failure = failures.shift();
    if (failure?.kind === "status") return error(response, failure.status, failure.message ?? "Internal server error");
    if (existing) return send(response, 201, { order: existing });
    const problem = orderProblem(body);
    if (problem) return error(response, 400, problem);
    const orderId = id();
    const denomination = body.reward!.value!.denomination!;
    const order: StandInOrder = {
      id: orderId,
      external_id: body.external_id ?? null,
      campaign_id: body.reward!.campaign_id ?? null,
      created_at: new Date().toISOString(),
      status: failure?.kind === "pending-approval" ? "PENDING APPROVAL" : "EXECUTED",
      payment: { subtotal: denomination, total: denomination, fees: 0 },
      rewards: [
        {
          id: id(),
          order_id: orderId,
          created_at: new Date().toISOString(),
          value: { denomination, currency_code: body.reward!.value!.currency_code ?? "USD" },
          recipient: { name: body.reward!.recipient!.name!, email: body.reward!.recipient!.email! },
          delivery: { method: body.reward!.delivery?.method ?? "EMAIL", status: "PENDING" },
        },
      ],
    };
    orders.push(order);
    if (failure?.kind === "timeout-after-create") {
      held.add(response);
      setTimeout(() => {
        held.delete(response);
        response.destroy();
      }, failure.holdMs ?? 30_000).unref();
      return;
    }
    if (options.autoDeliverMs !== undefined && order.status === "EXECUTED") {
      setTimeout(() => void deliver(order.rewards[0]!.id, "SUCCEEDED").catch(() => {}), options.autoDeliverMs).unref();
    }
    send(response, 201, { order });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const path = url.pathname.replace(/^\/api\/v2/, "");
    const text = await readBody(request);
    const json = (): Record<string, unknown> => (text ? (JSON.parse(text) as Record<string, unknown>) : {});

    // The tests' own controls (not part of the provider's API).
    if (path === "/__stand-in/fail" && request.method === "POST") {
      failures.push(json() as unknown as StandInFailure);
      return send(response, 200, { queued: failures.length });
    }
    if (path === "/__stand-in/deliver" && request.method === "POST") {
      const body = json() as { rewardId: string; outcome: "SUCCEEDED" | "FAILED" };
      return send(response, 200, { webhookStatus: await deliver(body.rewardId, body.outcome) });
    }
    if (path === "/__stand-in/orders") return send(response, 200, { orders, createCalls });
    if (path === "/__stand-in/flag" && request.method === "POST") {
      const body = json() as { rewardId: string; reasons: string[] };
      return send(response, 200, { webhookStatus: await flag(body.rewardId, body.reasons) });
    }

    if (request.headers.authorization !== `Bearer ${options.apiKey ?? "stand-in-key"}`)
      return error(response, 401, "Unauthorized");
    if (path === "/orders" && request.method === "POST") return createOrder(json() as OrderBody, response);
    if (path === "/orders" && request.method === "GET") {
      const externalId = url.searchParams.get("external_id");
      const found = orders.filter((o) => !externalId || o.external_id === externalId);
      return send(response, 200, { orders: found, total_count: found.length });
    }
    const review = fraudReviews.answer(path, request.method);
    if (review) return send(response, review.status, review.body);
    const order = /^\/orders\/([A-Z0-9]+)$/.exec(path);
    if (order && request.method === "GET") {
      const found = orders.find((o) => o.id === order[1]);
      return found ? send(response, 200, { order: found }) : error(response, 404, "Resource not found");
    }
    const reward = /^\/rewards\/([A-Za-z0-9]+)$/.exec(path);
    if (reward && request.method === "GET") {
      const found = findReward(reward[1]!);
      return found ? send(response, 200, { reward: found }) : error(response, 404, "Resource not found");
    }
    const resend = /^\/rewards\/([A-Za-z0-9]+)\/resend$/.exec(path);
    if (resend && request.method === "POST") {
      const found = findReward(resend[1]!);
      if (!found) return error(response, 404, "Resource not found");
      if (found.delivery.status !== "FAILED")
        return error(response, 422, "Only rewards with a failed delivery can be resent");
      const body = json() as { updated_email?: string };
      if (body.updated_email) found.recipient.email = body.updated_email;
      found.delivery.status = "PENDING";
      return send(response, 200, {});
    }
    return error(response, 404, "Not found");
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) error(response, 400, "Bad request");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    orders,
    createCalls: () => createCalls,
    failNext: (failure) => failures.push(failure),
    deliver,
    flag,
    fraudReviews,
    sendWebhook,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
