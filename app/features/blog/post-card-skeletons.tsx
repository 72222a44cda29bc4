// apart from post-card.tsx: the root layout shows these on every page's navigation to a blog list,
// and should not bring the cards' image and date code into every page's bundle
/** Placeholder cards shown while the list loads on a client-side navigation (SPEC: 6 cards). */
export function PostCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <div role="status" aria-label="Loading articles" className="grid gap-6 md:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={i}
            data-testid="post-card-skeleton"
            className="animate-pulse overflow-hidden rounded-xl border border-slate-200"
          >
            <div className="aspect-[40/21] bg-slate-200" />
            <div className="space-y-3 p-6">
              <div className="h-4 w-1/3 rounded bg-slate-200" />
              <div className="h-6 w-5/6 rounded bg-slate-200" />
              <div className="h-4 w-full rounded bg-slate-200" />
              <div className="h-4 w-2/3 rounded bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
