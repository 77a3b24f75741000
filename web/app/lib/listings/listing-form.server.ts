import { data } from '@remix-run/node';
import { ApiError } from '@realty/api-client';
import { listingYearProblem, PropertyWriteDto, translateMessage, type StaffPropertyDto } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { rethrowAuthError, type SignedInAuth } from '~/lib/auth/auth.server';
import { formInput, submitStaffForm } from '~/lib/staff/staff-form.server';
import { editPath, LISTING_FIELD_KINDS, listingValuesFromForm } from './listing-form';

export { editPath };

/**
 * The save of the listing form (issue 21; spec 02 §2, §5, §7 POST/PUT /properties), on the staff
 * form pattern: the posted form -> PropertyWriteDto input, validated on the page exactly as the
 * API validates it (plus yearBuilt's "current year + 5" with this server's clock, as the API's
 * service does), then POST (create) or PUT (`id`). Success: to the edit page with a toast: an
 * admin's listing is published at once, anyone else's is sent to moderation (decision 036); a
 * create adds "now add the photos". A failure: 400 with the field messages (the page's or the
 * API's) and the posted values, or the API's refusal as a toast.
 */
export async function saveListing(request: Request, auth: SignedInAuth, form: FormData, id: string | null) {
  const t = await i18nServer.getFixedT(auth.lang, 'listingForm');
  return submitStaffForm({
    request,
    auth,
    Dto: PropertyWriteDto,
    input: formInput(form, LISTING_FIELD_KINDS),
    values: listingValuesFromForm(form),
    check: (value) => {
      const problem = value.yearBuilt === null || value.yearBuilt === undefined ? null : listingYearProblem(value.yearBuilt, Date.now());
      return problem ? { yearBuilt: translateMessage(problem, auth.lang) } : null;
    },
    write: (value) => (id ? auth.api.listings.update(id, value) : auth.api.listings.create(value)),
    success: (saved: StaffPropertyDto) => {
      const published = saved.status === 'active' && !saved.pendingChanges;
      const description = published ? t('toast.publishedText') : t('toast.moderationText');
      return {
        to: editPath(saved.id),
        toast: {
          title: published ? t('toast.published') : t('toast.moderation'),
          description: id ? description : `${description} ${t('toast.addImages')}`,
        },
      };
    },
  });
}

/**
 * The form's reference lists, or a thrown answer: 401 -> /auth; another failure -> the dashboard's
 * error screen (the form cannot be filled without them).
 */
export async function loadFormOptions(request: Request, auth: SignedInAuth) {
  try {
    return await auth.api.listings.formOptions();
  } catch (error) {
    return rethrowAuthError(request, auth, error);
  }
}

/** The listing for its edit page: 404 and 403 as the dashboard's screens; 401 -> /auth. */
export async function loadListingForEdit(request: Request, auth: SignedInAuth, id: string) {
  try {
    return await auth.api.listings.forEdit(id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw data({ code: error.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN' }, { status: error.status, headers: await auth.headers() });
    }
    return rethrowAuthError(request, auth, error);
  }
}
