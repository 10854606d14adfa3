import { API_BASE, ApiError, getStoredLanguage, getToken, toApiError } from '../../app/api-client';

/**
 * Terminal commands answer a failure as `{message, outcome}` (offline, unknown, jammed, refused,
 * unsupported, failed) rather than the platform's error envelope; both become an ApiError with the
 * API's translated message, and `outcome` when there is one.
 */
export class CommandError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly outcome?: string,
  ) {
    super(status, message);
  }
}

export async function sendCommand<T>(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': getStoredLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.ok) return (await response.json()) as T;
  const text = await response.clone().text();
  try {
    const parsed = JSON.parse(text) as { message?: unknown; outcome?: unknown };
    if (typeof parsed.message === 'string') {
      throw new CommandError(response.status, parsed.message, typeof parsed.outcome === 'string' ? parsed.outcome : undefined);
    }
  } catch (error) {
    if (error instanceof CommandError) throw error;
  }
  throw await toApiError(response);
}
