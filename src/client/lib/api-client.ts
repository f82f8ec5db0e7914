/** An API failure with the server's message (DESIGN §9: `{error, fields}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

export async function apiRequest<T>(method: string, path: string, body?: Body, init?: RequestInit): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const payload = (data ?? {}) as { error?: string; message?: string; fields?: Record<string, string> };
    throw new ApiError(
      response.status,
      payload.error ?? payload.message ?? (response.statusText || `Request failed (${response.status})`),
      payload.fields,
      data,
    );
  }
  return data as T;
}

export const apiGet = <T>(path: string, init?: RequestInit) => apiRequest<T>('GET', path, undefined, init);
export const apiPost = <T>(path: string, body?: Body) => apiRequest<T>('POST', path, body);
export const apiPut = <T>(path: string, body?: Body) => apiRequest<T>('PUT', path, body);
export const apiDelete = <T>(path: string) => apiRequest<T>('DELETE', path);
