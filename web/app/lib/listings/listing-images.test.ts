import { describe, expect, it } from '@jest/globals';
import { movedOrder } from './listing-images.server';

/** The image order after "make main", "up" and "down" (the edit page's plain form posts). */
describe('movedOrder', () => {
  const ids = ['a', 'b', 'c'];
  it('moves an image to the front, one place up or one place down', () => {
    expect(movedOrder(ids, 'c', 'main')).toEqual(['c', 'a', 'b']);
    expect(movedOrder(ids, 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(movedOrder(ids, 'b', 'down')).toEqual(['a', 'c', 'b']);
  });
  it('answers null when nothing moves or the image is not the listing’s', () => {
    expect(movedOrder(ids, 'a', 'main')).toBeNull();
    expect(movedOrder(ids, 'a', 'up')).toBeNull();
    expect(movedOrder(ids, 'c', 'down')).toBeNull();
    expect(movedOrder(ids, 'x', 'main')).toBeNull();
  });
});
