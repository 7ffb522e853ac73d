// What the load tests share: accounts signed up from loopback addresses of their own, and a
// bounded pool of concurrent work.
import http from 'node:http';

// Account k signs up from a loopback address of its own, 127.<net>.x.y (all of 127/8 is loopback
// on Linux): the server takes 5 sign-ups an hour from one address. Resolves with the status, the
// body's text and the session cookie.
export function signUpFrom(base, k, body, net = 1) {
  const url = new URL('/api/account/register', base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      localAddress: `127.${net}.${1 + Math.floor(k / 250)}.${1 + (k % 250)}`,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, text, cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0] }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

// Signs up account `name` (the k-th) and resolves with its session cookie; throws on a refusal.
export async function signUp(base, name, k, net = 1) {
  const r = await signUpFrom(base, k, { username: name, password: `load-${name}-pw7` }, net);
  if (r.status !== 201 || !r.cookie) throw new Error(`sign up ${name}: HTTP ${r.status} ${r.text}`);
  return r.cookie;
}

// Runs fn(i) for i < n with at most `limit` in flight.
export async function pool(n, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, n) }, async () => {
    while (next < n) await fn(next++);
  }));
}
