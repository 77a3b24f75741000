import { LocalFileStorage } from './storage';

describe('LocalFileStorage.publicUrl', () => {
  const storage = new LocalFileStorage('/tmp/realty-storage-spec');
  const slow = (key: string) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;

  it.each([
    'properties/demo/office-03.jpg',
    'properties/2f1c/9a_b.thumb.webp',
    "odd/!~*'()/x",
    'с пробелом/офис №1.jpg',
    'a/b?c#d&e=f%20.png',
    '',
  ])('%p is the key with each segment URI-encoded', (key) => {
    expect(storage.publicUrl(key)).toBe(slow(key));
  });
});
