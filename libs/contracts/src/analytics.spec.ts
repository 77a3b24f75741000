import { TrackEventDto, TrackPageViewDto } from './analytics';
import { isTrackedPath } from './analytics.rules';
import { validateInput } from './validate-input';

describe('analytics (spec 01 §7 notes)', () => {
  it.each([
    ['/', true],
    ['/catalog', true],
    ['/property/office-1', true],
    ['/authors', true],
    ['/dashboard', false],
    ['/dashboard/user', false],
    ['/auth', false],
    ['/auth/reset-password', false],
    ['/api/leads', false],
    ['//evil.example', false],
    ['catalog', false],
  ])('%s tracked: %s', (path, tracked) => {
    expect(isTrackedPath(path)).toBe(tracked);
  });

  it('validates beacons', async () => {
    expect((await validateInput(TrackPageViewDto, { path: '/', utm_source: 'x'.repeat(300) })).ok).toBe(true);
    expect((await validateInput(TrackPageViewDto, { path: 'x' })).ok).toBe(false);
    expect((await validateInput(TrackEventDto, { eventName: 'quiz.completed', properties: { a: 1 } })).ok).toBe(true);
    expect((await validateInput(TrackEventDto, { eventName: 'quiz completed' })).ok).toBe(false);
    expect((await validateInput(TrackEventDto, { eventName: 'x', properties: [1] })).ok).toBe(false);
  });
});
