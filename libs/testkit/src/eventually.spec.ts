import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first value the probe gives that is not undefined, null or false', async () => {
    let calls = 0;
    const value = await eventually('the third call', () => (++calls === 3 ? { calls } : calls === 1 ? null : false));
    expect(value).toEqual({ calls: 3 });
  });

  it('returns 0 and the empty string (a value, not a missing one)', async () => {
    await expect(eventually('zero', () => 0)).resolves.toBe(0);
    await expect(eventually('empty', async () => '')).resolves.toBe('');
  });

  it('passes on what the probe throws', async () => {
    await expect(
      eventually('a failing probe', () => {
        throw new Error('probe broke');
      }),
    ).rejects.toThrow('probe broke');
  });

  it('names what it waited for when the condition never holds', async () => {
    await expect(eventually('the moon', () => undefined, { timeoutMs: 30, intervalMs: 5 })).rejects.toThrow(
      'timed out waiting for the moon (30 ms)',
    );
  });
});
