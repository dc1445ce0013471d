import { IDEMPOTENCY_KEY_HEADER, type SuccessEnvelope } from '@wh/contracts/platform/http';
import { API_BASE, ApiError } from './api-client.ts';
import { AUTH_REQUIRED_MESSAGE, errorFromResponse, isFailureEnvelope, NETWORK_ERROR_MESSAGE, parseBody, SESSION_EXPIRED_MESSAGE } from './api-errors.ts';
import { noteReadAfter } from './read-after.ts';
import { answerWasLost, newIdempotencyKey, pause, RETRY_DELAYS_MS } from './retries.ts';
import { appStore, clearSessionAtom, tokenAtom } from './session.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Whole percent of bytes sent; 100 once the file is sent and the server is processing it. */
  percent: number;
}

export interface UploadOptions {
  /** Per-call default message (spec section 8) used when the server gives none. */
  defaultMessage: string;
  onProgress?: (progress: UploadProgress) => void;
  /** Defaults to 'file', the form field every upload call uses. */
  field?: string;
  signal?: AbortSignal;
  /** Text when there is no session at all (orders: 'Authentication required. Please log in to upload orders.'). */
  noTokenMessage?: string;
  /** The user action's key; one is made per upload when not given. */
  idempotencyKey?: string;
}

// fetch cannot report upload progress, so uploads go through XMLHttpRequest. The answer is read exactly as
// apiRequest reads it: the server's message, else the per-call default. An upload whose answer is lost is sent
// again under the same Idempotency-Key (retries.ts), so a file is never recorded twice.
export async function uploadFile<T>(path: string, file: File | Blob, options: UploadOptions, filename?: string): Promise<SuccessEnvelope<T>> {
  const token = appStore.get(tokenAtom);
  if (!token) throw new ApiError(options.noTokenMessage ?? AUTH_REQUIRED_MESSAGE, 401, 'UNAUTHENTICATED');
  const key = options.idempotencyKey ?? newIdempotencyKey();
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await sendUpload<T>(path, file, options, token, key, filename);
    } catch (error) {
      if (!(error instanceof ApiError) || !answerWasLost(error.status)) throw error;
      await pause(delay, options.signal);
    }
  }
  return sendUpload<T>(path, file, options, token, key, filename);
}

function sendUpload<T>(path: string, file: File | Blob, options: UploadOptions, token: string, key: string, filename?: string): Promise<SuccessEnvelope<T>> {
  const form = new FormData();
  form.append(options.field ?? 'file', file, filename ?? (file instanceof File ? file.name : 'upload'));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, key);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      options.onProgress?.({ loaded: e.loaded, total: e.total, percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const parsed = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300 || isFailureEnvelope(parsed)) {
        if (xhr.status === 401 && appStore.get(tokenAtom) === token) appStore.set(clearSessionAtom, SESSION_EXPIRED_MESSAGE);
        reject(errorFromResponse(xhr.status, xhr.statusText, parsed, options.defaultMessage));
        return;
      }
      if (parsed.kind !== 'json') {
        reject(errorFromResponse(xhr.status, xhr.statusText, parsed, options.defaultMessage));
        return;
      }
      const envelope = parsed.value as SuccessEnvelope<T>;
      noteReadAfter(envelope.read_after);
      resolve(envelope);
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
