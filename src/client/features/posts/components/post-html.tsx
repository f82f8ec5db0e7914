import DOMPurify from 'dompurify';

/** Extra heading sizes the public stylesheet leaves out (the editor offers H1-H4). */
export const POST_HTML_CLASS =
  'prose-post [&_a]:py-1 [&_h1]:mt-6 [&_h1]:text-3xl [&_h1]:font-extrabold [&_h1]:text-slate-900 [&_h4]:mt-4 [&_h4]:text-lg [&_h4]:font-bold [&_h4]:text-slate-900';

/** Post HTML shown in the browser: sanitised again here (§5), whatever the server sent. */
export function PostHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean =
    typeof window === 'undefined'
      ? ''
      : DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'iframe', 'form'], FORBID_ATTR: ['onerror', 'onclick'] });
  return <div className={`${POST_HTML_CLASS} ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
