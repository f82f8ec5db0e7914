/**
 * One spelling of each request's path, made before routing (Fastify's `rewriteUrl`), so that the
 * hooks that look at `request.url` (install gate, Origin check, session loading, page cache) see
 * the path the router matches. Without it `/%61pi/enquiries/contact` or the absolute form
 * `http://host/api/...` reached the handlers while skipping those hooks.
 *
 * - the absolute form (`http://host/path`) becomes `/path`;
 * - percent-encoded unreserved characters (RFC 3986 §2.3: letters, digits, `-._~`) are decoded;
 *   the other escapes stay as they are, in upper case;
 * - runs of slashes collapse and dot segments are resolved;
 * - an encoded NUL anywhere, or a path that does not start with `/`, is refused (null).
 */
export function normaliseRequestUrl(url: string): string | null {
  // The common case costs two scans: a plain path with no escapes, dot segments or doubled slashes.
  if (url.charCodeAt(0) === 47 /* / */ && !/%|\/\/|\/\.|\\/.test(pathOf(url))) {
    return url.includes('%00') ? null : url;
  }
  if (url.includes('%00') || url.includes('\0')) return null;
  let rest = url;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length) || '/';
  if (rest.startsWith('?')) rest = `/${rest}`;
  if (!rest.startsWith('/')) return null;
  const q = rest.indexOf('?');
  const rawPath = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? '' : rest.slice(q);
  const decoded = rawPath
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const code = parseInt(hex, 16);
      return isUnreserved(code) ? String.fromCharCode(code) : escape.toUpperCase();
    })
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  return `${resolveDots(decoded)}${query}`;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/** RFC 3986 §5.2.4 on a path that starts with `/` and has no doubled slashes. */
function resolveDots(path: string): string {
  if (!path.includes('/.')) return path;
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      if (last) out.push('');
    } else out.push(segment);
  });
  return `/${out.join('/')}`;
}

/** A Host header as browsers and proxies send it: a name or an IP literal, and a port. */
const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHostHeader(host: string | undefined): boolean {
  return host !== undefined && host.length <= 260 && HOST_HEADER.test(host);
}
