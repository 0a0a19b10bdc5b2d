// A stand-in for Stripe's API, just what the binary calls through stripe-go
// (create and read PaymentIntents, refunds) plus a control endpoint the
// browser-side Stripe.js stand-in uses to "confirm" a card. js.stripe.com
// and api.stripe.com are not reachable from the test machine.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** Stripe's test cards the journeys use. */
export const CARD_OK = "4242424242424242";
export const CARD_DECLINED = "4000000000000002";

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  payment_method_types: string[];
  created: number;
  livemode: false;
};

/** form parses stripe-go's form body: a[b]=c becomes {a: {b: c}}, a[0]=x becomes {a: [x]}. */
function form(body: string): { flat: Record<string, string>; nested: Record<string, Record<string, string>>; lists: Record<string, string[]> } {
  const flat: Record<string, string> = {};
  const nested: Record<string, Record<string, string>> = {};
  const lists: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[]+)\[([^\]]*)\]$/.exec(key);
    if (!m) flat[key] = value;
    else if (m[2] === "" || /^\d+$/.test(m[2])) (lists[m[1]] ??= []).push(value);
    else (nested[m[1]] ??= {})[m[2]] = value;
  }
  return { flat, nested, lists };
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": "req_" + randomBytes(6).toString("hex") });
  res.end(JSON.stringify(body));
}

function missing(res: ServerResponse, what: string, id: string) {
  send(res, 404, {
    error: { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such ${what}: '${id}'` },
  });
}

/** startFakeStripe listens on 127.0.0.1:<free port> and answers its base URL and a stop function. */
export async function startFakeStripe(): Promise<{ url: string; stop: () => Promise<void> }> {
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, unknown>();
  const refunds = new Map<string, unknown>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stripe.test");
      const body = await read(req);
      const path = url.pathname;

      // The Stripe.js stand-in's card confirmation (JSON {id, card}).
      if (req.method === "POST" && path === "/test/confirm") {
        const { id, card } = JSON.parse(body || "{}") as { id?: string; card?: string };
        const pi = id ? intents.get(id) : undefined;
        if (!pi) return missing(res, "payment_intent", String(id));
        if (pi.status === "succeeded") {
          return send(res, 400, {
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "This PaymentIntent has already succeeded." },
          });
        }
        const number = String(card ?? "").replace(/\D/g, "");
        if (number === CARD_OK) {
          pi.status = "succeeded";
          return send(res, 200, { paymentIntent: { id: pi.id, status: pi.status } });
        }
        if (number === CARD_DECLINED) {
          return send(res, 402, { error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." } });
        }
        return send(res, 402, { error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." } });
      }

      if (req.headers.authorization !== "Bearer sk_test_e2e") {
        return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      const idem = req.headers["idempotency-key"];
      const idemKey = typeof idem === "string" && req.method === "POST" ? `${path} ${idem}` : null;
      if (idemKey && byIdempotencyKey.has(idemKey)) return send(res, 200, byIdempotencyKey.get(idemKey));

      if (req.method === "POST" && path === "/v1/payment_intents") {
        const f = form(body);
        const amount = Number(f.flat.amount);
        if (!Number.isInteger(amount) || amount <= 0 || !f.flat.currency) {
          return send(res, 400, { error: { type: "invalid_request_error", param: "amount", message: "Invalid amount or currency" } });
        }
        const id = "pi_" + randomBytes(12).toString("hex");
        const pi: Intent = {
          id,
          object: "payment_intent",
          amount,
          currency: f.flat.currency,
          status: "requires_payment_method",
          client_secret: id + "_secret_x",
          metadata: f.nested.metadata ?? {},
          description: f.flat.description ?? null,
          payment_method_types: f.lists.payment_method_types ?? ["card"],
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, pi);
        if (idemKey) byIdempotencyKey.set(idemKey, pi);
        return send(res, 200, pi);
      }

      const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === "GET" && one) {
        const pi = intents.get(decodeURIComponent(one[1]));
        return pi ? send(res, 200, pi) : missing(res, "payment_intent", one[1]);
      }

      if (req.method === "POST" && path === "/v1/refunds") {
        const f = form(body);
        const pi = intents.get(f.flat.payment_intent ?? "");
        if (!pi) return missing(res, "payment_intent", String(f.flat.payment_intent));
        const refund = {
          id: "re_" + randomBytes(12).toString("hex"),
          object: "refund",
          amount: pi.amount,
          currency: pi.currency,
          payment_intent: pi.id,
          status: "succeeded",
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        if (idemKey) byIdempotencyKey.set(idemKey, refund);
        return send(res, 200, refund);
      }

      send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    })().catch((err: unknown) => send(res, 500, { error: { type: "api_error", message: String(err) } }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const addr = server.address();
  if (typeof addr !== "object" || !addr) throw new Error("fake Stripe: no address");
  return {
    url: `http://127.0.0.1:${addr.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
