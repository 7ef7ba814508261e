// The local billing provider's pages: a checkout and a customer portal, clearly labelled test mode.
import { html } from "hono/html";

const page = (title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Toolport</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            background: #f8fafc;
            color: #0f172a;
            display: grid;
            place-items: center;
            min-height: 100vh;
            margin: 0;
          }
          main {
            background: white;
            border: 1px solid #e2e8f0;
            border-radius: 12px;
            padding: 32px;
            max-width: 440px;
            width: calc(100% - 32px);
            box-sizing: border-box;
          }
          .badge {
            display: inline-block;
            background: #fef3c7;
            color: #92400e;
            border-radius: 999px;
            padding: 2px 10px;
            font-size: 12px;
            font-weight: 600;
          }
          button,
          a.button {
            font: inherit;
            border-radius: 8px;
            padding: 8px 16px;
            border: 1px solid #cbd5e1;
            background: white;
            cursor: pointer;
            text-decoration: none;
            color: inherit;
            display: inline-block;
          }
          button.primary {
            background: #0f172a;
            color: white;
            border-color: #0f172a;
          }
          .actions {
            display: flex;
            gap: 8px;
            flex-wrap: wrap;
            margin-top: 24px;
          }
        </style>
      </head>
      <body>
        <main>
          <span class="badge">Test mode — no payment is taken</span>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`;

const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;

export const checkoutPage = (plan: { name: string; price: number }, action: string) =>
  page(
    `Subscribe to ${plan.name}`,
    html`<p>${plan.name} · ${dollars(plan.price)} per month</p>
      <p>Toolport has no payment provider configured, so this checkout switches the plan at once.</p>
      <form method="post" action="${action}" class="actions">
        <button class="primary" type="submit">Confirm ${plan.name} (test mode)</button>
        <a class="button" href="/usage?checkout=cancelled">Cancel</a>
      </form>`,
  );

export const portalPage = (plan: { name: string; price: number }, status: string) =>
  page(
    "Manage subscription",
    html`<p>Current plan: <strong>${plan.name}</strong> · ${dollars(plan.price)} per month · ${status}</p>
      <div class="actions">
        ${
          status === "canceled"
            ? html`<form method="post" action="/api/billing/test-portal/reactivate">
                <button class="primary" type="submit">Reactivate</button>
              </form>`
            : html`<form method="post" action="/api/billing/test-portal/cancel"><button type="submit">Cancel subscription</button></form>`
        }
        <form method="post" action="/api/billing/test-portal/free"><button type="submit">Switch to Free now</button></form>
        <a class="button" href="/usage">Back to Usage &amp; Billing</a>
      </div>`,
  );
