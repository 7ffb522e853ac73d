// The one reconnecting WebSocket (common/socket.ts) and its Backoff (common/backoff.ts).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Backoff } from '../../src/common/backoff';
import { openSocket } from '../../src/common/socket';

describe('Backoff', () => {
  test('250 ms, doubling, at most 5 s', () => {
    const b = new Backoff();
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => b.next())).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });
  test('a success starts again from the first wait', () => {
    const b = new Backoff();
    b.next();
    b.next();
    b.reset();
    expect(b.next()).toBe(250);
  });
  test('other bounds', () => {
    const b = new Backoff(100, 300);
    expect([b.next(), b.next(), b.next()]).toEqual([100, 200, 300]);
  });
});

// A WebSocket of the test's own: it records what was opened and sent, and the test opens,
// drops and talks to each connection by hand.
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string, public protocols?: string[]) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  // The test's side.
  up() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  push(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

describe('openSocket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'https:', host: 'oyin.example:8443' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('connects to the path on this host (wss behind https), with the protocols given', () => {
    openSocket('/ws/games/7', { message: () => undefined }, ['oyin', 'oyin.seat.abc']);
    expect(FakeSocket.made).toHaveLength(1);
    expect(FakeSocket.made[0].url).toBe('wss://oyin.example:8443/ws/games/7');
    expect(FakeSocket.made[0].protocols).toEqual(['oyin', 'oyin.seat.abc']);
  });

  test('messages arrive parsed; sending needs the connection up', () => {
    const got: unknown[] = [];
    const s = openSocket('/ws/lobby', { message: (m) => got.push(m) });
    expect(s.send({ type: 'hello' })).toBe(false);
    FakeSocket.made[0].up();
    expect(s.send({ type: 'hello' })).toBe(true);
    expect(FakeSocket.made[0].sent).toEqual(['{"type":"hello"}']);
    FakeSocket.made[0].push({ type: 'seeks', seeks: [] });
    expect(got).toEqual([{ type: 'seeks', seeks: [] }]);
  });

  test('reconnects after each drop, waiting longer each time, and from the start after a success', () => {
    const events: string[] = [];
    openSocket('/ws/lobby', { open: () => events.push('open'), drop: () => events.push('drop'), message: () => undefined });
    FakeSocket.made[0].drop();
    expect(events).toEqual(['drop']);
    vi.advanceTimersByTime(249);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1].drop();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    FakeSocket.made[2].up();
    FakeSocket.made[2].drop();
    vi.advanceTimersByTime(250);
    expect(FakeSocket.made).toHaveLength(4);
    expect(events).toEqual(['drop', 'drop', 'open', 'drop']);
  });

  test('closed for good: no reconnection, not even one already waiting', () => {
    const s = openSocket('/ws/lobby', { message: () => undefined });
    FakeSocket.made[0].up();
    s.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.made).toHaveLength(1);

    const t = openSocket('/ws/lobby', { message: () => undefined });
    FakeSocket.made[1].drop();
    t.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  test('whenOpen waits for the connection, or resolves at once when it is up', async () => {
    const s = openSocket('/ws/analysis', { message: () => undefined });
    let ready = false;
    const waiting = s.whenOpen().then(() => { ready = true; });
    await Promise.resolve();
    expect(ready).toBe(false);
    FakeSocket.made[0].up();
    await waiting;
    expect(ready).toBe(true);
    await expect(s.whenOpen()).resolves.toBeUndefined();
  });
});
