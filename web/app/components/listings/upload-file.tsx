import { useTranslation } from 'react-i18next';
import { CSRF_FIELD } from '~/components/csrf';
import type { ImageActionAnswer } from '~/lib/listings/listing-images.server';

/** One file's upload as the page shows it. */
export interface UploadState {
  key: string;
  name: string;
  loaded: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * Posts one image (multipart: the web's CSRF token, intent=upload, `images`) to the images action
 * with XMLHttpRequest, whose upload events report progress (fetch has none); resolves with the
 * action's JSON answer, or a failure answer when the request itself failed.
 */
export function uploadFile(
  action: string,
  token: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): Promise<ImageActionAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set(CSRF_FIELD, token);
    body.set('intent', 'upload');
    body.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    const failed = (description: string): ImageActionAnswer => ({ ok: false, toast: { title: '', description, variant: 'destructive' } });
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as ImageActionAnswer);
      } catch {
        resolve(failed(`HTTP ${xhr.status}`));
      }
    };
    xhr.onerror = () => resolve(failed('Network error'));
    xhr.send(body);
  });
}

/** The progress bars of the uploads under way or just finished (a live region announces the outcome). */
export function UploadProgress({ uploads }: { uploads: UploadState[] }) {
  const { t } = useTranslation('listingForm');
  return (
    <ul className="upload-progress" aria-label={t('images.uploads')}>
      {uploads.map((u) => {
        const percent = u.total ? Math.round((u.loaded / u.total) * 100) : 0;
        return (
          <li key={u.key} className={`upload-progress__item upload-progress__item--${u.status}`} data-status={u.status}>
            <span className="upload-progress__name">{u.name}</span>
            <progress max={100} value={u.status === 'done' ? 100 : percent} aria-label={t('images.progress', { name: u.name })} />
            <span role="status" className="upload-progress__state">
              {u.status === 'done'
                ? t('images.done')
                : u.status === 'failed'
                  ? `${t('images.failed', { name: u.name })}: ${u.error ?? ''}`
                  : `${percent}%`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
