/**
 * The console's requests to the server: same-origin, with the session cookie, and with the
 * session's CSRF token in X-CSRF-Token on every state-changing request (the server refuses them
 * without it). The token lives in memory only; it comes with the session (sign-in, or reading
 * the session when the console loads). Later screens make their requests through `request`.
 */
import { consoleSessionSchema, type ConsoleSessionAnswer } from '@locator/core/console-api';
import { ConsoleApiError, ConsoleUnreachableError, errorOfResponse } from './errors';

export const CONSOLE_API = '/api/v1/admin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ConsoleClient {
  /** The current session, or undefined when signed out. */
  session(): Promise<ConsoleSessionAnswer | undefined>;
  signIn(email: string, password: string): Promise<ConsoleSessionAnswer>;
  signOut(): Promise<void>;
  signOutEverywhere(): Promise<void>;
  /** A console API request; an answer that is not ok is thrown as ConsoleApiError. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Sends a file (POST) with its upload's progress, as `request` does (CSRF token, session
   * lost): resolves with every answer, its status and parsed JSON body.
   */
  upload(path: string, file: Blob, type: string, progress: UploadProgress): Promise<UploadAnswer>;
  /** Called when a request finds the session gone (expired, or ended elsewhere). */
  onSessionLost(listener: () => void): () => void;
}

export interface UploadProgress {
  /** Bytes sent of the total, while the file is sent. */
  onSending(sent: number, total: number): void;
  /** The whole file is sent; the server is working on it. */
  onSent(): void;
}

export interface UploadAnswer {
  status: number;
  body: unknown;
}

export function createConsoleClient(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ConsoleClient {
  let csrfToken: string | undefined;
  const listeners = new Set<() => void>();

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (!SAFE_METHODS.has(method) && csrfToken !== undefined) {
      headers.set('X-CSRF-Token', csrfToken);
    }
    try {
      return await fetchImpl(path, { ...init, method, headers, credentials: 'same-origin' });
    } catch (err) {
      throw new ConsoleUnreachableError(err);
    }
  }

  /** Keeps the answer's token; an answer that does not read as a session is unreachable. */
  async function readSession(res: Response): Promise<ConsoleSessionAnswer> {
    const body: unknown = await res.json().catch(() => undefined);
    const parsed = consoleSessionSchema.safeParse(body);
    if (!parsed.success) throw new ConsoleUnreachableError(parsed.error);
    csrfToken = parsed.data.csrfToken;
    return parsed.data;
  }

  async function request(path: string, init?: RequestInit): Promise<Response> {
    const res = await send(path, init);
    if (res.ok) return res;
    const error = await errorOfResponse(res);
    if (error.code === 'NOT_SIGNED_IN') {
      csrfToken = undefined;
      for (const listener of listeners) listener();
    }
    throw error;
  }

  async function end(path: string): Promise<void> {
    try {
      await request(path, { method: 'DELETE' });
    } catch (err) {
      // Already signed out: the wanted outcome.
      if (!(err instanceof ConsoleApiError && err.code === 'NOT_SIGNED_IN')) throw err;
    }
    csrfToken = undefined;
  }

  /** XMLHttpRequest: fetch does not tell how much of a body is sent. */
  function upload(path: string, file: Blob, type: string, progress: UploadProgress) {
    return new Promise<UploadAnswer>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Content-Type', type);
      if (csrfToken !== undefined) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
      xhr.upload.onprogress = (e) => progress.onSending(e.loaded, e.total || file.size);
      xhr.upload.onload = () => progress.onSent();
      xhr.onerror = () => reject(new ConsoleUnreachableError());
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText) as unknown;
        } catch {
          body = undefined;
        }
        if (xhr.status === 401) {
          csrfToken = undefined;
          for (const listener of listeners) listener();
        }
        resolve({ status: xhr.status, body });
      };
      xhr.send(file);
    });
  }

  return {
    async session() {
      const res = await send(`${CONSOLE_API}/session`);
      if (res.status === 401) {
        csrfToken = undefined;
        return undefined;
      }
      if (!res.ok) throw await errorOfResponse(res);
      return readSession(res);
    },
    async signIn(email, password) {
      const res = await send(`${CONSOLE_API}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw await errorOfResponse(res);
      return readSession(res);
    },
    signOut: () => end(`${CONSOLE_API}/session`),
    signOutEverywhere: () => end(`${CONSOLE_API}/sessions`),
    request,
    upload,
    onSessionLost(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
