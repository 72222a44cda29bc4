/**
 * The tag manager's container script (Google Tag Manager), rendered only when GTM_ID is configured
 * and the browser did not send Global Privacy Control. It carries the response's CSP nonce and
 * hands it to gtm.js; in the browser it also stands back when `navigator.globalPrivacyControl`
 * is true.
 */

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** True when `id` looks like a GTM container id ("GTM-XXXXXXX"). */
export function isGtmId(id: string): boolean {
  return GTM_ID.test(id);
}

/** The standard GTM snippet, with the nonce passed on and a GPC check; `id` must pass isGtmId. */
export function tagManagerSnippet(id: string): string {
  if (!isGtmId(id)) throw new Error(`Not a GTM container id: ${id}`);
  return [
    "(function(w,d,id){",
    "if(w.navigator.globalPrivacyControl)return;",
    "w.dataLayer=w.dataLayer||[];",
    "w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});",
    "var s=d.createElement('script'),c=d.currentScript;",
    "s.async=true;s.nonce=c&&c.nonce;",
    "s.src='https://www.googletagmanager.com/gtm.js?id='+id;",
    "d.head.appendChild(s);",
    `})(window,document,'${id}');`,
  ].join("");
}

export function TagManager({ id, nonce }: { id: string | null; nonce: string }) {
  if (!id) return null;
  return (
    <script
      nonce={nonce}
      id="tag-manager"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed snippet; the id is checked against /^GTM-[A-Z0-9]+$/
      dangerouslySetInnerHTML={{ __html: tagManagerSnippet(id) }}
    />
  );
}
