/**
 * The drawn signature of the accept form: a canvas driven by signature_pad, loaded on the client
 * only and only when the form is shown (it is no part of the page's first bundle). The drawing
 * goes into the hidden field `name` as a PNG data URL, which the server decodes and checks
 * (acceptance.server.ts). Drawing is optional: without JavaScript, or for keyboard and
 * screen-reader users, the typed name is the signature, and the canvas is then never rendered.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { Button } from "~/components/ui/button";
import { CheckboxField, ErrorText, TextField } from "~/components/ui/form-controls";

/**
 * What a signer fills in to sign electronically (an estimate's acceptance, a job's sign-off): the
 * ESIGN Act consent (`consent.text` as paragraphs, `consent.label` on its checkbox), the typed full
 * name that signs, and the drawn signature where scripts run. The same wording is stored with
 * each signature as its audit record.
 */
export function ESignFields({
  id,
  level: Title,
  consent,
  fields,
  signs,
  autoComplete,
}: {
  /** the consent heading's id, unique on the page */
  id: string;
  /** the heading's element, one below the heading the form sits under */
  level: "h2" | "h3" | "h4";
  consent: { label: string; text: string[] };
  fields: Record<"consent" | "signerName" | "signature", FieldMetadata<unknown>>;
  /** what the typed name signs, e.g. "this estimate" */
  signs: string;
  /** "off" where the phone is not the signer's own */
  autoComplete: "name" | "off";
}) {
  // the canvas exists only where scripts run; without them the typed name signs
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <>
      <section aria-labelledby={id} className="rounded-md border border-slate-300 p-4">
        <Title id={id} className="font-semibold">
          Consent to sign electronically
        </Title>
        <div className="mt-2 space-y-2 text-sm">
          {consent.text.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <CheckboxField meta={fields.consent} label={consent.label} className="mt-4" />
      </section>
      <TextField
        meta={fields.signerName}
        label="Your full name"
        autoComplete={autoComplete}
        required
        hint={`Typing your full name signs ${signs}.`}
      />
      {scripted ? (
        <SignatureField
          id={fields.signature.id}
          name={fields.signature.name}
          errors={fields.signature.errors}
        />
      ) : null}
    </>
  );
}

export function SignatureField({
  id,
  name,
  errors,
}: {
  id: string;
  name: string;
  errors: string[] | undefined;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [ready, setReady] = useState(false);
  const [dataUrl, setDataUrl] = useState("");

  useEffect(() => {
    let cancelled = false;
    let resize: (() => void) | undefined;
    void import("signature_pad").then(({ default: Pad }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const pad = new Pad(canvas, { penColor: "#0f172a" });
      // the canvas's pixels follow its CSS width and the screen's density; a resize clears it
      resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext("2d")?.scale(ratio, ratio);
        pad.clear();
        setDataUrl("");
      };
      resize();
      window.addEventListener("resize", resize);
      pad.addEventListener("endStroke", () => setDataUrl(pad.toDataURL("image/png")));
      padRef.current = pad;
      setReady(true);
    });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener("resize", resize);
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setDataUrl("");
  };

  const invalid = Boolean(errors?.length);
  return (
    <div>
      <input type="hidden" name={name} value={dataUrl} />
      <p id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-900">
        Draw your signature (optional)
      </p>
      <p id={`${id}-description`} className="mb-2 text-sm text-slate-600">
        Sign with your mouse, finger or pen. If you prefer not to draw, your typed name is your
        signature.
      </p>
      <canvas
        ref={canvasRef}
        id={id}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={invalid ? `${id}-error` : `${id}-description`}
        aria-invalid={invalid || undefined}
        className="block h-40 w-full touch-none rounded-md border border-slate-400 bg-white aria-[invalid=true]:border-error"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!ready}>
          Clear signature
        </Button>
        <span className="text-sm text-slate-600" aria-live="polite">
          {dataUrl ? "Signature drawn" : ""}
        </span>
      </div>
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}
