import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Form, Link, useFetcher, useRevalidator } from '@remix-run/react';
import type { StaffPropertyImageDto } from '@realty/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput, CSRF_FIELD, useAuthenticityToken } from '~/components/csrf';
import { useToast, useToastEffect } from '~/components/toast/Toaster';
import type { ImageActionAnswer } from '~/lib/listings/listing-images.server';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { UploadProgress, uploadFile, type UploadState } from './upload-file';

/** The images action of a listing (resources.listing-images.$id). */
export const imagesAction = (propertyId: string) => `/resources/listing-images/${propertyId}`;

/**
 * The images of a listing on its edit page (issue 21; spec 02 §2 "images with progress, reorder
 * and a main image"; §7 Uploads). The first image is the main one.
 * - Upload: several files; with JavaScript each file goes in its own XMLHttpRequest with its own
 *   progress bar, then the list reloads; without it the form posts the files (multipart) to the
 *   same action.
 * - Reorder: drag the handle (@dnd-kit; keyboard: space/Enter, arrows, space, Escape, announced
 *   in the page's language), or the "up", "down" and "make main" buttons, which are plain form
 *   posts and so work without JavaScript too.
 * - Delete: asks first (?deleteImage=<id> shows a confirmation the page renders).
 */
export function ListingImages({ propertyId, images }: { propertyId: string; images: StaffPropertyImageDto[] }) {
  const { t } = useTranslation('listingForm');
  const hydrated = useHydrated();
  const action = imagesAction(propertyId);
  const token = useAuthenticityToken();
  const revalidator = useRevalidator();
  const { toast } = useToast();
  const fetcher = useFetcher<ImageActionAnswer>();
  useToastEffect(fetcher.data?.toast);
  const [order, setOrder] = useState(images);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  useEffect(() => setOrder(images), [images]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number) => order.findIndex((i) => i.id === id) + 1;

  const onUpload = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem('images') as HTMLInputElement | null;
    const files = [...(input?.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    const started = files.map((f, i): UploadState => ({
      key: `${Date.now()}-${i}`,
      name: f.name,
      loaded: 0,
      total: f.size,
      status: 'uploading',
    }));
    setUploads(started);
    const update = (key: string, patch: Partial<UploadState>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    Promise.all(
      files.map((file, i) =>
        uploadFile(action, token, file, (loaded, total) => update(started[i].key, { loaded, total })).then((answer) => {
          update(started[i].key, answer.ok ? { status: 'done', loaded: file.size } : { status: 'failed', error: answer.toast.description });
          return answer.ok;
        }),
      ),
    ).then((oks) => {
      if (input) input.value = '';
      if (oks.some(Boolean)) toast({ title: t('images.uploaded') });
      if (!oks.every(Boolean))
        toast({
          title: t('toast.error'),
          description: t('images.failed', {
            name: files
              .filter((_, i) => !oks[i])
              .map((f) => f.name)
              .join(', '),
          }),
          variant: 'destructive',
        });
      revalidator.revalidate();
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, position(active.id) - 1, position(over.id) - 1);
    setOrder(next);
    const body = new FormData();
    body.set(CSRF_FIELD, token);
    body.set('intent', 'reorder');
    body.set('js', '1');
    for (const img of next) body.append('order', img.id);
    fetcher.submit(body, { method: 'post', action });
  };

  const list = (
    <ol className="listing-images__list" aria-label={t('images.list')}>
      {order.map((img, i) => (
        <ImageItem key={img.id} image={img} index={i} count={order.length} action={action} sortable={hydrated} />
      ))}
    </ol>
  );

  return (
    <section className="listing-form__section listing-images" aria-labelledby="listing-images-title">
      <h2 id="listing-images-title">{t('images.title')}</h2>
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="listing-images__upload"
        onSubmit={hydrated ? onUpload : undefined}
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="upload" />
        <label htmlFor="listing-images-files">{t('images.choose')}</label>
        <input
          id="listing-images-files"
          type="file"
          name="images"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby="listing-images-hint"
        />
        <p id="listing-images-hint" className="form-hint">
          {t('images.hint')}
        </p>
        <button type="submit" className="btn btn-secondary">
          {t('images.upload')}
        </button>
      </form>
      {uploads.length ? <UploadProgress uploads={uploads} /> : null}
      {!order.length ? (
        <p className="listing-images__empty">{t('images.empty')}</p>
      ) : hydrated ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('images.dnd.instructions') },
            announcements: {
              onDragStart: ({ active }) => t('images.dnd.picked', { n: position(active.id) }),
              onDragOver: ({ active, over }) =>
                over ? t('images.dnd.over', { n: position(active.id), pos: position(over.id) }) : undefined,
              onDragEnd: ({ active, over }) =>
                over ? t('images.dnd.dropped', { n: position(active.id), pos: position(over.id) }) : undefined,
              onDragCancel: () => t('images.dnd.cancelled'),
            },
          }}
        >
          <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            {list}
          </SortableContext>
        </DndContext>
      ) : (
        list
      )}
    </section>
  );
}

/** One image: thumbnail, "main" badge, drag handle (with JavaScript), make main / up / down (form posts), delete (asks first). */
function ImageItem({
  image,
  index,
  count,
  action,
  sortable,
}: {
  image: StaffPropertyImageDto;
  index: number;
  count: number;
  action: string;
  sortable: boolean;
}) {
  const { t } = useTranslation('listingForm');
  const n = index + 1;
  const dnd = useSortable({ id: image.id, disabled: !sortable });
  const style = sortable ? { transform: CSS.Transform.toString(dnd.transform), transition: dnd.transition } : undefined;
  const post = (intent: string, label: string, disabled = false) => (
    <Form method="post" action={action} preventScrollReset className="listing-images__action">
      <AuthenticityTokenInput />
      <input type="hidden" name="imageId" value={image.id} />
      <button type="submit" name="intent" value={intent} className="btn btn-secondary btn-small" disabled={disabled}>
        {label}
      </button>
    </Form>
  );
  return (
    <li
      ref={dnd.setNodeRef}
      style={style}
      className={`listing-images__item${dnd.isDragging ? ' is-dragging' : ''}`}
      data-image-id={image.id}
      data-main={image.isMain || undefined}
    >
      {sortable ? (
        <button
          type="button"
          className="listing-images__handle"
          aria-label={t('images.drag', { n })}
          {...dnd.attributes}
          {...dnd.listeners}
        >
          ⠿
        </button>
      ) : null}
      <img src={image.thumbUrl ?? image.url} alt={t('images.photo', { n })} width={120} height={90} loading="lazy" />
      <div className="listing-images__meta">
        <span>{t('images.photo', { n })}</span>
        {index === 0 ? <strong className="status-badge">{t('images.main')}</strong> : null}
        {!image.thumbUrl ? <span className="form-hint">{t('images.processing')}</span> : null}
      </div>
      <div className="listing-images__actions">
        {index > 0 ? post('main', t('images.makeMain')) : null}
        {post('up', t('images.moveUp'), index === 0)}
        {post('down', t('images.moveDown'), index === count - 1)}
        {image.name ? (
          <Link to={`?deleteImage=${image.id}`} preventScrollReset className="btn btn-danger btn-small">
            {t('images.delete')}
          </Link>
        ) : (
          <span className="form-hint">{t('images.noDelete')}</span>
        )}
      </div>
    </li>
  );
}
