import { clientOver, type Answer, type Client } from '../testing.ts';

// The test client's interface over real HTTP (fetch against a listening server), for tests about what happens on
// the wire: many requests at once, a server whose database goes away.
export function httpClient(baseUrl: string, token: string | null = null): Client {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, raw?: { body: Buffer; contentType: string }): Promise<Answer> => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: Buffer | string | undefined;
    if (raw) {
      headers['content-type'] = raw.contentType;
      payload = raw.body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  };
  return clientOver(token, call);
}

export async function httpLogin(baseUrl: string, username: string, password: string): Promise<Client> {
  const res = await httpClient(baseUrl).post('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return httpClient(baseUrl, res.body.data.token as string);
}
