import { ApiError, ApiNetworkError, createApiClient } from './index';
import type { XhrLike } from './xhr-fetch';

/**
 * Upload progress (spec 02 §7 uploads with progress; xhr-fetch.ts): where XMLHttpRequest exists
 * a call with onUploadProgress goes through it and reports the body's progress, with the same
 * envelope and errors as through fetch; without it (Node) the call uses fetch. The browser's
 * XMLHttpRequest is played by a fake that answers what each test sets.
 */
type Answer = { status: number; statusText?: string; body?: string; headers?: string; fail?: boolean };

const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown; withCredentials: boolean }> = [];
let answer: Answer;

class FakeXhr implements XhrLike {
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private req = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.req = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.req.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return answer.headers ?? 'content-type: application/json\r\n';
  }
  send(body: unknown) {
    sent.push({ ...this.req, body, withCredentials: this.withCredentials });
    queueMicrotask(() => {
      if (answer.fail) return this.onerror?.();
      this.upload.onprogress?.({ loaded: 400, total: 1000, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 1000, total: 1000, lengthComputable: true });
      this.status = answer.status;
      this.statusText = answer.statusText ?? '';
      this.responseText = answer.body ?? '';
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

const client = () => createApiClient({ baseUrl: 'http://api.test/api', token: 'tok', lang: 'en', retry: false });
const form = () => {
  const f = new FormData();
  f.append('video', new Blob([Buffer.from('ftyp')]), 'a.mp4');
  return f;
};

beforeEach(() => {
  sent.length = 0;
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
});
afterEach(() => {
  delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
});

describe('uploads with progress (XMLHttpRequest)', () => {
  it('reports the progress of the body and answers the envelope as fetch would', async () => {
    const file = { name: 'x.mp4', url: '/media/videos/x.mp4', mime: 'video/mp4', size: 4 };
    answer = { status: 201, body: JSON.stringify({ status: 'success', data: { files: [file] } }) };
    const progress: Array<[number, number]> = [];
    const data = await client().uploads.videos(form(), { onUploadProgress: (loaded, total) => progress.push([loaded, total]) });
    expect(data).toEqual({ files: [file] });
    expect(progress).toEqual([
      [400, 1000],
      [1000, 1000],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/upload/videos',
      headers: { authorization: 'Bearer tok', 'accept-language': 'en', accept: 'application/json' },
      withCredentials: true,
    });
    expect(sent[0].body).toBeInstanceOf(FormData);
  });

  it('turns an error answer into ApiError with its code, and a failed request into ApiNetworkError', async () => {
    answer = { status: 415, body: JSON.stringify({ status: 'error', error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'no' } }) };
    const refused = client().uploads.propertyImages(form(), { onUploadProgress: () => undefined });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 415, serverCode: 'UNSUPPORTED_FILE_TYPE' });
    answer = { status: 0, fail: true };
    await expect(client().uploads.videos(form(), { onUploadProgress: () => undefined })).rejects.toBeInstanceOf(ApiNetworkError);
  });

  it('an aborted signal ends the upload as an abort; without onUploadProgress the call uses fetch', async () => {
    answer = { status: 201, body: '{}' };
    const controller = new AbortController();
    controller.abort();
    await expect(client().uploads.videos(form(), { onUploadProgress: () => undefined, signal: controller.signal })).rejects.toMatchObject({
      reason: 'aborted',
    });
    expect(sent).toHaveLength(0);
    const fetched: string[] = [];
    const viaFetch = createApiClient({
      baseUrl: 'http://api.test/api',
      fetch: async (url) => {
        fetched.push(String(url));
        return new Response(JSON.stringify({ status: 'success', data: { files: [] } }), { status: 201 });
      },
    });
    await expect(viaFetch.uploads.videos(form())).resolves.toEqual({ files: [] });
    expect(fetched).toEqual(['http://api.test/api/upload/videos']);
    expect(sent).toHaveLength(0);
  });
});
