import type { BlogCategoryDto, BlogKind, Language } from '@realty/contracts';
import { LANGUAGE_NAMES } from '@realty/i18n';
import { useTranslation } from 'react-i18next';
import { LocalizedField, SelectField, TextField } from '~/components/staff/fields';
import { ContentField } from './ContentField';

/** What the post form shows: the stored post's texts or what was posted (a 400 or a preview). */
export interface PostFormValues {
  kind: BlogKind;
  title: Partial<Record<Language, string>>;
  excerpt: Partial<Record<Language, string>>;
  content: Partial<Record<Language, string>>;
  slug: string;
  categoryId: string;
  coverImageKey: string;
  /** "Remove the cover" as it was ticked (a preview or a 400 shows it again). */
  coverRemove: boolean;
  /** The URL of a cover uploaded by that preview or refused save, not yet stored with the post. */
  coverUrl: string | null;
}

/** The posted values (StaffFormResult.values) over the stored ones. */
export function postFormValues(stored: Partial<PostFormValues> & { kind: BlogKind }, posted: unknown): PostFormValues {
  const p = (posted && typeof posted === 'object' ? posted : {}) as Record<string, unknown>;
  const text = (v: unknown, d: string) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d);
  const loc = (v: unknown, d: Partial<Record<Language, string>> | undefined) =>
    (v && typeof v === 'object' ? v : (d ?? {})) as Partial<Record<Language, string>>;
  return {
    kind: (text(p.kind, stored.kind) as BlogKind) ?? stored.kind,
    title: loc(p.title, stored.title),
    excerpt: loc(p.excerpt, stored.excerpt),
    content: loc(p.content, stored.content),
    slug: text(p.slug, stored.slug ?? ''),
    categoryId: p.categoryId === null ? '' : text(p.categoryId, stored.categoryId ?? ''),
    coverImageKey: p.coverImageKey === null ? '' : text(p.coverImageKey, stored.coverImageKey ?? ''),
    coverRemove: p.coverRemove === true,
    coverUrl: typeof p.coverUrl === 'string' ? p.coverUrl : null,
  };
}

/** The fields of the post form (BlogPostWriteDto): title, excerpt, body (editor), slug, category, cover key. */
export function PostFields({
  values,
  errors,
  categories,
  lang,
  coverUrl = null,
}: {
  values: PostFormValues;
  errors: Record<string, string>;
  categories: BlogCategoryDto[];
  lang: Language;
  /** The stored cover's URL (edit page); a cover uploaded by a preview or a refused save shows instead. */
  coverUrl?: string | null;
}) {
  const { t } = useTranslation('blogDesk');
  coverUrl = values.coverUrl ?? coverUrl;
  return (
    <>
      <input type="hidden" name="kind" value={values.kind} />
      <input type="hidden" name="coverImageKey" value={values.coverImageKey} />
      <LocalizedField name="title" label={t('form.title')} values={values.title} error={errors.title} maxLength={200} />
      <LocalizedField
        name="excerpt"
        label={t('form.excerpt')}
        values={values.excerpt}
        error={errors.excerpt}
        multiline
        rows={3}
        maxLength={500}
      />
      <ContentField values={values.content} error={errors.content} />
      <TextField
        name="slug"
        label={t('form.slug')}
        hint={t('form.slugHint')}
        defaultValue={values.slug}
        error={errors.slug}
        maxLength={120}
      />
      <SelectField
        name="categoryId"
        label={t('form.category')}
        defaultValue={values.categoryId}
        error={errors.categoryId}
        emptyLabel={t('form.noCategory')}
        options={categories.map((c) => ({ value: String(c.id), label: c.name[lang] || c.nameRu }))}
      />
      <div className={`form-field${errors.coverImageKey ? ' form-field--invalid' : ''}`}>
        <label htmlFor="field-coverImageKey">{t('form.cover')}</label>
        {coverUrl ? (
          <p>
            <img src={coverUrl} alt={t('form.coverCurrent')} className="blog-cover-preview" width={240} />
            <label className="checkbox-group__item">
              <input type="checkbox" name="coverRemove" defaultChecked={values.coverRemove} /> {t('form.coverRemove')}
            </label>
          </p>
        ) : null}
        <input
          id="field-coverImageKey"
          type="file"
          name="cover"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={`field-coverImageKey-hint${errors.coverImageKey ? ' field-coverImageKey-error' : ''}`}
          aria-invalid={errors.coverImageKey ? true : undefined}
        />
        <p id="field-coverImageKey-hint" className="form-hint">
          {t('form.coverHint')}
        </p>
        {errors.coverImageKey ? (
          <p className="field-error" id="field-coverImageKey-error">
            {errors.coverImageKey}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The preview: each language's body as the public article page shows it (sanitised by the API). */
export function PostPreview({ preview }: { preview: Partial<Record<Language, string>> }) {
  const { t } = useTranslation('blogDesk');
  const langs = Object.keys(preview) as Language[];
  if (!langs.length) return null;
  return (
    <section className="blog-preview" aria-labelledby="blog-preview-title" data-testid="blog-preview">
      <h2 id="blog-preview-title">{t('form.preview')}</h2>
      <p className="form-hint">{t('form.previewHint')}</p>
      {langs.map((l) => (
        <article key={l} lang={l} aria-label={t('form.previewTitle', { lang: LANGUAGE_NAMES[l] })}>
          <h3>{t('form.previewTitle', { lang: LANGUAGE_NAMES[l] })}</h3>
          <div className="article-body" dangerouslySetInnerHTML={{ __html: preview[l] ?? '' }} />
        </article>
      ))}
    </section>
  );
}
