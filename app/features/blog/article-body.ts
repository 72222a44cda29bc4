/**
 * Typography for the sanitised article HTML (only allowlisted tags reach here): the public post
 * page and the editor's preview, so the preview looks as the article will.
 */
export const articleBody = [
  "max-w-none text-lg leading-relaxed text-slate-800",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:mt-6 [&_img]:rounded-lg [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-slate-600",
  "[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-4",
  "[&_table]:mt-6 [&_table]:w-full [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:p-2 [&_th]:text-left",
].join(" ");
