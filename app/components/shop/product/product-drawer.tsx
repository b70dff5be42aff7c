import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Modal } from "~/components/ui/modal.tsx";
import type {
  OpenCycleView,
  ProductCardView,
  ProductDetailsView,
  ProductView,
} from "~/domain/catalogue/catalogue.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { productIdIn, searchWithProduct } from "./drawer-url.ts";

// The drawer's contents load on their own: pages with products stay within the JavaScript budget.
let loadedDetails: typeof import("./product-details.tsx").default | null = null;
const loadDetails = () =>
  import("./product-details.tsx").then((module) => {
    loadedDetails = module.default;
    return module;
  });
const LazyDetails = lazy(loadDetails);
// The server has them from its start: a shared drawer link's HTML then holds the product itself,
// not a placeholder that a script swaps later (decision 0019).
if (import.meta.env.SSR) void loadDetails();

/**
 * The details the drawer shows besides the card (`ProductDetailsView`) of product `id`: `known`
 * when the page has them (a shared link's product, rendered whole on the server), else fetched from
 * `/api/product/:id` as the drawer opens. A plain fetch of JSON, not a fetcher: a fetcher's address
 * outside the page's routes costs a route-discovery request at every product. undefined while they
 * load, null when there are none (not published any more, or the request failed).
 */
function useProductDetails(
  id: number | null,
  known: ProductDetailsView | null,
): ProductDetailsView | null | undefined {
  const [loaded, setLoaded] = useState<{ id: number; details: ProductDetailsView | null } | null>(null);
  // The description in the page's language (`?lang=en`); each language cached apart.
  const english = localeOfPath(useLocation().pathname) === "en";
  useEffect(() => {
    if (id === null || known !== null) return;
    const controller = new AbortController();
    fetch(`/api/product/${id}${english ? "?lang=en" : ""}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ProductDetailsView>) : null))
      .then((details) => setLoaded({ id, details }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ id, details: null });
      });
    return () => controller.abort();
  }, [id, known, english]);
  if (known) return known;
  return loaded?.id === id ? loaded.details : undefined;
}

/**
 * The product drawer (SPEC §3 drawer state: open + id) kept in the URL as `?product=<id>`, so a
 * link to it can be shared and the back button closes it. It opens as soon as a card is tapped,
 * from the product the page already shows, without waiting for the navigation to finish.
 */
export function ProductDrawerHost({
  products,
  drawerProduct = null,
  cycle,
}: {
  products: ProductCardView[];
  /** The product the page's loader found for `?product=`, in full. */
  drawerProduct?: ProductView | null;
  cycle: OpenCycleView | null;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
  const id = productIdIn((pending ?? location).search);
  // The loader's product in full, when it is the one the address opens.
  const full = drawerProduct !== null && drawerProduct.id === id ? drawerProduct : null;
  const product = id === null ? undefined : (products.find((item) => item.id === id) ?? full ?? undefined);
  const missing = id !== null && !product && !pending;
  const details = useProductDetails(product?.id ?? null, full);

  // Fetched once the page is up, so the first tap opens the drawer without waiting.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadDetails());
  }, []);

  // A product this page was not loaded with (e.g. history across a reload): ask the loader for it.
  useEffect(() => {
    if (missing && revalidator.state === "idle") void revalidator.revalidate();
  }, [missing, revalidator]);

  function close() {
    // Already closed by the URL (back button): nothing more to do.
    if (productIdIn(window.location.search) === null) return;
    const openedHere = (location.state as { drawer?: boolean } | null)?.drawer === true;
    if (openedHere) void navigate(-1);
    else
      void navigate(
        { pathname: location.pathname, search: searchWithProduct(location.search, null) },
        { replace: true, preventScrollReset: true },
      );
  }

  // The browser always goes through the lazy one, so the component never changes type there.
  const ProductDetails = (import.meta.env.SSR && loadedDetails) || LazyDetails;

  return (
    <Modal
      open={product !== undefined}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      labelledBy="product-drawer-title"
      testId="product-drawer"
      className="mt-auto mb-0 h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-0 shadow-xl sm:m-auto sm:h-auto sm:max-h-[90dvh] sm:max-w-3xl sm:rounded-2xl"
    >
      {product ? (
        <Suspense fallback={<div className="h-64 animate-pulse bg-stone-100" />}>
          <ProductDetails product={product} details={details} cycle={cycle} onClose={close} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
