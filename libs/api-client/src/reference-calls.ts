import type {
  AdminBuildingComplexDto,
  AdminCategoryDto,
  AdminPropertyTypeDto,
  AdminSubcategoryDto,
  BuildingComplexWriteDto,
  NamedRefDto,
  PageMeta,
  PropertyCategoryWriteDto,
  PropertySubcategoryWriteDto,
  PropertyTypeWriteDto,
  ReferenceSort,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, Transport } from './transport';

/**
 * The reference-data administration (issue 21; spec 02 §2 /dashboard/admin/property-categories,
 * /property-types, /building-complexes): list, create, update, delete of categories (with their
 * subcategories), property types and building complexes. admin and super_admin (ApiError 401 /
 * 403). ApiValidationError (400) carries per-field messages in the client's language (fields.slug
 * for a slug in use); ApiError 404 unknown id; ApiError 409 on delete while in use, its message
 * the API's in the client's language, e.g. 'Тип недвижимости нельзя удалить: он используется (объектов: 3)'.
 */

/** Query of the reference lists: q (slug or a name), sort, paging; '' = none. */
export interface ReferenceListParams {
  q?: string;
  sort?: ReferenceSort | '';
  page?: number;
  limit?: number;
}

type Opts = CallOptions;
type Id = number | string;

function paged<T>(data: T[] | null, meta: PageMeta | undefined, page: number, limit: number): Paged<T> {
  const items = Array.isArray(data) ? data : [];
  return { items, meta: meta ?? { total: items.length, page, limit, totalPages: items.length ? 1 : 0 } };
}

/** The reference calls on a client's transport (`langQuery`: the client's language for error texts). */
export function referenceCalls({ request, getData, write }: Transport, langQuery: { lang?: string }) {
  const list = async <T>(path: string, query: ReferenceListParams = {}, opts?: Opts): Promise<Paged<T>> => {
    const result = await request<T[] | null>('GET', path, { ...opts, query: { ...langQuery, ...query } });
    return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 20);
  };
  /** list, create, update, remove of one table under `base`. */
  const table = <D, B>(base: string) => ({
    list: (query?: ReferenceListParams, opts?: Opts) => list<D>(base, query, opts),
    create: (body: B, opts?: Opts) => write<D>('POST', base, body, { ...opts, query: langQuery }),
    update: (id: Id, body: B, opts?: Opts) => write<D>('PUT', `${base}/${segment(String(id))}`, body, { ...opts, query: langQuery }),
    /** 204 (null); ApiError 409 with the in-use message while listings (or subcategories) use it. */
    remove: (id: Id, opts?: Opts) => write<null>('DELETE', `${base}/${segment(String(id))}`, undefined, { ...opts, query: langQuery }),
  });
  return {
    /** GET|POST /admin/property-categories, PUT|DELETE .../{id}: categories, each with its subcategories. */
    categories: table<AdminCategoryDto, PropertyCategoryWriteDto>('/admin/property-categories'),
    subcategories: {
      /** POST /admin/property-categories/{categoryId}/subcategories -> 201 the subcategory. */
      create: (categoryId: Id, body: PropertySubcategoryWriteDto, opts?: Opts) =>
        write<AdminSubcategoryDto>('POST', `/admin/property-categories/${segment(String(categoryId))}/subcategories`, body, {
          ...opts,
          query: langQuery,
        }),
      /** PUT /admin/property-subcategories/{id}. */
      update: (id: Id, body: PropertySubcategoryWriteDto, opts?: Opts) =>
        write<AdminSubcategoryDto>('PUT', `/admin/property-subcategories/${segment(String(id))}`, body, { ...opts, query: langQuery }),
      /** DELETE /admin/property-subcategories/{id} -> 204; 409 while listings use it. */
      remove: (id: Id, opts?: Opts) =>
        write<null>('DELETE', `/admin/property-subcategories/${segment(String(id))}`, undefined, { ...opts, query: langQuery }),
    },
    /** GET|POST /admin/property-types, PUT|DELETE .../{id}. */
    types: table<AdminPropertyTypeDto, PropertyTypeWriteDto>('/admin/property-types'),
    /** GET|POST /admin/building-complexes, PUT|DELETE .../{id}. */
    buildingComplexes: table<AdminBuildingComplexDto, BuildingComplexWriteDto>('/admin/building-complexes'),
    /** GET /admin/districts -> every district {id, slug, name} (the building complex form's choices). */
    districts: (opts?: Opts) => getData<NamedRefDto[]>('/admin/districts', langQuery, opts),
  };
}
