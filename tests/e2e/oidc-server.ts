/**
 * The e2e run's OpenID Provider (playwright.config.ts starts it as a web server beside the app):
 * tests/setup/oidc-provider.ts on E2E_PORT+60, its client registered for the app's callback, a
 * login page where a test types any email (the user is made on demand, email verified).
 */
import { startOidcProvider } from "../setup/oidc-provider.ts";

const appPort = Number(process.env.E2E_PORT ?? 3100);
const provider = await startOidcProvider({
  publicUrl: `http://127.0.0.1:${appPort}`,
  port: appPort + 60,
  usersOnDemand: true,
});
console.log(`test OpenID Provider at ${provider.issuer}`);
process.on("SIGTERM", () => void provider.close().then(() => process.exit(0)));
