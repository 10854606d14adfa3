import { DEFAULT_LANGUAGE, type Language } from '@ebox/domain';

/**
 * The one HTTP client of the console (spec 7): bearer token from local storage (or memory when
 * "remember me" is off), Accept-Language with the current language, bracket-style query strings,
 * and errors normalised into ApiError with the server's translated message.
 */
export const API_BASE = '/io/api/v1';
const TOKEN_KEY = 'jwt';
const LANGUAGE_KEY = 'language';

let memoryToken: string | null = null;

export function getToken(): string | null {
  return memoryToken ?? localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null, persist = true): void {
  memoryToken = null;
  localStorage.removeItem(TOKEN_KEY);
  if (!token) return;
  if (persist) localStorage.setItem(TOKEN_KEY, token);
  else memoryToken = token;
}

/** True when the token survives a reload ("remember me" or a plain sign-in), false when it lives in memory only. */
export function isTokenPersisted(): boolean {
  return memoryToken === null && localStorage.getItem(TOKEN_KEY) !== null;
}

export function getStoredLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return stored === 'en' || stored === 'pt-BR' ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
}

export type FieldError = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined | Date | QueryValue[] | { [key: string]: QueryValue };

/** Serialises arrays and objects in bracket form (filter[name]=x, ids[]=a) and dates as ISO. */
export function toQueryString(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null || value === '') return;
    if (value instanceof Date) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
    else if (Array.isArray(value)) {
      // An empty item keeps its place: a range with an open start is `f[]=&f[]=max`.
      for (const item of value) {
        if (item === undefined || item === null || item === '') parts.push(`${encodeURIComponent(`${key}[]`)}=`);
        else add(`${key}[]`, item);
      }
    } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.length ? `?${parts.join('&')}` : '';
}

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

function headers(hasBody: boolean): HeadersInit {
  const result: Record<string, string> = { 'Accept-Language': getStoredLanguage() };
  const token = getToken();
  if (token) result.Authorization = `Bearer ${token}`;
  if (hasBody) result['Content-Type'] = 'application/json';
  return result;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string; code?: string; fields?: FieldError[] } };
    if (body?.error?.message) return new ApiError(response.status, body.error.message, body.error.code, body.error.fields ?? []);
  } catch {
    // not JSON: the body text is the message (spec 8.1)
  }
  return new ApiError(response.status, text || response.statusText);
}

/**
 * GETs started before the page that needs them exists (main.tsx, a list route's loader): the
 * session, the settings and a list's first page go out together with the route's chunks instead of
 * one after the other. The first `request` for the same URL takes the answer (once); one nobody
 * took soon is dropped, so a later call never reads an old answer; they are kept by token and
 * language too, so another session or language never takes them.
 */
const earlyGets = new Map<string, Promise<Response>>();
const EARLY_GET_TTL_MS = 15_000;

function urlOf(path: string, query?: Record<string, QueryValue>): string {
  return `${API_BASE}${path}${query ? toQueryString(query) : ''}`;
}

function earlyKeyOf(url: string): string {
  return `${getToken() ?? ''} ${getStoredLanguage()} ${url}`;
}

export function startEarlyGet(path: string, query?: Record<string, QueryValue>): void {
  const key = earlyKeyOf(urlOf(path, query));
  if (earlyGets.has(key)) return;
  const response = fetch(urlOf(path, query), { headers: headers(false) });
  // A request nobody takes (a stale token, a page left at once) must not surface as an unhandled rejection.
  response.catch(() => undefined);
  earlyGets.set(key, response);
  setTimeout(() => {
    if (earlyGets.get(key) === response) earlyGets.delete(key);
  }, EARLY_GET_TTL_MS);
}

function takeEarlyGet(url: string): Promise<Response> | undefined {
  const key = earlyKeyOf(url);
  const response = earlyGets.get(key);
  earlyGets.delete(key);
  return response;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = urlOf(path, options.query);
  const hasBody = options.body !== undefined;
  const early = method === 'GET' ? takeEarlyGet(url) : undefined;
  const response = await (early ??
    fetch(url, {
      method,
      headers: headers(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    }));
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/**
 * Downloads a binary answer (exports, tags) keeping auth and language headers; `post` sends a JSON
 * body and asks for the file type `accept` names (an API that also answers JSON or text then sends the bytes).
 */
export async function download(
  path: string,
  query?: Record<string, QueryValue>,
  post?: { body: unknown; accept: string },
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(
    `${API_BASE}${path}${query ? toQueryString(query) : ''}`,
    post
      ? { method: 'POST', headers: { ...headers(true), Accept: post.accept }, body: JSON.stringify(post.body) }
      : { headers: headers(false) },
  );
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  // RFC 6266: the UTF-8 `filename*` (accents kept, e.g. Usuários_...) wins over the ASCII fallback.
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition) ?? /filename="?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), fileName: match ? decodeURIComponent(match[1] ?? 'export.xlsx') : 'export.xlsx' };
}

/** Sends one file as multipart `file` (POST /file/upload?entity=&field=) and answers the stored file's reference. */
export async function upload<T>(path: string, file: Blob & { name?: string }, query?: Record<string, QueryValue>): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  const response = await fetch(`${API_BASE}${path}${query ? toQueryString(query) : ''}`, {
    method: 'POST',
    headers: headers(false),
    body: form,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string, query?: Record<string, QueryValue>) => request<T>('DELETE', path, { query }),
};
