// Action buttons ask once per click, however fast the clicks (a double click on "Send challenge").
import { expect, test } from 'vitest';
import { oneAtATime } from '../../src/common/guard';

test('a second call while the first is on its way is dropped; after it ends, calls run again', async () => {
  let sent = 0;
  let answer: () => void = () => undefined;
  const states: boolean[] = [];
  const send = oneAtATime(() => {
    ++sent;
    return new Promise<void>((resolve) => (answer = resolve));
  }, (b) => states.push(b));
  const first = send();
  const second = send();  // the double click
  await second;
  expect(sent).toBe(1);
  answer();
  await first;
  expect(states).toEqual([true, false]);
  const third = send();
  expect(sent).toBe(2);
  answer();
  await third;
});

test('a call that fails frees the guard too', async () => {
  let calls = 0;
  const f = oneAtATime(async () => {
    ++calls;
    throw new Error('refused');
  });
  await expect(f()).rejects.toThrow('refused');
  await expect(f()).rejects.toThrow('refused');
  expect(calls).toBe(2);
});
