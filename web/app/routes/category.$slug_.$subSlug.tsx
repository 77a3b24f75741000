import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CategoryListing } from '~/components/CategoryListing';
import { loadCategoryPage } from '~/lib/catalog/category.server';
import { firstCardImage, type PreloadHandle } from '~/lib/serving/head-preloads';
import { cacheablePageHeaders } from '~/lib/serving/page-cache';
import { seoMeta } from '~/lib/serving/seo';
import catalogCss from '~/styles/catalog.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

/**
 * /category/{categorySlug}/{subcategorySlug} (spec 01 §2): office-space (default and fallback)
 * or coworking, with the extra furniture, air-conditioning and minimum-rooms filters.
 * The `$slug_` segment keeps this page out of the category page's layout (its own loader only).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCategoryPage(request, params.slug ?? '', params.subSlug ?? '');
}

/** Complete pages go to the anonymous page cache (lib/serving/page-cache.server.ts). */
export const headers = cacheablePageHeaders;

/** The first card's image is the largest paint: preloaded ahead of the scripts (lib/serving/head-preloads.tsx). */
export const handle: PreloadHandle = { lcpImage: firstCardImage };

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function SubcategoryPage() {
  const page = useLoaderData<typeof loader>();
  return <CategoryListing page={page} />;
}
