import { API_BASE, ApiError, buildQuery } from './api-client.ts';
import { AUTH_REQUIRED_MESSAGE, errorFromResponse, NETWORK_ERROR_MESSAGE, parseBody } from './api-errors.ts';
import { readAfterHeaders } from './read-after.ts';
import { appStore, tokenAtom } from './session.ts';

type QueryValue = string | number | boolean | null | undefined;

// Downloads a file the server builds (CSV or XLSX exports): the bearer token cannot ride on a plain link,
// so the file is fetched and handed to the browser as a blob.
export async function downloadFile(path: string, query: Record<string, QueryValue>, defaultMessage: string): Promise<string> {
  const token = appStore.get(tokenAtom);
  if (!token) throw new ApiError(AUTH_REQUIRED_MESSAGE, 401, 'UNAUTHENTICATED');
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${buildQuery(query)}`, { headers: { Authorization: `Bearer ${token}`, ...readAfterHeaders() } });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
  }
  if (!response.ok) {
    throw errorFromResponse(response.status, response.statusText, parseBody(await response.text().catch(() => '')), defaultMessage);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
