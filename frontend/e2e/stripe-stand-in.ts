// Stripe.js in the browser, stood in for: js.stripe.com and api.stripe.com
// are unreachable here. The script defines window.Stripe with exactly what
// the payment page uses (elements().create("card") with mount/on/destroy,
// elements().getElement, confirmCardPayment); its card field is one plain
// text input labelled "Card number". Confirming posts to api.stripe.com as
// Stripe.js does; the route below hands that request to the fake Stripe API
// (the Go stand-in, see fake-stripe.ts, at FAKE_STRIPE_URL), which decides
// what the card does. The script turns its answer into Stripe.js's
// {paymentIntent} or {error}.
import type { BrowserContext, Page } from "@playwright/test";

const SCRIPT = String.raw`(function () {
  function Stripe(key) {
    var card = null;
    function cardNumber() {
      return card && card._input ? card._input.value.replace(/\s+/g, "") : "";
    }
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== "card") throw new Error("stand-in: only the card Element");
            var handlers = [];
            card = {
              _input: null,
              mount: function (el) {
                var input = document.createElement("input");
                input.type = "text";
                input.inputMode = "numeric";
                input.autocomplete = "cc-number";
                input.placeholder = "Card number";
                input.setAttribute("aria-label", "Card number");
                input.style.cssText = "width:100%;border:0;outline:0;background:transparent;font:inherit;font-size:16px";
                input.addEventListener("input", function () {
                  handlers.forEach(function (h) {
                    h({ elementType: "card", empty: input.value === "", complete: input.value.replace(/\D/g, "").length >= 16, error: undefined });
                  });
                });
                el.appendChild(input);
                card._input = input;
              },
              on: function (event, handler) {
                if (event === "change") handlers.push(handler);
                return card;
              },
              destroy: function () {
                if (card && card._input) card._input.remove();
                card = null;
              },
            };
            return card;
          },
          getElement: function (type) {
            return type === "card" ? card : null;
          },
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = clientSecret.split("_secret_")[0];
        var body = new URLSearchParams({ key: key, client_secret: clientSecret, "payment_method_data[card][number]": cardNumber() });
        var details = (data && data.payment_method && data.payment_method.billing_details) || {};
        if (details.name) body.set("payment_method_data[billing_details][name]", details.name);
        if (details.email) body.set("payment_method_data[billing_details][email]", details.email);
        return fetch("https://api.stripe.com/v1/payment_intents/" + encodeURIComponent(id) + "/confirm", { method: "POST", body: body }).then(function (r) {
          // Stripe.js resolves with {paymentIntent} or {error}, never rejects on a decline.
          return r.json().then(function (answer) {
            return r.ok ? { paymentIntent: answer } : { error: answer.error };
          });
        });
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Calls to the stand-in's confirm route, for assertions. */
export type Confirmation = { id: string; card: string; name: string | null; email: string | null };

/**
 * installStripeStandIn answers Stripe.js and the card confirmation for every
 * page of the context, and records each confirmation.
 */
export async function installStripeStandIn(target: BrowserContext | Page): Promise<Confirmation[]> {
  const fake = process.env.FAKE_STRIPE_URL;
  if (!fake) throw new Error("FAKE_STRIPE_URL is not set (global-setup.ts starts the fake Stripe API)");
  const confirmations: Confirmation[] = [];

  await target.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript; charset=utf-8", body: SCRIPT }),
  );
  await target.route("https://api.stripe.com/**", async (route) => {
    const req = route.request();
    const m = /\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(new URL(req.url()).pathname);
    const cors = { "Access-Control-Allow-Origin": "*" };
    if (req.method() !== "POST" || !m) {
      return route.fulfill({ status: 404, headers: cors, json: { error: { message: "stand-in: not implemented" } } });
    }
    const form = new URLSearchParams(req.postData() ?? "");
    const c: Confirmation = {
      id: decodeURIComponent(m[1]),
      card: form.get("payment_method_data[card][number]") ?? "",
      name: form.get("payment_method_data[billing_details][name]"),
      email: form.get("payment_method_data[billing_details][email]"),
    };
    confirmations.push(c);
    const res = await route.fetch({ url: fake + new URL(req.url()).pathname });
    await route.fulfill({ response: res, headers: { ...res.headers(), ...cors } });
  });
  return confirmations;
}
