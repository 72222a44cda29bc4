import { createContext } from "react-router";

/** What the Express server knows about a request and the app needs (DESIGN section 8). */
export interface RequestInfo {
  /** client address as Express resolved it under the configured `trust proxy` */
  clientIp: string | undefined;
  /** CSP nonce for this response's inline scripts */
  nonce: string;
  requestId: string;
  /**
   * Told the matched route's pattern (e.g. "/quotes/status/:token") by the root middleware: the
   * request metrics' label, never the URL itself
   */
  onRoute?: (pattern: string) => void;
}

/** Context key shared by server.ts (through the build's entry module) and loaders/actions. */
export const requestContext = createContext<RequestInfo>();

/**
 * The request's info, or undefined when no Express request stands behind the render: the build's
 * prerender step (react-router.config `prerender`) renders pages without one.
 */
export function requestInfo(context: { get(key: typeof requestContext): RequestInfo } | undefined) {
  try {
    return context?.get(requestContext);
  } catch {
    return undefined;
  }
}
