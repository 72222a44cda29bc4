/**
 * The e2e run's Stripe-compatible server (playwright.config.ts starts it as a web server beside
 * the app): tests/setup/stripe-server.ts on E2E_PORT+62, its hosted pay page delivering signed
 * events to the app's /webhooks/stripe.
 */
import { startStripeServer } from "../setup/stripe-server.ts";

const appPort = Number(process.env.E2E_PORT ?? 3100);
const server = await startStripeServer(appPort + 62);
server.webhookUrl = `http://127.0.0.1:${appPort}/webhooks/stripe`;
console.log(`local Stripe-compatible server at ${server.url}`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
